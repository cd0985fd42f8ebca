import { expect, test } from "./test";
import { pageRoutes } from "../support/pages";

test.use({ javaScriptEnabled: false });

test("every page is reachable and readable without JavaScript", async ({ page }) => {
  // 27 pages in one test: about a second each, past the suite's 30 s when CI's two workers are busy
  // (32 s, twice, on 2026-11-29), as walk.spec.ts's walks are.
  test.setTimeout(90_000);
  for (const [path, heading, status = 200] of pageRoutes) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(status);
    await expect(page.getByRole("heading", { level: 1 }), path).toContainText(heading);
  }
});

test("navigation links work without JavaScript", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Humanizer" }).click();
  await expect(page).toHaveURL(/\/ai-humanizer$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms and Conditions" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
});

test("the tool explorer switches tools through links to prerendered pages without JavaScript", async ({ page }) => {
  await page.goto("/");
  const explorer = page.locator("#explorer");
  await explorer
    .getByRole("link", { name: /AI Writer/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/explore\/writer#explorer$/);
  await expect(explorer.locator('[aria-current="true"]')).toContainText("AI Writer");
  await expect(explorer).toContainText("Tool Demo Preview");
});

test.describe("mobile menu without JavaScript @mobile", () => {
  test("opens through its anchor, lists the six tools and follows a link", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page).toHaveURL(/#mobile-menu$/);
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "AI Detector" })).toBeVisible();
    await menu.getByRole("link", { name: "Imagine AI" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transform Ideas Into Stunning Visuals");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("closes with its close link", async ({ page }) => {
    await page.goto("/#mobile-menu");
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});
