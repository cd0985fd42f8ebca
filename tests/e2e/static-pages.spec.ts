import { expect, test } from "./test";
import { waitForHydration } from "./hydration";
import { prerenderedPaths } from "../../app/content/static-pages";
import { pageRoutes } from "../support/pages";
import { inlineScriptBodies, inlineScriptHashes } from "../../app/server/inline-scripts.server";

// The prerendered pages come from the asset server of the built Worker (wrangler dev), not from
// the Worker: these tests check what that server sends, headers included.

const securityHeaders = {
  "strict-transport-security": "max-age=63072000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-opener-policy": "same-origin",
};

for (const path of prerenderedPaths) {
  test(`${path} is served whole by the asset server with the security headers and a CSP of its inline scripts' hashes`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers).toMatchObject(securityHeaders);
    // The Worker puts a request id on everything it answers; the asset server does not.
    expect(headers["x-request-id"]).toBeUndefined();
    const policy = headers["content-security-policy"] ?? "";
    const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toMatch(/unsafe|nonce/);
    expect(policy).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).not.toContain("nonce=");
    expect(inlineScriptBodies(html).length).toBeGreaterThan(0);
    for (const hash of await inlineScriptHashes(html)) expect(scriptSrc).toContain(`'${hash}'`);
    expect(html).not.toContain("Signed in as");
  });
}

test("HEAD, a trailing slash and an unknown path behave as before", async ({ request }) => {
  const head = await request.head("/terms");
  expect(head.status()).toBe(200);
  expect(head.headers()["content-type"]).toContain("text/html");
  const slash = await request.get("/terms/", { maxRedirects: 0 });
  expect(slash.status()).toBe(307);
  expect(slash.headers().location).toBe("/terms");
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  expect(await missing.text()).toContain("Page not found");
});

test("a prerendered page hydrates under its hash policy: no CSP violation, and the explorer switches in place", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") violations.push(message.text());
  });
  await page.goto("/");
  const explorer = page.locator("#explorer");
  // Once hydrated the options link to ?tool= on the same page (no reload, no refetch).
  await expect(explorer.getByRole("link", { name: /AI Writer/ }).first()).toHaveAttribute("href", "/?tool=writer#explorer");
  await explorer
    .getByRole("link", { name: /AI Writer/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/\?tool=writer#explorer$/);
  await expect(explorer.locator('[aria-current="true"]')).toContainText("AI Writer");
  await page.goto("/terms");
  await page.getByRole("contentinfo").getByRole("link", { name: "Refund Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refund Policy");
  expect(violations).toEqual([]);
});

test("a page fetches no JavaScript before its first contentful paint, then hydrates", async ({ page }) => {
  // Prerendered (the build rewrites them) and rendered by the Worker (entry.server.tsx does).
  for (const path of ["/", "/terms", "/ai-detector", "/pricing"]) {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.firstContentfulPaint, path).not.toBeNull();
    expect(timing.scripts.length, path).toBeGreaterThanOrEqual(3);
    for (const start of timing.scripts) expect(start, path).toBeGreaterThanOrEqual(timing.firstContentfulPaint as number);
  }
});

// Chrome reports a blocked eval or inline script as an issue even when the page's code catches the
// error (Zod 4 tests eval once: app/forms/zod.ts), and Lighthouse's best-practices audit fails on it.
test("no page trips its Content Security Policy, hydrated and without a console error", async ({ page }) => {
  // Every page, each hydrated: past the suite's 30 s when CI's two workers are busy (2026-11-29).
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  const issues: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue")
      issues.push(`${page.url()}: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  await cdp.send("Audits.enable");
  for (const [path, , status] of pageRoutes) {
    if (status) continue;
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(issues).toEqual([]);
});

test("the 404 page and /pricing, kept per isolate, carry each response's own nonce", async ({ request }) => {
  for (const paths of [
    ["/no-such-page", "/another/missing/page"],
    ["/pricing", "/pricing"],
  ]) {
    const nonces = [];
    for (const path of paths) {
      const response = await request.get(path);
      const nonce = (response.headers()["content-security-policy"] ?? "").match(/'nonce-([^']+)'/)?.[1];
      expect(nonce, path).toBeTruthy();
      const html = await response.text();
      expect(html).not.toContain("shared-page-nonce");
      for (const [, attributes] of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)) expect(attributes).toContain(`nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(2);
  }
});
