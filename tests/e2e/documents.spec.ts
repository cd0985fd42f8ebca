import { scannedPdf, textPdf } from "../support/document-fixtures";
import { describeWithJavaScriptOnAndOff, expect, test, type Page } from "./test";
import { closeDemoModal, eachTestFromItsOwnAddress } from "./demo";
import { asUpload } from "./uploads";

// Documents on the detector and the humanizer as a person uses them, with JavaScript on and off:
// choose a file, get the verdict and the sections, or the refusal beside the field with the typed
// text kept; and from a result, a report.

eachTestFromItsOwnAddress("198.51.100");

/** A 12-page PDF analysed on the detector: the page with its sections. */
async function analyzeLongPdf(page: Page, name: string) {
  await page.goto("/ai-detector");
  await page.getByLabel("Or upload a document").setInputFiles(asUpload(textPdf({ pages: 12, paragraphsPerPage: 4, name })));
  await page.getByRole("button", { name: "Analyze Text" }).click();
  await closeDemoModal(page);
}

describeWithJavaScriptOnAndOff("documents", () => {
  test("a 12-page PDF on the detector gets a verdict and a table of its sections by page", async ({ page }) => {
    await analyzeLongPdf(page, "term-paper.pdf");
    await expect(page.getByRole("heading", { name: "Section by section" })).toBeVisible();
    await expect(page.getByText(/term-paper\.pdf\s*:\s*PDF\s*,\s*12 pages/)).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    expect(await rows.count()).toBeGreaterThan(3);
    await expect(rows.nth(1).getByRole("rowheader")).toHaveText(/^Pages? 1/);
    await expect(page.getByRole("region", { name: "term-paper.pdf, sentence by sentence" })).toBeVisible();
  });

  test("a long document's result becomes a report with the same sections and its file name", async ({ page }) => {
    await analyzeLongPdf(page, "thesis-draft.pdf");
    const rowHeaders = page.getByRole("table").getByRole("rowheader");
    await expect.poll(() => rowHeaders.count()).toBeGreaterThan(3);
    const sections = await rowHeaders.allInnerTexts();
    await page.getByRole("button", { name: "Create a shareable report" }).click();
    await expect(page).toHaveURL(/\/reports\/[0-9a-f]{32}$/);
    await expect(page.getByText("thesis-draft.pdf").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Section by section" })).toBeVisible();
    expect(await page.getByRole("table").getByRole("rowheader").allInnerTexts()).toEqual(sections);
    const pdf = (await (await page.request.get(`${new URL(page.url()).pathname}/report.pdf`)).body()).toString("latin1");
    expect(pdf).toContain("(File: thesis-draft.pdf) Tj");
  });

  test("a scanned PDF is refused beside the file field and the typed text stays", async ({ page }) => {
    await page.goto("/ai-detector");
    await page.getByLabel("Text to analyze").fill("Words I typed before choosing the wrong file.");
    await page.getByLabel("Or upload a document").setInputFiles(asUpload(scannedPdf(2)));
    await page.getByRole("button", { name: "Analyze Text" }).click();
    await expect(page.getByText(/^This PDF has no text to read: it looks scanned/)).toBeVisible();
    await expect(page.getByLabel("Text to analyze")).toHaveValue("Words I typed before choosing the wrong file.");
    await expect(page.getByRole("heading", { name: "Analysis Result" })).toHaveCount(0);
  });
});

test("a detector result opens as a report, without JavaScript too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/ai-detector");
  const text =
    "Effective time management is essential for achieving both personal and professional goals. By prioritizing tasks, setting clear objectives, and minimizing distractions, individuals can significantly enhance their productivity. Moreover, leveraging digital tools such as calendars and task managers can streamline daily routines.";
  await page.getByLabel("Text to analyze").fill(text);
  await page.getByRole("button", { name: "Analyze Text" }).click();
  await closeDemoModal(page);
  await page.getByRole("button", { name: "Create a shareable report" }).click();
  await expect(page).toHaveURL(/\/reports\/[0-9a-f]{32}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI detection report");
  await context.close();
});
