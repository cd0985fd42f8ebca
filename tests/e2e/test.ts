import { expect, test as base } from "@playwright/test";
import { waitForHydration } from "./hydration";

export { expect };
export type { Browser, Page } from "@playwright/test";

/**
 * Playwright's `test`, which first waits until the project's server answers. wrangler dev sometimes
 * exits on a dropped connection inside its proxy and playwright.config.ts starts it again: without
 * this wait, the tests that begin in the seconds before it is back, their retries included, fail on
 * a refused connection (seen in a CI run on 2026-11-25) instead of running against the new server.
 */
export const test = base.extend<{ serverAnswering: void }>({
  /**
   * With JavaScript on, `page.goto` (waiting for `load`, its default) also waits until React has
   * hydrated the page: every page loads its scripts after its first paint
   * (app/server/hydrate-after-paint.server.ts), and a test that clicked Send a moment earlier would
   * be testing the page without JavaScript. Tests that act before hydration on purpose pass
   * another `waitUntil`.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const isAppPage = (await page.locator("#mobile-menu").count()) > 0;
        if ((options?.waitUntil ?? "load") === "load" && isAppPage) await waitForHydration(page);
        return response;
      };
    }
    await use(page);
  },
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
    const status = await fetch(url).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Still down: the test runs and fails with its own error.
}

/**
 * Declares the suite twice, titled "<title> with JavaScript on" and "… off": pages must work
 * both ways, and the suite is told which way it runs.
 */
export function describeWithJavaScriptOnAndOff(title: string, suite: (javaScriptEnabled: boolean) => void) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${title} with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });
      suite(javaScriptEnabled);
    });
  }
}
