import { verdictCaptions } from "~/content/detector-verdict";
import { reportFacts, sentenceBand, type ReportView, type SentenceBand } from "~/shared/report";
import { encodeWinAnsi, PdfDocument, type PdfFont, type PdfPage, type Rgb, textWidth } from "./pdf-writer.server";

// The report as a PDF made in the Worker ('Download PDF'): the same facts as the page, the text
// with its sentences on the band colours (light, so black text stays readable on paper), the
// receipt, and on every page the report's id and 'page i of n'.

const MARGIN = 56;
const BOTTOM = 64;
const BLACK: Rgb = [0.07, 0.09, 0.15];
const GREY: Rgb = [0.35, 0.38, 0.45];
const BAND_FILL: Record<SentenceBand, Rgb | undefined> = { ai: [1, 0.83, 0.86], mixed: [1, 0.92, 0.7], human: undefined };
const VERDICT_COLOUR: Record<string, Rgb> = { "likely-ai": [0.75, 0.07, 0.24], mixed: [0.6, 0.38, 0], "likely-human": [0.02, 0.47, 0.3] };

type Token = { text: string; band: SentenceBand };

class Cursor {
  page: PdfPage;
  y: number;
  constructor(readonly doc: PdfDocument) {
    this.page = doc.addPage();
    this.y = this.page.height - MARGIN;
  }
  get width() {
    return this.page.width - 2 * MARGIN;
  }
  /** Moves down a line of this height, starting a page when it would not fit. */
  line(height: number): number {
    if (this.y - height < BOTTOM) {
      this.page = this.doc.addPage();
      this.y = this.page.height - MARGIN;
    }
    this.y -= height;
    return this.y;
  }
  gap(points: number) {
    this.y -= points;
  }
}

/** Lines of at most `width` points: greedy, breaking at spaces, a word longer than a line cut by characters. */
function wrap(tokens: Token[], width: number, font: PdfFont, size: number): Token[][] {
  const lines: Token[][] = [];
  let line: Token[] = [];
  let used = 0;
  const push = () => {
    while (line.length && line.at(-1)!.text.trim() === "") line.pop();
    lines.push(line);
    line = [];
    used = 0;
  };
  for (const token of tokens) {
    if (token.text === "\n") {
      push();
      continue;
    }
    let w = textWidth(token.text, font, size);
    if (token.text.trim() === "" && line.length === 0) continue;
    if (used + w > width && line.length > 0) push();
    if (token.text.trim() === "" && line.length === 0) continue;
    let text = token.text;
    while (w > width) {
      let cut = text.length - 1;
      while (cut > 1 && textWidth(text.slice(0, cut), font, size) > width) cut -= 1;
      line.push({ text: text.slice(0, cut), band: token.band });
      push();
      text = text.slice(cut);
      w = textWidth(text, font, size);
    }
    line.push({ text, band: token.band });
    used += w;
  }
  if (line.length) push();
  return lines;
}

const words = (text: string, band: SentenceBand): Token[] =>
  text.split(/(\n|[^\S\n]+)/).flatMap((part) => (part === "" ? [] : [{ text: /^[^\S\n]+$/.test(part) ? " " : part, band }]));

function paragraph(
  cursor: Cursor,
  text: string,
  { font = "regular", size = 10, color = BLACK }: { font?: PdfFont; size?: number; color?: Rgb } = {},
) {
  for (const line of wrap(words(text, "human"), cursor.width, font, size)) {
    cursor.page.text(MARGIN, cursor.line(size * 1.45), line.map((t) => t.text).join(""), { font, size, color });
  }
}

/** Monospaced text cut at a fixed number of characters (hashes, payloads, signatures have no spaces to break at). */
function mono(cursor: Cursor, text: string, size = 8) {
  const perLine = Math.floor(cursor.width / (0.6 * size));
  for (let start = 0; start < text.length; start += perLine) {
    cursor.page.text(MARGIN, cursor.line(size * 1.4), text.slice(start, start + perLine), { font: "mono", size, color: BLACK });
  }
}

function heading(cursor: Cursor, text: string) {
  cursor.gap(10);
  cursor.page.text(MARGIN, cursor.line(16), text, { font: "bold", size: 12.5, color: BLACK });
  cursor.gap(2);
}

/** The report's text with each sentence on its band's colour. */
function highlightedText(cursor: Cursor, report: ReportView) {
  const tokens: Token[] = [];
  let at = 0;
  for (const sentence of report.result.sentences) {
    if (sentence.start > at) tokens.push(...words(report.text.slice(at, sentence.start), "human"));
    tokens.push(...words(report.text.slice(sentence.start, sentence.end), sentenceBand(sentence.score, report.result.bands)));
    at = Math.max(at, sentence.end);
  }
  if (at < report.text.length) tokens.push(...words(report.text.slice(at), "human"));
  const size = 10.5;
  const lineHeight = size * 1.55;
  for (const line of wrap(tokens, cursor.width, "regular", size)) {
    const y = cursor.line(lineHeight);
    let x = MARGIN;
    for (const token of line) {
      const w = textWidth(token.text, "regular", size);
      const fill = BAND_FILL[token.band];
      if (fill) cursor.page.rect(x, y - size * 0.3, w, lineHeight - 1, fill);
      x += w;
    }
    cursor.page.text(MARGIN, y, line.map((t) => t.text).join(""), { size });
  }
}

export function reportPdf(report: ReportView, origin: string): Uint8Array<ArrayBuffer> {
  const facts = reportFacts(report);
  const doc = new PdfDocument({ title: `AI detection report ${report.id}`, creationDate: new Date(report.createdAt * 1000) });
  const cursor = new Cursor(doc);
  cursor.page.text(MARGIN, cursor.line(22), "AI detection report", { font: "bold", size: 20, color: BLACK });
  cursor.gap(4);
  cursor.page.text(MARGIN, cursor.line(18), facts.headline, {
    font: "bold",
    size: 14,
    color: VERDICT_COLOUR[report.result.verdict] ?? BLACK,
  });
  if (facts.range) paragraph(cursor, facts.range, { color: GREY });
  cursor.gap(6);
  for (const [label, value] of facts.rows) paragraph(cursor, `${label}: ${value}`);
  paragraph(cursor, "SHA-256 of the text:", { font: "bold" });
  mono(cursor, report.sha256, 9);

  const scanned = report.result.document;
  if (scanned) {
    heading(cursor, "Section by section");
    paragraph(cursor, `${scanned.sections.length} sections, each scored on its own; the verdict is their average weighted by words.`, {
      size: 9,
      color: GREY,
    });
    for (const section of scanned.sections) {
      const score = section.probability === null ? "not scored" : `${section.probability}%`;
      paragraph(cursor, `${section.label}: ${section.words} words, ${verdictCaptions[section.verdict]}, ${score}`, { size: 9.5 });
    }
  }

  heading(cursor, "Sentence by sentence");
  paragraph(
    cursor,
    "Pink: reads as AI. Amber: mixed. No colour: reads as human. Tints come from the same model, scoring each sentence's own wording.",
    {
      size: 9,
      color: GREY,
    },
  );
  cursor.gap(4);
  highlightedText(cursor, report);
  const replaced = encodeWinAnsi(report.text).replaced;
  if (replaced > 0) {
    paragraph(
      cursor,
      `${replaced} character${replaced === 1 ? " is" : "s are"} outside this PDF's fonts and shown as '?'; the text download has the text exactly.`,
      {
        size: 9,
        color: GREY,
      },
    );
  }

  heading(cursor, "How accurate is this?");
  paragraph(cursor, facts.accuracy, { size: 9.5 });

  heading(cursor, "Scan receipt");
  if (report.receipt) {
    paragraph(cursor, `Signed with Ed25519 by key ${report.receipt.keyId}. The signed bytes (UTF-8, exactly as below):`, { size: 9.5 });
    mono(cursor, report.receipt.payload);
    paragraph(cursor, "Signature (base64):", { size: 9.5 });
    mono(cursor, report.receipt.signature);
    paragraph(cursor, `Public key: ${origin}/.well-known/contentforge-receipt-keys.json. How to verify: ${origin}/docs/receipts`, {
      size: 9.5,
    });
  } else {
    paragraph(cursor, "Receipts are not configured on this server: this report carries no signature.", { size: 9.5 });
  }

  doc.pages.forEach((page, index) => {
    page.text(MARGIN, 36, `ContentForge AI - report ${report.id} - page ${index + 1} of ${doc.pages.length}`, { size: 8, color: GREY });
  });
  return doc.bytes();
}
