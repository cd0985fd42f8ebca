import { describe, expect, it } from "vitest";
import { documentLimits } from "~/forms/document-limits";
import { extractDocument } from "~/server/documents/extract.server";
import {
  asFile,
  corruptPdf,
  docx,
  emptyFile,
  encryptedPdf,
  manyEntriesDocx,
  notADocx,
  pngNamedPdf,
  scannedPdf,
  textFile,
  textPdf,
  zipBomb,
} from "../support/document-fixtures";

// Document extraction inside workerd, the runtime the Worker runs in: pdf.js (unpdf's serverless
// build) with no worker thread and no eval, fflate's streaming inflater, saxes.
// Each fixture is built here, and each result is compared with what the fixture wrote.

describe("extraction inside workerd", () => {
  it("reads a 20-page text PDF, every paragraph on its page", async () => {
    const pdf = textPdf({ pages: 20, paragraphsPerPage: 6, compress: true });
    const result = await extractDocument(asFile(pdf));
    if (!result.ok) throw new Error(result.message);
    expect(result).toMatchObject({ kind: "pdf", pages: 20 });
    expect(result.paragraphs).toEqual(pdf.paragraphs);
    expect(result.characters).toBe(result.text.length);
  });

  it("reads a 50-page DOCX as Word shows it", async () => {
    const file = docx({ pages: 50 });
    const result = await extractDocument(asFile(file));
    if (!result.ok) throw new Error(result.message);
    expect(result.kind).toBe("docx");
    expect(result.paragraphs.map((paragraph) => paragraph.text)).toEqual(file.paragraphs);
    expect(result.truncated).toBeUndefined();
  });

  it("reads TXT in UTF-16 and Markdown in UTF-8", async () => {
    expect(await extractDocument(asFile(textFile("One.\n\nTwo.", { encoding: "utf-16le" })))).toMatchObject({
      ok: true,
      kind: "txt",
      paragraphs: [{ text: "One." }, { text: "Two." }],
    });
    expect(await extractDocument(asFile(textFile("# Notes\n\nBody.", { name: "notes.md" })))).toMatchObject({ ok: true, kind: "md" });
  });

  it("stops a long document at the character limit", async () => {
    const result = await extractDocument(asFile(textPdf({ pages: 5, paragraphsPerPage: 6 })), { ...documentLimits, characters: 3000 });
    expect(result).toMatchObject({ ok: true, truncated: { characters: expect.any(Number) } });
    expect(result.ok && result.characters).toBeLessThanOrEqual(3000);
  });
});

describe("refusals inside workerd", () => {
  it.each([
    ["an empty file", () => emptyFile(), "empty", "This file is empty: choose a file with text in it, or paste the text instead."],
    [
      "a PNG named .pdf",
      () => pngNamedPdf(),
      "type-mismatch",
      "This file is named .pdf but it is a PNG image: upload the PDF file itself, or paste the text instead.",
    ],
    [
      "a PDF that needs a password",
      () => encryptedPdf(),
      "encrypted",
      "This PDF is password-protected: open it, save or print it as a PDF without a password and upload that, or paste the text instead.",
    ],
    [
      "a damaged PDF",
      () => corruptPdf(),
      "corrupt",
      "This PDF is damaged and can't be read: export it again from the program that made it, or paste the text instead.",
    ],
    [
      "a scanned PDF",
      () => scannedPdf(),
      "no-text",
      "This PDF has no text to read: it looks scanned. Run it through text recognition (OCR) first, or paste the text instead.",
    ],
    [
      "a zip that is no Word document",
      () => notADocx(),
      "not-docx",
      "This file is a ZIP archive but not a Word document: save the document from Word as .docx, or paste the text instead.",
    ],
    [
      "a zip bomb that declares its size",
      () => zipBomb(),
      "zip-bomb",
      "This DOCX unpacks to far more data than a document of its size holds, so it was not read: save it again from Word, or paste the text instead.",
    ],
    // 64 MiB of spaces: stopped at the first 256 Ki of them, one stretch of text longer than a document holds.
    [
      "a zip bomb whose headers lie",
      () => zipBomb({ lie: true }),
      "too-complex",
      "This DOCX has one stretch of text or markup longer than",
    ],
    [
      "a zip of thousands of entries",
      () => manyEntriesDocx(documentLimits.docxEntries + 1),
      "zip-bomb",
      "This DOCX unpacks to far more data",
    ],
    ["a PDF under a .txt name", () => ({ ...textPdf(), name: "essay.txt" }), "type-mismatch", "This file is named .txt but it is a PDF"],
  ])("%s", async (_, build, refusal, message) => {
    const result = await extractDocument(asFile(build()));
    expect(result).toMatchObject({ ok: false, refusal, message: expect.stringContaining(message) });
  });

  it("refuses a PDF over the page limit and a file over the size limit", async () => {
    expect(await extractDocument(asFile(textPdf({ pages: 51 })))).toMatchObject({
      ok: false,
      refusal: "too-many-pages",
      message: "This PDF has 51 pages; the limit is 50: upload the pages you need as a separate PDF, or paste the text instead.",
    });
    const big = new File([new Uint8Array(documentLimits.fileBytes + 1)], "big.pdf", { type: "application/pdf" });
    expect(await extractDocument(big)).toMatchObject({ ok: false, refusal: "too-large" });
  });

  it("stops reading a stream with no declared size at the byte limit", async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const result = await extractDocument({ name: "endless.txt", stream: () => stream });
    expect(result).toMatchObject({ ok: false, refusal: "too-large" });
    expect(pulled).toBeLessThanOrEqual(documentLimits.fileBytes / (1024 * 1024) + 2);
  });
});
