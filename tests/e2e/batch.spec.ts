import { createHash, createPublicKey, verify } from "node:crypto";
import { docx, scannedPdf, textPdf } from "../support/document-fixtures";
import { buyProByCard } from "./checkout";
import { describeWithJavaScriptOnAndOff, expect, test } from "./test";

// The teacher's afternoon, with JavaScript on and off: a subscriber drops five student essays (PDF
// and DOCX) and a scanned page on the batch page, gets a table of verdicts, sorts it, downloads its
// CSV, opens one report, shares its link with a colleague who opens it signed out and verifies its
// receipt with node:crypto, then revokes the link and it is gone.

const asUpload = ({ name, type, bytes }: { name: string; type: string; bytes: Uint8Array }) => ({
  name,
  mimeType: type,
  buffer: Buffer.from(bytes),
});

const essays = [
  textPdf({ pages: 2, name: "amira.pdf" }),
  docx({ pages: 1, name: "bruno.docx" }),
  textPdf({ pages: 12, paragraphsPerPage: 4, name: "chen-term-paper.pdf" }),
  docx({ pages: 2, name: "dara.docx" }),
  textPdf({ pages: 3, name: "eli.pdf" }),
];

describeWithJavaScriptOnAndOff("batch scans", (javaScriptEnabled) => {
  test("five essays become a table of verdicts; one report is shared, opened signed out, verified and revoked", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await buyProByCard(page);
    await page.goto("/ai-detector/batch");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Scan many documents at once");
    await page.getByLabel("Documents to scan").setInputFiles([...essays, scannedPdf(1)].map(asUpload));
    if (javaScriptEnabled) await expect(page.getByText("6 files chosen")).toBeVisible();
    await page.getByRole("button", { name: "Scan the files" }).click();

    await expect(page).toHaveURL(/\/ai-detector\/batch\/[0-9a-f]{32}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Batch results");
    await expect(page.getByText("5 of 6 files scanned")).toBeVisible();
    const rows = page.getByRole("table").locator("tbody tr");
    await expect(rows).toHaveCount(6);
    for (const [index, essay] of essays.entries()) {
      await expect(rows.nth(index).getByRole("rowheader")).toHaveText(essay.name);
      await expect(rows.nth(index)).toContainText(/(Likely AI|Mixed|Likely human|Too short)[^%]*\d+%|not scored/);
    }
    await expect(rows.nth(5)).toContainText("scan.pdf");
    await expect(rows.nth(5)).toContainText("Not scanned: This PDF has no text to read: it looks scanned.");

    // Sorted by the heading's link: the highest probability first, the file not scanned last.
    await page.getByRole("link", { name: /AI probability/ }).click();
    await expect(page).toHaveURL(/sort=probability&dir=desc$/);
    const shown = (await rows.allInnerTexts()).map((row) => Number(row.match(/(\d+)%/)?.[1] ?? -1));
    expect(shown.slice(0, 5)).toEqual(shown.slice(0, 5).sort((a, b) => b - a));
    await expect(rows.nth(5)).toContainText("Not scanned");

    const csv = await page.request.get(`${new URL(page.url()).pathname}/results.csv`);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^amira\.pdf,\d+,/);

    // One report, opened from its row, shows the file and its verdict.
    await page.getByRole("link", { name: "chen-term-paper.pdf" }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f]{32}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI detection report");
    await expect(page.getByText("chen-term-paper.pdf").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Section by section" })).toBeVisible();
    const ownerPage = new URL(page.url()).pathname;

    await page.getByRole("button", { name: "Share" }).click();
    const link = await page.getByLabel("The link to this report").inputValue();
    expect(link).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);

    // The colleague: signed out, same report, and a receipt that verifies with a standard library.
    const colleague = await browser.newContext({ javaScriptEnabled });
    const visitor = await colleague.newPage();
    expect((await visitor.goto(link))!.status()).toBe(200);
    await expect(visitor.getByText("chen-term-paper.pdf").first()).toBeVisible();
    await expect(visitor.getByText(/AI Probability: \d+%/)).toBeVisible();
    const receipt = await (await visitor.request.get(`${link}/receipt.json`)).json();
    const { keys } = await (await visitor.request.get("/.well-known/contentforge-receipt-keys.json")).json();
    const publicKey = createPublicKey({ key: keys.find((key: { kid: string }) => key.kid === receipt.keyId), format: "jwk" });
    expect(verify(null, Buffer.from(receipt.payload, "utf8"), publicKey, Buffer.from(receipt.signature, "base64"))).toBe(true);
    const scannedText = await (await visitor.request.get(`${link}/text.txt`)).body();
    expect(createHash("sha256").update(scannedText).digest("hex")).toBe(JSON.parse(receipt.payload).sha256);

    await page.getByRole("button", { name: "Revoke the link" }).click();
    await expect(page.getByText("The link is revoked")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(ownerPage);
    expect((await visitor.goto(link))!.status()).toBe(404);
    await expect(visitor.getByText("This link does not open a report")).toBeVisible();
    await colleague.close();
  });
});

test("a visitor sees what a batch is and is led to the plans and sign-in", async ({ page }) => {
  await page.goto("/ai-detector/batch");
  await expect(page.getByText("Batch scans come with a plan.")).toBeVisible();
  await expect(page.getByLabel("Documents to scan")).toHaveCount(0);
  await page.getByRole("link", { name: "See the plans" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});
