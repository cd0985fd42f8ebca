import { expect, test } from "./test";
import { waitForHydration } from "./hydration";

test("the navbar turns frosted after 50px of scroll and clears again at the top", async ({ page }) => {
  await page.goto("/terms");
  const header = page.locator("header[data-scrolled]");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect(header).toHaveCSS("backdrop-filter", /blur/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("the navbar highlights the active tool", async ({ page }) => {
  await page.goto("/ai-writer");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "AI Writer" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Humanizer" })).not.toHaveAttribute("aria-current", "page");
});

test("a client-side navigation scrolls to the top of the new page", async ({ page }) => {
  await page.goto("/privacy-policy");
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Refund Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refund Policy");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the stylesheet is one cached file, loaded once and kept through client-side navigation", async ({ page }) => {
  const stylesheetRequests: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "stylesheet") stylesheetRequests.push(new URL(request.url()).pathname);
  });
  await page.goto("/");
  await waitForHydration(page);
  const slate950 = "oklch(0.129 0.042 264.695)"; // bg-slate-950 on <body>
  await expect(page.locator("body")).toHaveCSS("background-color", slate950);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "AI Writer" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create Engaging Content Instantly");
  await expect(page.locator("body")).toHaveCSS("background-color", slate950);
  await expect(page.getByRole("button", { name: "Generate Content" })).toHaveCSS("background-image", /linear-gradient/);
  expect(stylesheetRequests).toHaveLength(1);
  expect(stylesheetRequests[0]).toMatch(/^\/assets\/app-[\w-]+\.css$/);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1);
});

// Files that exist are answered by the asset server without the Worker (wrangler.toml); their
// headers come from the _headers file the build writes (vite.config.ts). A missing file is the Worker's.
test("static files carry the security headers, built ones are cached for good, a missing one is the Worker's 404", async ({
  page,
  request,
}) => {
  await page.goto("/");
  await waitForHydration(page); // the page adds its chunks' modulepreload links after its first paint
  const built = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"], link[rel="preload"]')].map(
      (link) => link.href,
    ),
  );
  expect(built.length).toBeGreaterThanOrEqual(4);
  for (const url of [...built, new URL("/favicon.svg", page.url()).href]) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    const headers = response.headers();
    expect(headers["x-content-type-options"], url).toBe("nosniff");
    expect(headers["content-security-policy"], url).toContain("default-src 'none'");
    expect(headers["strict-transport-security"], url).toContain("max-age=");
    expect(headers["x-request-id"], url).toBeUndefined(); // not through the Worker
    const hashed = new URL(url).pathname.startsWith("/assets/");
    if (hashed) expect(headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
    else expect(headers["cache-control"], url).not.toContain("immutable");
  }
  const missing = await request.get("/assets/no-such-chunk-0000.js");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["x-request-id"]).toBeTruthy();
  expect(missing.headers()["cache-control"] ?? "").not.toContain("immutable");
  expect(missing.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the builder badge opens the builder's site in a new tab", async ({ page }) => {
  await page.goto("/");
  const badge = page.getByRole("link", { name: /Built with/ });
  await expect(badge).toHaveAttribute("target", "_blank");
  await expect(badge).toHaveAttribute("rel", "noopener noreferrer");
});

test("an unknown path shows the 404 page inside the layout", async ({ page }) => {
  const response = await page.goto("/definitely-not-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("New Delhi");
});

test("/chat-ai lands on the chat screen", async ({ page }) => {
  await page.goto("/chat-ai");
  await expect(page).toHaveURL(/\/conversational-ai$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat with our Intelligent AI");
});

test.describe("mobile menu @mobile", () => {
  test("opens from the right with focus inside, and Escape closes it and returns focus", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page); // the menu's focus handling and animation come with React
    const opener = page.getByRole("button", { name: "Open menu" });
    await opener.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    const links = menu.getByRole("link");
    await expect(links).toHaveCount(9); // six tools, Pricing, Sign in and Get Started
    await expect(menu.locator(".mobile-menu-item").nth(5)).toHaveCSS("transition-delay", /0\.5s/);
    // Slid in from the right: once settled, the panel's right edge is the viewport's.
    const viewport = page.viewportSize()!;
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box ? Math.round(box.x + box.width) : -1;
      })
      .toBe(viewport.width);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("closes on the close button and on a click outside", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page); // the menu's focus handling and animation come with React
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("closes when a tool link is followed", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page); // the menu's focus handling and animation come with React
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "AI Humanizer" }).click();
    await expect(page).toHaveURL(/\/ai-humanizer$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transform AI Text Into Natural Writing");
  });

  test("a tap before the scripts run opens the menu, and once they run it stays open and closes on Escape", async ({ page }) => {
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page).toHaveURL(/#mobile-menu$/);
    // Sample every frame while the scripts take over: the menu must not blink shut.
    await page.evaluate(() => {
      const frames: string[] = [];
      (window as unknown as { menuFrames: string[] }).menuFrames = frames;
      const sample = () => {
        frames.push(getComputedStyle(document.getElementById("mobile-menu")!).visibility);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    releaseScripts();
    // Taken over by the scripts: focus moves into the menu and the anchor leaves the address.
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    const frames = await page.evaluate(() => (window as unknown as { menuFrames: string[] }).menuFrames);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames).not.toContain("hidden");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });

  test("closes on Back and stays closed on Forward", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page); // the menu's focus handling and animation come with React
    await page.getByRole("link", { name: "Try AI Detector free" }).first().click();
    await expect(page).toHaveURL(/\/ai-detector$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await page.goForward();
    await expect(page).toHaveURL(/\/ai-detector$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });

  test("keeps keyboard focus inside while open", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page); // the menu's focus handling and animation come with React
    await page.getByRole("button", { name: "Open menu" }).click();
    for (let i = 0; i < 10; i += 1) await page.keyboard.press("Tab");
    const inside = await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    expect(inside).toBe(true);
  });
});
