import { expect, test as base } from "@playwright/test";

export { expect };
export type { Browser, Page } from "@playwright/test";

/**
 * Playwright's `test`, which first waits until the project's server answers. wrangler dev sometimes
 * exits on a dropped connection inside its proxy and playwright.config.ts starts it again: without
 * this wait, the tests that begin in the seconds before it is back, their retries included, fail on
 * a refused connection (seen in a CI run on 2026-11-25) instead of running against the new server.
 */
export const test = base.extend<{ serverAnswering: void }>({
  serverAnswering: [
    async ({ baseURL }, use) => {
      if (baseURL) await untilAnswering(`${baseURL}/healthz`, 60_000);
      await use();
    },
    { auto: true },
  ],
});

async function untilAnswering(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await fetch(url).then((response) => response.status, () => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Still down: the test runs and fails with its own error.
}
