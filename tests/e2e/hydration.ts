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
