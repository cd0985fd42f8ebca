import { execFileSync } from "node:child_process";
import { createHash, createPublicKey, verify } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buyProByCard } from "./checkout";
import { describeWithJavaScriptOnAndOff, expect, test, type Browser, type Page } from "./test";
import { axeViolations } from "./axe";

// Detection reports end to end: a visitor makes a report, shares it, the link opens in a signed-out
// browser, the owner revokes it and the link is gone; with JavaScript on and off. The receipt is
// verified with standard tools only (node:crypto and openssl) against the key the well-known URL
// serves, and the PDF and the print layout are checked as a reader gets them.

// Over the 40 words the detector needs for a verdict.
const text = Array.from(
  { length: 3 },
  () =>
    "Furthermore, it is important to note that the lighthouse industry plays a crucial role in coastal safety. " +
    "Moreover, leveraging innovative lens strategies can unlock new opportunities for sustainable maritime growth.",
).join(" ");

async function createReport(page: Page): Promise<string> {
  await page.goto("/reports");
  await page.getByLabel("Text to report on").fill(text);
  await page.getByRole("button", { name: "Create report" }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f]{32}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI detection report");
  return new URL(page.url()).pathname;
}

async function shareAndOpenSignedOut(page: Page, browser: Browser, javaScriptEnabled: boolean) {
  await expect(page.getByText("Only you.")).toBeVisible();
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByLabel("The link to this report").inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/r\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText("Anyone with the link")).toBeVisible();

  const stranger = await browser.newContext({ javaScriptEnabled });
  const visitor = await stranger.newPage();
  const opened = await visitor.goto(link);
  expect(opened!.status()).toBe(200);
  expect(opened!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("AI detection report");
  await expect(visitor.getByText("A report shared with you by link.")).toBeVisible();
  await expect(visitor.getByText(/AI Probability: \d+%/)).toBeVisible();
  await expect(visitor.getByRole("button", { name: /Delete|Revoke|Share/ })).toHaveCount(0);
  await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  return { link, stranger, visitor };
}

describeWithJavaScriptOnAndOff("reports", (javaScriptEnabled) => {
  test("a visitor's report, shared by link, opens signed out until the owner revokes it; then the link is gone", async ({
    page,
    browser,
  }) => {
    // Two pages, two browsers and (with JavaScript) two accessibility scans: 21.8 s without
    // JavaScript and past the suite's 30 s with it on a busy two-core machine (a fresh-clone run, 2026-11-29).
    test.setTimeout(60_000);
    const path = await createReport(page);
    const { link, stranger, visitor } = await shareAndOpenSignedOut(page, browser, javaScriptEnabled);
    if (javaScriptEnabled) {
      expect(await axeViolations(page)).toEqual([]);
      expect(await axeViolations(visitor)).toEqual([]);
    }

    await page.getByRole("button", { name: "Revoke the link" }).click();
    await expect(page.getByText("The link is revoked")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);

    const gone = await visitor.goto(link);
    expect(gone!.status()).toBe(404);
    await expect(visitor.getByText("This link does not open a report")).toBeVisible();
    // The stranger never had the owner's page either.
    expect((await visitor.goto(path))!.status()).toBe(404);
    await stranger.close();

    await page.getByRole("button", { name: "Delete report" }).click();
    await expect(page).toHaveURL(/\/reports\?deleted=1$/);
    await expect(page.getByText("The report was deleted, and its link with it.")).toBeVisible();
  });

  test("a subscriber's report is a scan of the plan; /reports states the hourly and stored caps and what is used", async ({ page }) => {
    await buyProByCard(page);
    await page.goto("/reports");
    const caps = page.locator("#report-caps");
    await expect(caps).toHaveText(
      "Each report counts as one AI detection scan of your plan. An account makes up to 30 reports an hour here and keeps up to 25 MB of reports: this hour 0 of 30 made, 0 MB of 25 MB kept.",
    );
    await createReport(page);
    await page.goto("/reports");
    await expect(caps).toContainText("this hour 1 of 30 made, 0.1 MB of 25 MB kept.");
    await page.goto("/dashboard");
    await expect(page.getByText("1 scans · Unlimited")).toBeVisible();
  });
});

test("a blank text is refused on the reports page with the detector form's message, without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/reports");
  await page.getByLabel("Text to report on").fill("   ");
  await page.getByRole("button", { name: "Create report" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter the text to analyze.");
  await context.close();
});

test("the receipt verifies with node:crypto and openssl against the well-known key; one changed byte fails; the text's SHA-256 matches", async ({
  page,
  request,
}) => {
  const path = await createReport(page);
  const receipt = await (await page.request.get(`${path}/receipt.json`)).json();
  const payload = Buffer.from(receipt.payload, "utf8");
  const signature = Buffer.from(receipt.signature, "base64");

  const { keys } = await (await request.get("/.well-known/contentforge-receipt-keys.json")).json();
  const jwk = keys.find((key: { kid: string }) => key.kid === receipt.keyId);
  const publicKey = createPublicKey({ key: jwk, format: "jwk" });
  expect(verify(null, payload, publicKey, signature)).toBe(true);
  const tampered = Buffer.from(payload);
  const flipped = tampered.indexOf(Buffer.from('"verdict":"')) + 11;
  tampered[flipped] = tampered[flipped]! ^ 1;
  expect(verify(null, tampered, publicKey, signature)).toBe(false);

  const textBytes = await (await page.request.get(`${path}/text.txt`)).body();
  expect(createHash("sha256").update(textBytes).digest("hex")).toBe(JSON.parse(receipt.payload).sha256);

  // openssl, as /docs/receipts shows it.
  const dir = mkdtempSync(join(tmpdir(), "receipt-"));
  writeFileSync(join(dir, "receipt-key.pem"), await (await request.get("/.well-known/contentforge-receipt-key.pem")).text());
  writeFileSync(join(dir, "payload.json"), payload);
  writeFileSync(join(dir, "signature.bin"), signature);
  writeFileSync(join(dir, "tampered.json"), tampered);
  const openssl = (input: string) =>
    execFileSync(
      "openssl",
      ["pkeyutl", "-verify", "-pubin", "-inkey", "receipt-key.pem", "-rawin", "-in", input, "-sigfile", "signature.bin"],
      { cwd: dir, encoding: "utf8", stdio: "pipe" },
    );
  expect(openssl("payload.json")).toContain("Signature Verified Successfully");
  expect(() => openssl("tampered.json")).toThrow();

  await page.goto("/docs/receipts");
  await expect(page.getByText(receipt.keyId).first()).toBeVisible();
});

test("'Download PDF' gives a PDF made on the server; printing shows the report alone", async ({ page }) => {
  const path = await createReport(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^contentforge-report-[0-9a-f]{12}\.pdf$/);
  const bytes = await (await page.request.get(`${path}/report.pdf`)).body();
  const source = bytes.toString("latin1");
  expect(source.startsWith("%PDF-1.4")).toBe(true);
  expect(Number(source.match(/\/Count (\d+)/)![1])).toBeGreaterThanOrEqual(1);
  expect(source).toContain("(AI detection report) Tj");

  await page.emulateMedia({ media: "print" });
  await expect(page.locator("body > header")).toBeHidden();
  await expect(page.locator("body > footer")).toBeHidden();
  await expect(page.getByRole("heading", { name: "Download" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Who can open this report" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Scan receipt" })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(255, 255, 255)");
});
