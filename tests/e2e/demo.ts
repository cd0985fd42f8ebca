import { expect, test, type Page } from "./test";

// What the specs that use the tools as a visitor share: an address of their own per test, and the
// demo modal a visitor's first answer opens.

/**
 * Each test of the file comes from its own address in the block (a `cf-connecting-ip` like
 * "198.51.100.<worker>-<test id>"), so the demo's per-address limits never couple tests.
 */
export function eachTestFromItsOwnAddress(block: string) {
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({ "cf-connecting-ip": `${block}.${testInfo.workerIndex}-${testInfo.testId}` });
  });
}

/** The demo modal is open and says what the spec says; 'Got it' closes it. */
export async function closeDemoModal(page: Page) {
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText("The output shown is for demo purposes only. Sign in to experience the best results!");
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
}
