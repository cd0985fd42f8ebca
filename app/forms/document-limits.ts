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
  /**
   * A DOCX's XML read (document, footnotes, endnotes), inflated, counted as it comes out whatever
   * the zip's headers say. Word writes ~30 bytes of markup a character, so the character limit
   * comes at ~6 MB; saxes parses ~5 MB a second of dense markup in workerd under load.
   */
  docxXmlBytes: 12 * 1024 * 1024,
  /** One of those parts, inflated. */
  docxPartBytes: 8 * 1024 * 1024,
  /** Elements open at once in a part: Word's deepest (tables in text boxes in tables) stay under a hundred. */
  docxDepth: 256,
  /** Characters between two tags (one run of text, one attribute): more than a document's whole kept text. */
  docxTextRun: 256 * 1024,
  /**
   * One PDF stream (a page's content, a font), inflated. pdf.js reads ~30 ms a MiB of content in
   * the bench, every time a page draws it: this keeps one page under a quarter of a second.
   */
  pdfStreamBytes: 8 * 1024 * 1024,
  /** All of a PDF's streams, inflated: a 50-page text PDF inflates to a few MB. */
  pdfInflatedBytes: 64 * 1024 * 1024,
  /** Wall time for reading a PDF, checked while its streams are measured and between pages. */
  pdfMilliseconds: 1_500,
  /** Entries in a DOCX's zip directory; Word writes tens, a document full of pictures a few hundred. */
  docxEntries: 2_000,
} as const;

export type DocumentLimits = { -readonly [K in keyof typeof documentLimits]: number };

export const documentTypesLabel = "PDF, DOCX, TXT or Markdown";

/** What the file field accepts (the server decides by the bytes, not by this list). */
export const documentAccept =
  ".pdf,.docx,.txt,.md,.markdown,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown";
