import { buyProByCard } from "./checkout";
import { pageRoutes } from "./routes";
import { expect, test, type Browser } from "./test";
import { expectNoSidewaysScroll, expectNothingCovered } from "./walk";

// Issue 29's walk, as checks that find the next one: every page at a laptop's and a phone's size,
// with JavaScript on and off, signed out and signed in as a subscriber. On every page nothing
// scrolls sideways and no fixed or floating element covers a link, button or field.

test.describe.configure({ timeout: 180_000 });

const viewports = [
  { name: "1366 × 900", viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: "390 × 844", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

// The subscriber's pages: the signed-out walk covers the shared ones, these are what signing in adds.
const subscriberRoutes = ["/", "/dashboard", "/history", "/docs/api", "/pricing", "/ai-detector", "/conversational-ai", "/imagine-ai", "/account/delete"];

let subscriberState: Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>> | undefined;

for (const { name, viewport, isMobile } of viewports) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${name}, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ viewport, isMobile, hasTouch: isMobile, javaScriptEnabled });

      test("signed out, every page fits the width and no fixed element covers a control", async ({ page }) => {
        let checked = 0;
        for (const [path] of pageRoutes) {
          await page.goto(path);
          await expectNoSidewaysScroll(page, path);
          checked += await expectNothingCovered(page, path);
        }
        expect(checked).toBeGreaterThan(pageRoutes.length * 5);
      });

      test("signed in as a subscriber, every page fits the width and no fixed element covers a control", async ({ browser, page }) => {
        if (!subscriberState) {
          // One purchase per worker, made with JavaScript on at a laptop's size.
          const buyer = await browser.newContext({ viewport: { width: 1366, height: 900 } });
          const buyerPage = await buyer.newPage();
          await buyProByCard(buyerPage);
          subscriberState = await buyer.storageState();
          await buyer.close();
        }
        await page.context().addCookies(subscriberState.cookies);
        for (const path of subscriberRoutes) {
          await page.goto(path);
          await expectNoSidewaysScroll(page, `${path} (subscriber)`);
          await expectNothingCovered(page, `${path} (subscriber)`);
        }
        await page.goto("/dashboard");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
        await expect(page.getByText("No results yet this period.")).toBeVisible();
      });
    });
  }
}
