import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { documentLimits } from "~/forms/document-limits";
import { extractDocument, type DocumentInput } from "~/server/documents/extract.server";
import { countWords, ParagraphCollector, splitParagraphs, tidyParagraph } from "~/server/documents/paragraphs.server";
import { readAtMost } from "~/server/documents/read-bytes.server";
import { kindOfName, sniffDocumentType } from "~/server/documents/sniff.server";
import {
  asFile,
  corruptPdf,
  docx,
  encryptedPdf,
  emptyFile,
  md5ForTest,
  notADocx,
  pngNamedPdf,
  scannedPdf,
  textFile,
  textPdf,
  zipBomb,
} from "../support/document-fixtures";

// Document extraction in Node: sniffing, tidying, limits, and each format end to end. The same
// code runs inside workerd in tests/integration/documents.test.ts.

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe("sniffing a document's type from its bytes", () => {
  it.each([
    ["%PDF-1.7\n...", "pdf"],
    ["junk before the header %PDF-1.4", "pdf"],
    ["PK\u0003\u0004rest", "zip"],
    ["{\\rtf1\\ansi hello}", "rtf"],
    ["GIF89a....", "gif"],
    ["Plain words, nothing else.", "text"],
  ])("%j is %s", (text, type) => {
    expect(sniffDocumentType(Uint8Array.from(text, (char) => char.charCodeAt(0)))).toBe(type);
  });

  it("knows images through the media sniffer, Word 97 files, byte-order marks and binary data", () => {
    expect(sniffDocumentType(pngNamedPdf().bytes)).toBe("png");
    expect(sniffDocumentType(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffDocumentType(Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0))).toBe("ole");
    expect(sniffDocumentType(Uint8Array.of(0xff, 0xfe, 0x41, 0x00))).toBe("text");
    expect(sniffDocumentType(Uint8Array.of(0x41, 0x42, 0x00, 0x43))).toBe("binary");
  });

  it("reads the kind a name promises, case-insensitively, and nothing for other names", () => {
    expect(kindOfName("Essay.PDF")).toEqual({ extension: "pdf", kind: "pdf" });
    expect(kindOfName("notes.markdown")).toEqual({ extension: "markdown", kind: "md" });
    expect(kindOfName("report.doc")).toBeUndefined();
    expect(kindOfName("README")).toBeUndefined();
  });
});

describe("tidying text", () => {
  it("unifies line ends, drops invisible characters and collapses spaces but keeps tabs and line breaks", () => {
    expect(tidyParagraph("  One\u00a0 two\u00ad\u200bthree\r\nfour\tfive\u0007  ")).toBe("One twothree\nfour\tfive");
  });

  it("splits plain text at blank lines", () => {
    expect(splitParagraphs("First line\nstill first.\r\n\r\n  \nSecond.\n\n\n")).toEqual(["First line\nstill first.", "Second."]);
  });

  it("counts words with apostrophes, hyphens and decimals as one", () => {
    expect(countWords("It's a well-known fact: 3.5 million people, 2024.")).toBe(8);
  });

  it("stops at the character limit on a word boundary and says so", () => {
    const collector = new ParagraphCollector(20);
    expect(collector.add("first paragraph")).toBe(true);
    expect(collector.add("second one here")).toBe(false);
    expect(collector.text).toBe("first paragraph");
    expect(collector.truncated).toBe(true);
    const cut = new ParagraphCollector(12);
    cut.add("alpha beta gamma");
    expect(cut.text).toBe("alpha beta");
  });
});

describe("reading an upload no further than the limit", () => {
  const chunks = (count: number, size: number) => {
    let sent = 0;
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === count) controller.close();
        else {
          sent++;
          controller.enqueue(new Uint8Array(size));
        }
      },
      cancel() {
        cancelled = true;
      },
    });
    return { stream, sent: () => sent, cancelled: () => cancelled };
  };

  it("cancels a stream as soon as it passes the limit", async () => {
    const source = chunks(100, 1024);
    expect(await readAtMost(source.stream, 4096)).toEqual({ ok: false });
    expect(source.sent()).toBeLessThanOrEqual(6);
    expect(source.cancelled()).toBe(true);
  });

  it("refuses a file whose size is over the limit without reading it", async () => {
    const source = chunks(100, 1024);
    expect(await readAtMost(source.stream, 4096, 100 * 1024)).toEqual({ ok: false });
    expect(source.sent()).toBe(0);
  });

  it("answers too-large for a file over the limit", async () => {
    const big = new File([new Uint8Array(documentLimits.fileBytes + 1)], "big.txt");
    const result = await extractDocument(big);
    expect(result).toMatchObject({ ok: false, refusal: "too-large" });
    expect(!result.ok && result.message).toBe("This file is larger than 10 MB: upload a smaller file, or paste the text instead.");
  });
});

describe("extracting each format", () => {
  it("reads UTF-8, UTF-8 with a mark, and UTF-16 both ways into the same paragraphs", async () => {
    const text = "Première ligne.\n\nZweite Zeile — “quoted”.";
    for (const encoding of ["utf-8", "utf-8-bom", "utf-16le", "utf-16be"] as const) {
      const result = await extractDocument(asFile(textFile(text, { encoding })));
      expect(result).toMatchObject({ ok: true, kind: "txt", text, words: 5, characters: text.length });
    }
  });

  it("calls a Markdown file md and keeps its text as written", async () => {
    const result = await extractDocument(asFile(textFile("# Title\n\nSome *text*.", { name: "notes.md" })));
    expect(result).toMatchObject({ ok: true, kind: "md", paragraphs: [{ text: "# Title" }, { text: "Some *text*." }] });
  });

  it("refuses text that is not UTF-8, and binary data under a .txt name", async () => {
    const latin1 = await extractDocument({ name: "old.txt", bytes: Uint8Array.of(0x63, 0x61, 0x66, 0xe9, 0x0a) });
    expect(latin1).toMatchObject({ ok: false, refusal: "not-utf8" });
    const binary = await extractDocument({ name: "data.txt", bytes: Uint8Array.of(0x41, 0x00, 0x01, 0x02) });
    expect(binary).toMatchObject({
      ok: false,
      refusal: "type-mismatch",
      message: expect.stringContaining("named .txt but it is not text"),
    });
  });

  it("reads a text PDF's paragraphs with their pages", async () => {
    const pdf = textPdf({ pages: 3, paragraphsPerPage: 2 });
    const result = await extractDocument(asFile(pdf));
    if (!result.ok) throw new Error(result.message);
    expect(result.kind).toBe("pdf");
    expect(result.pages).toBe(3);
    expect(result.paragraphs).toEqual(pdf.paragraphs);
    expect(result.words).toBe(countWords(pdf.paragraphs.map((paragraph) => paragraph.text).join(" ")));
  });

  it("reads an encrypted PDF that opens without a password (restrictions only)", async () => {
    const pdf = textPdf({ pages: 1, encrypt: { userPassword: "", ownerPassword: "owner" } });
    const result = await extractDocument(asFile(pdf));
    expect(result).toMatchObject({ ok: true, kind: "pdf", paragraphs: pdf.paragraphs });
  });

  it("reads a DOCX as Word shows it: runs joined, tabs, line breaks, tables, no deletions or field codes, footnotes last", async () => {
    const file = docx();
    const result = await extractDocument(asFile(file));
    if (!result.ok) throw new Error(result.message);
    expect(result.kind).toBe("docx");
    expect(result.paragraphs.map((paragraph) => paragraph.text)).toEqual(file.paragraphs);
    expect(result.text).not.toContain("nearly");
    expect(result.text).not.toContain("DATE");
  });

  it("stops at the character limit and says the text was cut", async () => {
    const result = await extractDocument(asFile(docx({ pages: 3 })), { ...documentLimits, characters: 500 });
    expect(result).toMatchObject({ ok: true, truncated: { characters: expect.any(Number) } });
    expect(result.ok && result.characters).toBeLessThanOrEqual(500);
  });
});

describe("refusing bad input with what to do", () => {
  it.each([
    ["an empty file", () => emptyFile(), "empty", "This file is empty"],
    ["a PNG named .pdf", () => pngNamedPdf(), "type-mismatch", "This file is named .pdf but it is a PNG image"],
    ["a damaged PDF", () => corruptPdf(), "corrupt", "This PDF is damaged"],
    ["a PDF that needs a password", () => encryptedPdf(), "encrypted", "This PDF is password-protected"],
    ["a scanned PDF", () => scannedPdf(), "no-text", "This PDF has no text to read: it looks scanned."],
    ["a zip that is no Word document", () => notADocx(), "not-docx", "This file is a ZIP archive but not a Word document"],
    ["a zip bomb that says so", () => zipBomb(), "zip-bomb", "This DOCX unpacks to far more data"],
    // 64 MiB of spaces: stopped at the first 256 Ki of them, one stretch of text longer than a document holds.
    [
      "a zip bomb that lies about its size",
      () => zipBomb({ lie: true }),
      "too-complex",
      "This DOCX has one stretch of text or markup longer than",
    ],
    ["a PDF named .docx", () => ({ ...textPdf(), name: "essay.docx" }), "type-mismatch", "This file is named .docx but it is a PDF"],
  ])("%s", async (_, build, refusal, message) => {
    const result = await extractDocument(asFile(build()));
    expect(result).toMatchObject({ ok: false, refusal, message: expect.stringContaining(message) });
  });

  it("refuses a PDF over the page limit before reading its pages", async () => {
    const result = await extractDocument(asFile(textPdf({ pages: 4 })), { ...documentLimits, pdfPages: 3 });
    expect(result).toMatchObject({
      ok: false,
      refusal: "too-many-pages",
      message: expect.stringContaining("This PDF has 4 pages; the limit is 3"),
    });
  });

  it("accepts a right body under an unknown name, and refuses types we do not read by what they are", async () => {
    expect(await extractDocument({ name: "essay", bytes: bytesOf("Just text.") })).toMatchObject({ ok: true, kind: "txt" });
    const doc: DocumentInput = { name: "old.doc", bytes: Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0) };
    expect(await extractDocument(doc)).toMatchObject({ ok: false, refusal: "unsupported-type", message: expect.stringContaining(".doc") });
  });
});

describe("the fixtures' own MD5 (the encrypted PDF depends on it)", () => {
  it.each(["", "abc", "The quick brown fox jumps over the lazy dog", "x".repeat(200)])("%j", (text) => {
    expect(Buffer.from(md5ForTest(bytesOf(text))).toString("hex")).toBe(createHash("md5").update(text).digest("hex"));
  });
});
