import { expect, type Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page. Prerendered pages load their JavaScript only after their
 * first contentful paint (app/server/hydrate-after-paint.server.ts), which can be after the load
 * event `page.goto` waits for; until then they behave as without JavaScript. The mobile menu, on
 * every page, marks itself once React runs.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator("#mobile-menu")).toHaveAttribute("data-hydrated", "true");
}

/** Holds the page's core script back, as a slow phone would, until the returned function is called. */
export async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const core = /\/assets\/core-[\w-]+\.js$/;
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(core, async (route) => {
    await held;
    await route.continue();
  });
  // Later routes take precedence, so a page may hold its scripts again on the next visit.
  return async () => letThrough();
}
