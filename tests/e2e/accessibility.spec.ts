import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./test";
import { axeViolations } from "./axe";
import { pageRoutes } from "../support/pages";

// axe on every route, including the 404 page, with the WCAG 2.x A/AA rules.
const routes = [...pageRoutes.map(([path]) => path), "/no-such-page"];

for (const path of routes) {
  test(`axe finds no violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await axeViolations(page)).toEqual([]);
  });
}

test("axe finds no violations in the open mobile menu @mobile", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
  // Let the slide-in and the staggered links finish before measuring contrast.
  await expect(page.locator(".mobile-menu-item").last()).toHaveCSS("opacity", "1");
  const results = await new AxeBuilder({ page }).include("#mobile-menu").analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
