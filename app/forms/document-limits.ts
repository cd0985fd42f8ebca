// Limits of a document upload (detector and humanizer), shared by the pages that state them and the
// server that enforces them (app/server/documents). Kept free of zod so the pages do not ship it.
// Why these values: docs/decisions/041-document-extraction.md.
export const documentLimits = {
  /** The upload itself: the same 10 MB as an image upload; a 50-page text PDF is far smaller. */
  fileBytes: 10 * 1024 * 1024,
  /** PDF pages: ~2.5 ms of CPU each in the bench, so 50 stay well inside a request's CPU time. */
  pdfPages: 50,
  /**
   * Text kept from one document (UTF-16 code units, as the text fields count): ~30,000 words, about
   * 80 pages of prose. Past it extraction stops and the result says it was cut.
   */
  characters: 200_000,
  /** A DOCX's XML read (document, footnotes, endnotes), inflated: Word writes ~30 bytes of markup a character. */
  docxXmlBytes: 24 * 1024 * 1024,
  /** Entries in a DOCX's zip directory; Word writes tens, a document full of pictures a few hundred. */
  docxEntries: 2_000,
} as const;

export type DocumentLimits = { -readonly [K in keyof typeof documentLimits]: number };

export const documentTypesLabel = "PDF, DOCX, TXT or Markdown";

/** What the file field accepts (the server decides by the bytes, not by this list). */
export const documentAccept =
  ".pdf,.docx,.txt,.md,.markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown";
