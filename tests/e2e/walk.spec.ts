import { landscapePng } from "../support/rgb-png.mjs";
import { confirmByMail, payForPro } from "./checkout";
import { pageRoutes } from "../support/pages";
import { expect, test, type Browser, type Page } from "./test";
import { expectNoSidewaysScroll, expectNothingCovered } from "./walk";

// Issue 29's walk, as checks that find the next one: every page at a laptop's and a phone's size,
// with JavaScript on and off, signed out and signed in as a subscriber (every page one can reach,
// a history item of each tool included). On every page nothing scrolls sideways and no fixed or
// floating element covers a link, button or field.

test.describe.configure({ timeout: 180_000 });

const viewports = [
  { name: "1366 × 900", viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: "390 × 844", viewport: { width: 390, height: 844 }, isMobile: true },
] as const;

// One result of each tool (and of image editing), each with its own history page.
const toolRuns: [path: string, form: Record<string, string>][] = [
  ["/ai-detector", { text: "Content calendars help small teams publish on a steady rhythm without last-minute scrambles." }],
  ["/ai-humanizer", { text: "Leveraging synergies, we optimize content workflows to maximize engagement.", tone: "friendly" }],
  ["/ai-writer", { type: "blog", keywords: "sourdough, starter", text: "Baking sourdough at home" }],
  ["/voiceover-ai", { text: "Welcome to the show.", voice: "ava", speed: "1", pitch: "1", emotion: "0.5" }],
  ["/imagine-ai", { prompt: "a red fox in a yellow raincoat", style: "artistic", size: "square" }],
  ["/conversational-ai", { message: "How often should I post?", assistant: "strategist", tone: "friendly", history: "[]" }],
];

type Subscriber = {
  state: Awaited<ReturnType<Awaited<ReturnType<Browser["newContext"]>>["storageState"]>>;
  /** Each page with the status it answers a subscriber. */
  pages: [path: string, status: number][];
};

/**
 * Buys Pro (JavaScript on, at a laptop's size), signs in, and makes what a subscriber's pages show:
 * a history item of each tool, a data export. Returns the session and every page a subscriber can
 * reach: the shared pages (signed in), the paid Checkout's success page, each history item, the
 * export, the editor started from a result ('Edit again'), and the pages a link leads to with a query.
 */
async function becomeSubscriber(browser: Browser): Promise<Subscriber> {
  const buyer = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await buyer.newPage();
  const email = await payForPro(page);
  const success = new URL(page.url());
  await confirmByMail(page, email);
  // A new subscriber's dashboard, before any result: the empty analytics, at both sizes.
  for (const { viewport, name } of viewports) {
    await page.setViewportSize(viewport);
    await page.goto("/dashboard");
    await expect(page.getByText("No results yet this period.")).toBeVisible();
    await expectNoSidewaysScroll(page, `/dashboard (new subscriber, ${name})`);
    await expectNothingCovered(page, `/dashboard (new subscriber, ${name})`);
  }

  for (const [path, form] of toolRuns) expect((await page.request.post(path, { form })).status(), path).toBe(200);
  const edited = await page.request.post("/imagine-ai?mode=edit", {
    multipart: { image: { name: "meadow.png", mimeType: "image/png", buffer: landscapePng(16, 12) }, prompt: "warmer", size: "square" },
  });
  expect(edited.status(), "image edit").toBe(200);
  // 'Edit again' on the result: the editor started from a stored image.
  const editAgain = (await edited.text()).match(/href="(\/imagine-ai\?mode=edit&amp;source=[0-9a-f]{32})"/)?.[1]?.replace("&amp;", "&");
  expect(editAgain, "'Edit again' link").toBeDefined();
  // A batch's table, with a file name long enough to test the phone's width.
  const batch = await page.request.post("/ai-detector/batch", {
    multipart: {
      files: {
        name: "a-student-essay-with-a-very-long-file-name-and-no-spaces-for-the-table-final-version-2.txt",
        mimeType: "text/plain",
        buffer: Buffer.from(toolRuns[0]![1].text!),
      },
    },
    maxRedirects: 0,
  });
  expect(batch.status(), "batch scan").toBe(303);
  const exported = await page.request.post("/account/export", { form: { intent: "export" }, maxRedirects: 0 });
  expect(exported.status(), "data export").toBe(303);

  await page.goto("/history");
  const items = await hrefs(page, 'a[href^="/history/"]:not([href$="/download"])');
  expect(items, "one history item per run").toHaveLength(toolRuns.length + 1);
  const state = await buyer.storageState();
  await buyer.close();
  return {
    state,
    pages: [
      ...pageRoutes.map(([path, , status = 200]): [string, number] => [path, status]),
      ...[`${success.pathname}${success.search}`, ...items, exported.headers().location!, editAgain!, batch.headers().location!].map(
        (path): [string, number] => [path, 200],
      ),
      ["/explore/writer", 200],
      ["/imagine-ai?mode=edit", 200],
      ["/payment-methods?plan=pro", 200],
      ["/chat-ai", 200],
      ["/no-such-page", 404],
    ],
  };
}

async function hrefs(page: Page, selector: string): Promise<string[]> {
  return [...new Set(await page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute("href")!)))];
}

let subscriber: Subscriber | undefined;

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
        test.setTimeout(360_000);
        // Made once per worker.
        subscriber ??= await becomeSubscriber(browser);
        await page.context().addCookies(subscriber.state.cookies);
        let checked = 0;
        for (const [path, status] of subscriber.pages) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(status);
          await expectNoSidewaysScroll(page, `${path} (subscriber)`);
          checked += await expectNothingCovered(page, `${path} (subscriber)`);
        }
        expect(checked).toBeGreaterThan(subscriber.pages.length * 5);
        // Signed in, the sign-in page leads on to the dashboard.
        await page.goto("/sign-in");
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
      });
    });
  }
}
