import type { DocumentLimits } from "~/forms/document-limits";
import { ParagraphCollector } from "./paragraphs.server";
import { measurePdfStreams } from "./pdf-streams.server";
import { RefusalError, refusals } from "./refusal.server";

// PDF text through pdf.js, in unpdf's serverless build: the pdf.js worker runs inline (a Worker
// has no threads to give it) and pdf.js 5 has no eval or new Function path left (Workers forbid
// both; its old isEvalSupported option is gone).
// Measurements and the alternatives: docs/decisions/041-document-extraction.md.

interface TextItemLike {
  str?: string;
  transform?: number[];
  height?: number;
  hasEOL?: boolean;
}

interface Line {
  text: string;
  /** Baseline, in PDF space (grows upwards). */
  y: number;
  height: number;
}

/** A page's text items as lines, in the order the page draws them. */
function linesOf(items: TextItemLike[]): Line[] {
  const lines: Line[] = [];
  let current: Line | undefined;
  const end = () => {
    if (current?.text.trim()) lines.push(current);
    current = undefined;
  };
  for (const item of items) {
    if (typeof item.str !== "string") continue;
    const y = item.transform?.[5] ?? 0;
    const height = Math.abs(item.height || item.transform?.[3] || 0);
    if (item.str) {
      // Text lower or higher by more than half a line is a new line even without an end-of-line mark.
      if (current && Math.abs(current.y - y) > Math.max(current.height, height, 1) / 2) end();
      if (!current) current = { text: "", y, height };
      current.text += item.str;
      current.height = Math.max(current.height, height);
    }
    if (item.hasEOL) end();
  }
  end();
  return lines;
}

/**
 * Lines grouped into paragraphs: a paragraph ends where the gap to the next line is clearly larger
 * than the page's usual line spacing (the median gap), or where the text jumps up (a new column).
 */
function paragraphsOf(lines: Line[]): string[] {
  const gaps = lines.slice(1).map((line, index) => lines[index]!.y - line.y);
  const spacing = gaps.filter((gap) => gap > 0).sort((a, b) => a - b)[Math.floor(gaps.filter((gap) => gap > 0).length / 2)];
  const paragraphs: string[] = [];
  let text = "";
  lines.forEach((line, index) => {
    const gap = index > 0 ? gaps[index - 1]! : 0;
    const breaks = index > 0 && (gap <= 0 || (spacing !== undefined && gap > spacing * 1.4) || gap > line.height * 2.5);
    if (breaks) {
      paragraphs.push(text);
      text = "";
    }
    const piece = line.text.trim();
    // A line ending in a hyphen runs on into the next word; elsewhere a line end is a space.
    text = !text ? piece : text.endsWith("-") ? text + piece : `${text} ${piece}`;
  });
  if (text) paragraphs.push(text);
  return paragraphs;
}

/** Letters and digits: what tells a page with text from one with only stray marks. */
const meaningful = (text: string) => text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
/** Fewer letters and digits than this, on average per page, and the PDF is taken for a scan. */
const SCANNED_BELOW_PER_PAGE = 10;

export interface PdfText {
  collector: ParagraphCollector;
  pages: number;
}

export async function extractPdf(bytes: Uint8Array, limits: DocumentLimits): Promise<PdfText> {
  // pdf.js has no budget of its own: the streams are measured first, and the clock runs throughout
  // the document's own work.
  const started = Date.now();
  measurePdfStreams(bytes, limits, started + limits.pdfMilliseconds);
  const measuring = Date.now() - started;
  // Loaded on the first PDF, not when the Worker starts: pdf.js is ~500 KB gzip of code. Loading it
  // is not the document's time (a busy isolate's first PDF took past the whole budget to load).
  const { getResolvedPDFJS } = await import("unpdf");
  const { getDocument } = await getResolvedPDFJS();
  const deadline = Date.now() + limits.pdfMilliseconds - measuring;
  const task = getDocument({
    data: bytes,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    // No WebAssembly decoders fetched from a URL: text needs none, and a Worker has no such URL.
    useWasm: false,
    // Errors only: a damaged object is pdf.js's to recover from, not a log line per request.
    verbosity: 0,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === "PasswordException") throw new RefusalError("encrypted", refusals.encrypted());
      throw new RefusalError("corrupt", refusals.corruptPdf());
    }
    const pages = document.numPages;
    if (pages > limits.pdfPages) throw new RefusalError("too-many-pages", refusals.tooManyPages(pages, limits));
    const collector = new ParagraphCollector(limits.characters);
    let letters = 0;
    for (let number = 1; number <= pages; number++) {
      if (Date.now() > deadline) throw new RefusalError("too-complex", refusals.pdfTooSlow(limits));
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      page.cleanup();
      let more = true;
      for (const paragraph of paragraphsOf(linesOf(content.items as TextItemLike[]))) {
        letters += meaningful(paragraph);
        more = collector.add(paragraph, number);
        if (!more) break;
      }
      if (!more) break;
    }
    if (!collector.truncated && letters < pages * SCANNED_BELOW_PER_PAGE) throw new RefusalError("no-text", refusals.scanned());
    return { collector, pages };
  } catch (error) {
    if (error instanceof RefusalError) throw error;
    // pdf.js failing on a page after opening the file: the file is damaged there.
    throw new RefusalError("corrupt", refusals.corruptPdf());
  } finally {
    await task.destroy();
  }
}
