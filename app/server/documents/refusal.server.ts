import { documentLimits, documentTypesLabel, type DocumentLimits } from "~/forms/document-limits";
import { formatCount } from "~/forms/format-count";

// Every way an upload can be refused, each with the sentence shown beside the file field: what is
// wrong and what to do about it. Bad input is an answer, never an exception.

export type RefusalKind =
  | "empty"
  | "too-large"
  | "unsupported-type"
  | "type-mismatch"
  | "encrypted"
  | "corrupt"
  | "no-text"
  | "not-docx"
  | "zip-bomb"
  | "too-many-pages"
  | "too-complex"
  | "not-utf8";

export interface DocumentRefusal {
  ok: false;
  refusal: RefusalKind;
  message: string;
}

/** The kinds of file we can tell apart by their bytes, named as a person would. */
export type SniffedType = "pdf" | "zip" | "ole" | "rtf" | "png" | "jpeg" | "webp" | "gif" | "text" | "binary";

const describe: Record<SniffedType, string> = {
  pdf: "a PDF",
  zip: "a ZIP archive",
  ole: "an old-format Office file (.doc) or a password-protected Word file",
  rtf: "a Rich Text (RTF) file",
  png: "a PNG image",
  jpeg: "a JPEG image",
  webp: "a WebP image",
  gif: "a GIF image",
  text: "plain text",
  binary: "not text",
};

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
const pasteInstead = "or paste the text instead";

export const refusals = {
  empty: () => `This file is empty: choose a file with text in it, ${pasteInstead}.`,
  tooLarge: (limits: DocumentLimits = documentLimits) =>
    `This file is larger than ${megabytes(limits.fileBytes)}: upload a smaller file, ${pasteInstead}.`,
  unsupported: (sniffed: SniffedType) =>
    sniffed === "ole"
      ? `This file is an old-format Word document (.doc) or a password-protected one: open it in Word, remove any password and save it as .docx, ${pasteInstead}.`
      : sniffed === "rtf"
        ? `This file is a Rich Text (RTF) file: save it as .docx or .txt and upload that, ${pasteInstead}.`
        : `This file is ${describe[sniffed]}, which we can't read: upload a ${documentTypesLabel} file, ${pasteInstead}.`,
  mismatch: (extension: string, sniffed: SniffedType) =>
    `This file is named .${extension} but it is ${describe[sniffed]}: upload the ${extension === "md" || extension === "markdown" ? "Markdown" : extension.toUpperCase()} file itself, ${pasteInstead}.`,
  encrypted: () =>
    `This PDF is password-protected: open it, save or print it as a PDF without a password and upload that, ${pasteInstead}.`,
  corruptPdf: () => `This PDF is damaged and can't be read: export it again from the program that made it, ${pasteInstead}.`,
  corruptDocx: () => `This DOCX is damaged and can't be read: open it in Word and save it again, ${pasteInstead}.`,
  scanned: () => `This PDF has no text to read: it looks scanned. Run it through text recognition (OCR) first, or paste the text instead.`,
  noText: () => `This document has no text in it: check that you chose the right file, ${pasteInstead}.`,
  notDocx: () => `This file is a ZIP archive but not a Word document: save the document from Word as .docx, ${pasteInstead}.`,
  unreadable: () => `This file can't be read: it may be damaged. Save it again and upload it, ${pasteInstead}.`,
  zipBomb: () =>
    `This DOCX unpacks to far more data than a document of its size holds, so it was not read: save it again from Word, ${pasteInstead}.`,
  tooDeep: (limits: DocumentLimits = documentLimits) =>
    `This DOCX nests its contents more than ${limits.docxDepth} levels deep, far deeper than Word writes, so it was not read: open it in Word and save it again, ${pasteInstead}.`,
  longRun: (limits: DocumentLimits = documentLimits) =>
    `This DOCX has one stretch of text or markup longer than ${formatCount(limits.docxTextRun)} characters, more than we read from a whole document, so it was not read: split it into paragraphs in Word or upload the part you need, ${pasteInstead}.`,
  pdfBomb: () =>
    `This PDF unpacks to far more data than a document of its size holds, so it was not read: print it to a new PDF or export it again, ${pasteInstead}.`,
  pdfProtected: () =>
    `This PDF is protected (encrypted) and too large for us to check before reading it: save or print it as a PDF without protection and upload that, ${pasteInstead}.`,
  pdfCompression: () =>
    `This PDF uses an old compression (LZW) we don't read: export it again from the program that made it, or print it to a new PDF, ${pasteInstead}.`,
  pdfTooSlow: (limits: DocumentLimits = documentLimits) =>
    `This PDF takes more than ${limits.pdfMilliseconds / 1000} seconds to read, far longer than a document of its size should: upload the pages you need as a separate PDF, ${pasteInstead}.`,
  tooManyPages: (pages: number, limits: DocumentLimits = documentLimits) =>
    `This PDF has ${pages} pages; the limit is ${limits.pdfPages}: upload the pages you need as a separate PDF, ${pasteInstead}.`,
  notUtf8: () => `This text file is not in UTF-8: save it as UTF-8 (or as .docx) and upload it again, ${pasteInstead}.`,
} as const;

export const refuse = (refusal: RefusalKind, message: string): DocumentRefusal => ({ ok: false, refusal, message });

/** Thrown inside an extractor to stop it and answer with a refusal; extractDocument catches it. */
export class RefusalError extends Error {
  constructor(
    readonly refusal: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}
