import { expect, test } from "./test";
import { buyProByCard } from "./checkout";

// The developer API end to end (issue 20): a Pro subscriber creates a key on the dashboard, calls
// /api/v1/detect with it as a script would (Node's fetch, no cookies), sees the call counted on the
// dashboard, revokes the key, and the next call gets 401. Not Playwright's request fixture: its
// disposal at the end of a test drops its kept-alive connection, and wrangler dev's proxy exited on
// exactly that twice (cloudflare/workers-sdk#15317, playwright.config.ts).

// Over the ~80 words the trained detector needs before it gives a verdict: eight sentences.
const text = Array.from(
  { length: 4 },
  () =>
    "In today's fast-paced digital landscape, it is important to note that content plays a crucial role. " +
    "Furthermore, leveraging innovative strategies can unlock new opportunities.",
).join(" ");

/** POST /api/v1/detect as curl would send it. */
function detect(baseURL: string | undefined, secret: string) {
  return fetch(new URL("/api/v1/detect", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`create a key, call detect with it, see it counted, revoke it (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await buyProByCard(page);
    await page.goto("/dashboard");
    const keys = page.getByRole("region", { name: "API keys" });
    await expect(keys.getByRole("link", { name: "Read the API docs" })).toHaveAttribute("href", "/docs/api");
    await expect(page.getByText("0 scans · Unlimited")).toBeVisible();

    await keys.getByLabel("Key name").fill("E2E script");
    await keys.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("Copy it now: it is shown only once.")).toBeVisible();
    const secret = await page.getByLabel("New API key").inputValue();
    expect(secret).toMatch(/^cf_live_[\w-]{43}$/);
    await expect(page.getByRole("button", { name: "Copy key" })).toHaveCount(javaScriptEnabled ? 1 : 0);

    const detected = await detect(baseURL, secret);
    expect(detected.status).toBe(200);
    const result = (await detected.json()) as { probability: number; sentences: unknown[] };
    expect(result.probability).toBeGreaterThan(50);
    expect(result.sentences).toHaveLength(8);

    await page.goto("/dashboard");
    await expect(page.getByText("1 scans · Unlimited")).toBeVisible();
    const row = keys.getByRole("listitem").filter({ hasText: "E2E script" });
    await expect(row).toContainText(secret.slice(0, 16));
    await expect(row).toContainText("Last used");
    await expect(page.getByRole("main")).not.toContainText(secret);

    await row.getByRole("button", { name: "Revoke E2E script" }).click();
    await expect(keys.getByRole("listitem").filter({ hasText: "E2E script" })).toHaveCount(0);
    await expect(page.getByText("0 of 10 keys in use.")).toBeVisible();

    const refused = await detect(baseURL, secret);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(((await refused.json()) as { type: string }).type).toBe("/docs/api#problem-unauthorized");
    await context.close();
  });
}

test("the docs page shows a curl example per endpoint and is reachable from the footer", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Developer API" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Developer API");
  // One per endpoint of app/content/api-examples.ts: the tools, batches, usage, reports and the credentials check.
  await expect(page.locator("pre").filter({ hasText: "curl" })).toHaveCount(11);
});

test("an image edit over the API: a multipart upload through the real server, on the offline editor", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await buyProByCard(page);
  await page.goto("/dashboard");
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByLabel("Key name").fill("E2E edits");
  await keys.getByRole("button", { name: "Create key" }).click();
  const secret = await page.getByLabel("New API key").inputValue();

  // 60 × 40 lossless WebP, sky over grass (tests/support/webp-encoder.ts): libwebp's decoder in the built Worker.
  const webp = Buffer.from("UklGRjIAAABXRUJQVlA4TCUAAAAvO8AJAA8wjPfgOQ/o/McS1LRtBJVB+aP97ubOEf2fAP3cBfMCAA==", "base64");
  const form = new FormData();
  form.append("image", new Blob([webp], { type: "image/webp" }), "photo.webp");
  form.append("prompt", "black and white");
  form.append("size", "square");
  const edited = await fetch(new URL("/api/v1/images/edits", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${secret}` },
    body: form,
  });
  expect(edited.status).toBe(200);
  const result = (await edited.json()) as { url: string; width: number; height: number; contentType: string; understood: string[] };
  expect(result).toMatchObject({ width: 1024, height: 1024, contentType: "image/png" });
  expect(result.understood).toHaveLength(1);
  const image = Buffer.from(await (await fetch(result.url)).arrayBuffer());
  expect(image.subarray(1, 4).toString()).toBe("PNG");
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([1024, 1024]);

  const refused = await fetch(new URL("/api/v1/images/edits", baseURL), {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify({ prompt: "x", size: "square" }),
  });
  expect(refused.status).toBe(415);
  await context.close();
});
