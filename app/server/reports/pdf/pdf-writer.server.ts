import { FIRST_WIN_ANSI_CODE, helveticaBoldWidths, helveticaWidths } from "./helvetica-widths.server";

// A small PDF 1.4 writer for the report's 'Download PDF' (docs/decisions/043): pages of text in
// the standard Type 1 fonts every reader has (Helvetica, Helvetica-Bold, Courier; nothing
// embedded) with WinAnsiEncoding, and filled rectangles. Streams are left uncompressed: the bytes
// stay readable and a report is tens of kilobytes. Characters WinAnsi lacks are written without
// their accents where that leaves a WinAnsi letter, else as '?', and counted so the page can say so.

export type PdfFont = "regular" | "bold" | "mono";
export type Rgb = readonly [number, number, number];

const FONT_NAMES: Record<PdfFont, { resource: string; base: string }> = {
  regular: { resource: "F1", base: "Helvetica" },
  bold: { resource: "F2", base: "Helvetica-Bold" },
  mono: { resource: "F3", base: "Courier" },
};

/** WinAnsiEncoding's codes 128–159 by the Unicode character they stand for (the rest of 32–255 is Latin-1). */
const WIN_ANSI_HIGH: Record<number, number> = {
  0x20ac: 128,
  0x201a: 130,
  0x0192: 131,
  0x201e: 132,
  0x2026: 133,
  0x2020: 134,
  0x2021: 135,
  0x02c6: 136,
  0x2030: 137,
  0x0160: 138,
  0x2039: 139,
  0x0152: 140,
  0x017d: 142,
  0x2018: 145,
  0x2019: 146,
  0x201c: 147,
  0x201d: 148,
  0x2022: 149,
  0x2013: 150,
  0x2014: 151,
  0x02dc: 152,
  0x2122: 153,
  0x0161: 154,
  0x203a: 155,
  0x0153: 156,
  0x017e: 158,
  0x0178: 159,
};

function winAnsiCode(char: string): number | undefined {
  const point = char.codePointAt(0)!;
  if ((point >= 32 && point <= 126) || (point >= 160 && point <= 255)) return point;
  return WIN_ANSI_HIGH[point];
}

/** The text in WinAnsi codes; `replaced` counts the characters that had to become '?'. */
export function encodeWinAnsi(text: string): { codes: number[]; replaced: number } {
  const codes: number[] = [];
  let replaced = 0;
  for (const char of text) {
    // Line breaks are laid out by the caller; any other white space is a space.
    const code = winAnsiCode(/\s/.test(char) ? " " : char);
    if (code !== undefined) {
      codes.push(code);
      continue;
    }
    // 'ā' → 'a', 'ﬁ' → 'fi': a compatibility decomposition without its combining marks, when all of it encodes.
    const plain = [...char.normalize("NFKD").replace(/\p{M}/gu, "")].map(winAnsiCode);
    if (plain.length > 0 && plain.every((c) => c !== undefined)) codes.push(...(plain as number[]));
    else {
      codes.push(63);
      replaced += 1;
    }
  }
  return { codes, replaced };
}

/** Width in points of the text in the font at the size. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  const { codes } = encodeWinAnsi(text);
  if (font === "mono") return codes.length * 0.6 * size;
  const table = font === "bold" ? helveticaBoldWidths : helveticaWidths;
  let total = 0;
  for (const code of codes) total += table[code - FIRST_WIN_ANSI_CODE] ?? 500;
  return (total / 1000) * size;
}

/** A PDF literal string: parentheses and backslashes escaped, bytes outside ASCII as octal escapes. */
function literal(codes: number[]): string {
  let out = "(";
  for (const code of codes) {
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code < 32 || code > 126) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += String.fromCharCode(code);
  }
  return `${out})`;
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();
const colour = ([r, g, b]: Rgb) => `${num(r)} ${num(g)} ${num(b)}`;

export class PdfPage {
  readonly ops: string[] = [];
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  /** Text with its baseline at (x, y) from the page's bottom left. */
  text(
    x: number,
    y: number,
    text: string,
    { font = "regular", size = 10, color = [0, 0, 0] }: { font?: PdfFont; size?: number; color?: Rgb } = {},
  ) {
    const { codes } = encodeWinAnsi(text);
    if (codes.length === 0) return;
    this.ops.push(`BT /${FONT_NAMES[font].resource} ${num(size)} Tf ${colour(color)} rg ${num(x)} ${num(y)} Td ${literal(codes)} Tj ET`);
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb) {
    this.ops.push(`${colour(color)} rg ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }
}

export class PdfDocument {
  readonly pages: PdfPage[] = [];
  constructor(
    readonly info: { title: string; creationDate: Date },
    readonly pageSize: { width: number; height: number } = { width: 595.28, height: 841.89 },
  ) {}

  addPage(): PdfPage {
    const page = new PdfPage(this.pageSize.width, this.pageSize.height);
    this.pages.push(page);
    return page;
  }

  /** The file: header, objects, cross-reference table, trailer. */
  bytes(): Uint8Array<ArrayBuffer> {
    const objects: string[] = [];
    const fonts = Object.values(FONT_NAMES);
    const fontIds = fonts.map((_, index) => 4 + index);
    const firstPageId = 4 + fonts.length;
    const pageIds = this.pages.map((_, index) => firstPageId + index * 2);
    objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
    objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${this.pages.length} >>`;
    const date = this.info.creationDate.toISOString().replace(/[-:T]/g, "").slice(0, 14);
    objects[3] = `<< /Title ${literal(encodeWinAnsi(this.info.title).codes)} /Producer (ContentForge AI) /CreationDate (D:${date}Z) >>`;
    fonts.forEach((font, index) => {
      // Courier is fixed-pitch Latin; WinAnsi gives all three the same code table.
      objects[fontIds[index]!] = `<< /Type /Font /Subtype /Type1 /BaseFont /${font.base} /Encoding /WinAnsiEncoding >>`;
    });
    const resources = `<< /Font << ${fonts.map((font, index) => `/${font.resource} ${fontIds[index]} 0 R`).join(" ")} >> >>`;
    this.pages.forEach((page, index) => {
      const id = pageIds[index]!;
      const content = page.ops.join("\n");
      objects[id] =
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] /Resources ${resources} /Contents ${id + 1} 0 R >>`;
      // The content is ASCII (literal() escapes every other byte), so its length in characters is its length in bytes.
      objects[id + 1] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
    });
    // A binary comment after the header tells transfer programs the file is not text (PDF 1.4, 3.4.1).
    let out = "%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n";
    const offsets: number[] = [];
    for (let id = 1; id < objects.length; id += 1) {
      offsets[id] = out.length;
      out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
    }
    const xref = out.length;
    out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
    for (let id = 1; id < objects.length; id += 1) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
    out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    // One byte per character: the header's four binary bytes are the only ones above 127.
    return Uint8Array.from(out, (char) => char.charCodeAt(0));
  }
}
