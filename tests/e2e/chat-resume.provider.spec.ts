import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";
import { cutChatStreamAfterFirstPiece } from "./cut-stream";
import { fakeOpenAiURL, providerURL } from "./playwright.config";

// Replies that outlive their connection (docs/decisions/072) against the fake OpenAI, whose pieces
// and pace each test scripts (`forText`: only this test's message takes its answer, since the
// provider suite shares the fake): the page's final text is compared with what the provider sent.

test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  await expect.poll(async () => (await fetch(`${providerURL}/healthz`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
});

eachTestFromItsOwnAddress("198.51.104");

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });

async function script(marker: string, chunks: string[], chunkDelayMs: number) {
  await fetch(`${fakeOpenAiURL}/__fake/next`, { method: "POST", body: JSON.stringify([{ forText: marker, chunks, chunkDelayMs }]) });
}

async function providerStream(marker: string): Promise<{ finishedAt?: number } | undefined> {
  const requests: { path: string; body: unknown; finishedAt?: number }[] = await (await fetch(`${fakeOpenAiURL}/__fake/requests`)).json();
  return requests.find((request) => request.path === "/v1/responses" && JSON.stringify(request.body).includes(marker));
}

async function closeDemoModal(page: Page) {
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  if (await modal.isVisible()) await modal.getByRole("button", { name: "Got it" }).click();
}

test.describe("with JavaScript", () => {
  test("a stream cut mid-reply is followed again: the page's reply is the provider's text, whole and once", async ({ page }) => {
    const marker = `resume-js-${test.info().testId}`;
    const pieces = ["Alpha ", "bravo ", "charlie ", "delta ", "echo ", "foxtrot ", "golf ", "hotel."];
    await script(marker, pieces, 250);
    // The POST's connection breaks after its first piece of text; the provider goes on writing.
    await cutChatStreamAfterFirstPiece(page);
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill(`Spell the alphabet (${marker})`);
    await page.getByRole("button", { name: "Send" }).click();
    const reply = conversation(page).getByRole("listitem").nth(1);
    await expect(reply).toContainText("hotel.", { timeout: 20_000 });
    await closeDemoModal(page);
    const text = (await reply.textContent()) ?? "";
    expect(text.split(pieces.join("").trim()).length - 1).toBe(1);
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(typeof (await providerStream(marker))?.finishedAt).toBe("number");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Longer than the page waits (10 s): 14 pieces, 0.9 s apart.
  const pieces = Array.from({ length: 14 }, (_, index) => `part${index + 1} `);

  test("a reply longer than the page waits is shown in progress with Refresh, then whole", async ({ page }) => {
    const marker = `progress-nojs-${test.info().testId}`;
    await script(marker, pieces, 900);
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill(`Write slowly (${marker})`);
    await page.getByRole("button", { name: "Send" }).click();
    const notice = page.getByRole("status").filter({ hasText: "The reply is still being written." });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(conversation(page)).toContainText("part1");
    await closeDemoModal(page);

    await expect
      .poll(
        async () => {
          await page.getByRole("link", { name: "Refresh to see more" }).click();
          return notice.count();
        },
        { timeout: 20_000, intervals: [1000] },
      )
      .toBe(0);
    await expect(conversation(page).getByRole("listitem").nth(1)).toContainText(pieces.join("").trim());
  });

  test("Stop on the page in progress stops the provider; the reply stays as far as it came, marked stopped", async ({ page }) => {
    const marker = `stop-nojs-${test.info().testId}`;
    // Longer than the other's 14: the reply must still be running when Stop is pressed, well after
    // the page's 10 s (on a busy CI machine the 14 pieces were done by then, 2026-11-29).
    const many = Array.from({ length: 30 }, (_, index) => `part${index + 1} `);
    await script(marker, many, 900);
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill(`Write slowly then stop (${marker})`);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("The reply is still being written.")).toBeVisible({ timeout: 20_000 });
    await closeDemoModal(page);
    await page.getByRole("button", { name: "stop it" }).click();
    await expect(page).toHaveURL(/\/conversational-ai\?conversation=[\w-]{16,}$/);
    const reply = conversation(page).getByRole("listitem").nth(1);
    await expect(reply).toContainText("stopped");
    await expect(reply).not.toContainText("part30");
    await expect(page.getByText("The reply is still being written.")).toHaveCount(0);
    await page.waitForTimeout(2000);
    expect((await providerStream(marker))?.finishedAt).toBeUndefined();
  });
});
