// Documents the tests and the bench build themselves, so no binary fixture sits in the repository:
// PDFs written out in PDF syntax (objects, content streams, a cross-reference table), a DOCX zipped
// by fflate, zip bombs written entry by entry so their headers can lie. Every builder returns the
// bytes and, where there is text, the paragraphs an extractor should find, so tests compare the
// extracted text with what was written rather than with a recorded output.
import { Deflate, deflateSync, strToU8, zipSync, zlibSync } from "fflate";
import { concatBytes } from "~/server/media/concat-bytes.server";

const encoder = new TextEncoder();

export interface FixtureFile {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface WrittenParagraph {
  page?: number;
  text: string;
}

export const asFile = (fixture: FixtureFile) => new File([fixture.bytes], fixture.name, { type: fixture.type });

// ---------------------------------------------------------------------------------------------
// Prose: deterministic sentences, different on every page and paragraph, ASCII only (the PDFs use
// Helvetica with its standard encoding).

const WORDS = (
  "the committee reviewed annual budget proposal before final vote while several members raised " +
  "questions about transport funding schools libraries parks and water quality across northern " +
  "districts residents attended evening meeting where engineers explained new bridge design " +
  "costs delays contractors weather steel concrete safety inspections during spring season"
).split(" ");

/** A paragraph of `sentences` sentences, the same for the same seed. */
export function prose(seed: number, sentences = 5): string {
  let state = (seed * 2654435761) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const out: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const length = 8 + Math.floor(next() * 10);
    const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
    out.push(`${words.join(" ")}${s % 4 === 3 ? "," : ""}${next() < 0.2 ? "?" : "."}`);
  }
  return out.join(" ").replaceAll(",?", "?").replaceAll(",.", ".");
}

// ---------------------------------------------------------------------------------------------
// PDF

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0) & 0xff);

type PdfObject = { dictionary: string; stream?: Uint8Array } | string;

/**
 * A PDF file from its objects (object n is `objects[n - 1]`), with a correct cross-reference
 * table. `encryptStream` lets the encrypted builder transform each stream with its object number.
 */
function writePdf(
  objects: PdfObject[],
  trailer: string,
  encryptStream?: (objectNumber: number, data: Uint8Array) => Uint8Array,
): Uint8Array<ArrayBuffer> {
  // The binary comment line tells tools the file holds 8-bit data, as writers do.
  const parts: Uint8Array[] = [latin1("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    const number = index + 1;
    offsets.push(length);
    let body: Uint8Array;
    if (typeof object === "string") body = latin1(`${number} 0 obj\n${object}\nendobj\n`);
    else {
      const data = object.stream ? (encryptStream ? encryptStream(number, object.stream) : object.stream) : new Uint8Array();
      body = concatBytes([
        latin1(`${number} 0 obj\n<< ${object.dictionary} /Length ${data.length} >>\nstream\n`),
        data,
        latin1("\nendstream\nendobj\n"),
      ]);
    }
    parts.push(body);
    length += body.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    "0000000000 65535 f \n",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`),
  ].join("");
  parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${length}\n%%EOF\n`));
  return concatBytes(parts);
}

const escapePdfString = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** Words wrapped into lines of at most `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A page's content stream: each paragraph's lines 14 pt apart, paragraphs 10 pt further apart. */
function pageContent(paragraphs: string[]): Uint8Array {
  const ops = ["BT", "/F1 11 Tf", "14 TL", "72 740 Td"];
  paragraphs.forEach((paragraph, index) => {
    if (index > 0) ops.push("0 -10 Td");
    for (const line of wrap(paragraph, 88)) ops.push(`(${escapePdfString(line)}) Tj T*`);
  });
  ops.push("ET");
  return latin1(ops.join("\n"));
}

export interface TextPdfOptions {
  pages?: number;
  paragraphsPerPage?: number;
  /** FlateDecode content streams, as nearly every writer does. */
  compress?: boolean;
  /** The Standard security handler, revision 2 (RC4, 40-bit): what the user must type to open it. */
  encrypt?: { userPassword: string; ownerPassword: string };
  /** An incompressible grey image of about this many bytes on every page, to reach a file size. */
  imageBytesPerPage?: number;
  name?: string;
}

/** A PDF with a text layer: `pages` pages of paragraphs in Helvetica. */
export function textPdf(options: TextPdfOptions = {}): FixtureFile & { paragraphs: WrittenParagraph[] } {
  const { pages = 2, paragraphsPerPage = 3, compress = false, encrypt, imageBytesPerPage = 0 } = options;
  const paragraphs: WrittenParagraph[] = [];
  const objects: PdfObject[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "", // the page tree, once the pages' numbers are known
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  const kids: number[] = [];
  for (let page = 1; page <= pages; page++) {
    const texts = Array.from({ length: paragraphsPerPage }, (_, index) => prose(page * 100 + index, 5));
    for (const text of texts) paragraphs.push({ page, text });
    let image = "";
    let content = pageContent(texts);
    if (imageBytesPerPage > 0) {
      const side = Math.ceil(Math.sqrt(imageBytesPerPage));
      objects.push({
        dictionary: `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8`,
        stream: noise(side * side, page),
      });
      image = ` /XObject << /Im1 ${objects.length} 0 R >>`;
      content = concatBytes([latin1("q 100 0 0 100 450 650 cm /Im1 Do Q\n"), content]);
    }
    objects.push(compress ? { dictionary: "/Filter /FlateDecode", stream: zlibSync(content) } : { dictionary: "", stream: content });
    const contentNumber = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >>${image} >> /Contents ${contentNumber} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(" ")}] /Count ${pages} >>`;
  const name = options.name ?? (encrypt ? "protected.pdf" : "essay.pdf");
  if (!encrypt) return { name, type: "application/pdf", bytes: writePdf(objects, "/Root 1 0 R"), paragraphs };

  const id = md5(latin1(`fixture ${pages}`));
  const permissions = -44; // print and copy allowed, the rest not (the bits a writer sets)
  const { key, o, u } = standardSecurityR2(encrypt.userPassword, encrypt.ownerPassword, permissions, id);
  objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${hex(o)}> /U <${hex(u)}> /P ${permissions} >>`);
  const encryptNumber = objects.length;
  const bytes = writePdf(objects, `/Root 1 0 R /Encrypt ${encryptNumber} 0 R /ID [<${hex(id)}> <${hex(id)}>]`, (number, data) =>
    rc4(objectKey(key, number), data),
  );
  return { name, type: "application/pdf", bytes, paragraphs };
}

/** What a scanner writes: every page one grey image, and no text at all. */
export function scannedPdf(pages = 3): FixtureFile {
  const objects: PdfObject[] = ["<< /Type /Catalog /Pages 2 0 R >>", ""];
  const kids: number[] = [];
  const [width, height] = [120, 160];
  for (let page = 1; page <= pages; page++) {
    // Grey "lines of print": dark bands on a light page, with some noise.
    const pixels = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        pixels[y * width + x] = y % 8 < 3 && x > 10 && x < 110 ? 40 + ((x * y * page) % 30) : 235 + ((x + y) % 20);
    objects.push({
      dictionary: `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
      stream: zlibSync(pixels),
    });
    const imageNumber = objects.length;
    objects.push({ dictionary: "", stream: latin1("q 540 0 0 720 36 36 cm /Im1 Do Q") });
    const contentNumber = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 ${imageNumber} 0 R >> >> /Contents ${contentNumber} 0 R >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(" ")}] /Count ${pages} >>`;
  return { name: "scan.pdf", type: "application/pdf", bytes: writePdf(objects, "/Root 1 0 R") };
}

/** A PDF whose user password is needed to open it. */
export const encryptedPdf = () => textPdf({ pages: 1, encrypt: { userPassword: "secret", ownerPassword: "owner" }, name: "protected.pdf" });

/** Bytes that do not compress, the same for the same seed. */
function noise(length: number, seed = 7): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 7;
  for (let index = 0; index < length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[index] = state & 0xff;
  }
  return out;
}

/** The header of a PDF and then noise: no cross-reference table, no objects. */
export function corruptPdf(): FixtureFile {
  return { name: "broken.pdf", type: "application/pdf", bytes: concatBytes([latin1("%PDF-1.7\n"), noise(4096), latin1("\n%%EOF\n")]) };
}

// ---------------------------------------------------------------------------------------------
// DOCX

const W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const escapeXml = (text: string) => text.replace(/[<>&"]/g, (char) => `&${{ "<": "lt", ">": "gt", "&": "amp", '"': "quot" }[char]};`);

/** Runs as Word writes them: a paragraph's text split over several runs, mid-word. */
function runs(text: string): string {
  const cut = Math.max(1, Math.floor(text.length / 3));
  return [text.slice(0, cut), text.slice(cut, cut * 2), text.slice(cut * 2)]
    .filter(Boolean)
    .map((part, index) => `<w:r>${index === 1 ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${escapeXml(part)}</w:t></w:r>`)
    .join("");
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>`;

export interface DocxOptions {
  /** Pages of ~400 words each, a page break after each. */
  pages?: number;
  /** An incompressible picture of this many bytes in word/media, stored, to reach a file size. */
  mediaBytes?: number;
  name?: string;
}

/**
 * A Word document: headings and paragraphs split over runs, a tab, a line break, escaped
 * characters, a table, a tracked deletion and a field code (neither is text a reader sees), and a
 * footnote. `paragraphs` is what a reader sees, in order, footnotes last.
 */
export function docx(options: DocxOptions = {}): FixtureFile & { paragraphs: string[] } {
  const { pages = 1, mediaBytes = 0 } = options;
  const paragraphs: string[] = [];
  const body: string[] = [];
  const paragraph = (text: string, xml = runs(text)) => {
    paragraphs.push(text);
    body.push(`<w:p><w:pPr><w:spacing w:after="160"/></w:pPr>${xml}</w:p>`);
  };
  paragraph("Quarterly report: water & parks <draft>");
  paragraph(
    "Name\tDistrict\tBudget",
    `<w:r><w:t>Name</w:t></w:r><w:r><w:tab/><w:t>District</w:t></w:r><w:r><w:tab/><w:t>Budget</w:t></w:r>`,
  );
  paragraph(
    "First line of the address\nSecond line of the address",
    `<w:r><w:t>First line of the address</w:t><w:br/><w:t>Second line of the address</w:t></w:r>`,
  );
  paragraph(
    "Revenue rose by a fifth this year.",
    `<w:r><w:t xml:space="preserve">Revenue rose by </w:t></w:r><w:del w:id="1" w:author="A"><w:r><w:delText>nearly </w:delText></w:r></w:del><w:r><w:t xml:space="preserve">a fifth </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> DATE \\@ "yyyy" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>this year</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t>.</w:t></w:r><w:r><w:footnoteReference w:id="1"/></w:r>`,
  );
  const cells = ["North", "South"];
  for (const cell of cells) paragraphs.push(cell);
  body.push(`<w:tbl><w:tr>${cells.map((cell) => `<w:tc><w:p><w:r><w:t>${cell}</w:t></w:r></w:p></w:tc>`).join("")}</w:tr></w:tbl>`);
  for (let page = 1; page <= pages; page++) {
    for (let index = 0; index < 5; index++) paragraph(prose(page * 100 + index, 6));
    if (page < pages) body.push(`<w:p><w:r><w:br w:type="page"/></w:r></w:p>`);
  }
  const footnote = "Figures are in thousands of euros.";
  paragraphs.push(footnote);
  const documentXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}"><w:body>${body.join("")}<w:sectPr/></w:body></w:document>`;
  const footnotesXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:footnotes xmlns:w="${W}"><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> ${footnote}</w:t></w:r></w:p></w:footnote></w:footnotes>`;
  const bytes = zipSync({
    "[Content_Types].xml": strToU8(CONTENT_TYPES),
    "_rels/.rels": strToU8(ROOT_RELS),
    "word/_rels/document.xml.rels": strToU8(DOCUMENT_RELS),
    "word/document.xml": strToU8(documentXml),
    "word/footnotes.xml": strToU8(footnotesXml),
    ...(mediaBytes > 0 ? { "word/media/image1.png": [noise(mediaBytes), { level: 0 }] as const } : {}),
  });
  return {
    name: options.name ?? "report.docx",
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    bytes,
    paragraphs,
  };
}

/** A spreadsheet: a valid zip of the same family, but no word/document.xml in it. */
export function notADocx(): FixtureFile {
  const bytes = zipSync({
    "[Content_Types].xml": strToU8(CONTENT_TYPES.replace("word/document.xml", "xl/workbook.xml")),
    "xl/workbook.xml": strToU8(`<?xml version="1.0"?><workbook/>`),
  });
  return { name: "report.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytes };
}

/**
 * Deflate data that inflates to `size` bytes of spaces: a fixed-Huffman block of one literal
 * and then back-references of 258 bytes at distance 1 (13 bits each), so ~160:1, and built in
 * a few milliseconds without ever holding the inflated bytes.
 */
function deflatedSpaces(size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(Math.ceil(((size / 258) * 13) / 8) + 300);
  let [bytePosition, bit] = [0, 0];
  const bits = (value: number, count: number) => {
    for (let index = 0; index < count; index++) {
      if ((value >> index) & 1) out[bytePosition] = out[bytePosition]! | (1 << bit);
      if (++bit === 8) [bit, bytePosition] = [0, bytePosition + 1];
    }
  };
  // Huffman codes are written most significant bit first.
  const code = (value: number, length: number) => {
    let reversed = 0;
    for (let index = 0; index < length; index++) reversed |= ((value >> index) & 1) << (length - 1 - index);
    bits(reversed, length);
  };
  bits(1, 1); // final block
  bits(1, 2); // fixed Huffman codes
  code(0x30 + 0x20, 8); // the literal ' ' (literals 0–143 are 0x30 + value, 8 bits)
  let left = size - 1;
  while (left >= 258 + 3) {
    code(0b11000101, 8); // length code 285: 258 bytes
    code(0, 5); // distance code 0: distance 1
    left -= 258;
  }
  for (; left > 0; left--) code(0x30 + 0x20, 8);
  code(0, 7); // end of block (256)
  return out.slice(0, bytePosition + 1);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(chunks: Iterable<Uint8Array>): number {
  let crc = 0xffffffff;
  for (const chunk of chunks) for (const byte of chunk) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface RawZipEntry {
  name: string;
  deflated: Uint8Array;
  crc: number;
  /** What the headers say the entry inflates to. */
  declaredSize: number;
}

/** A zip written entry by entry (deflate only), so a test can make its headers say anything. */
function writeZip(entries: RawZipEntry[]): Uint8Array<ArrayBuffer> {
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const header = new DataView(new ArrayBuffer(30));
    header.setUint32(0, 0x04034b50, true);
    header.setUint16(4, 20, true);
    header.setUint16(8, 8, true);
    header.setUint32(14, entry.crc, true);
    header.setUint32(18, entry.deflated.length, true);
    header.setUint32(22, entry.declaredSize, true);
    header.setUint16(26, name.length, true);
    local.push(new Uint8Array(header.buffer), name, entry.deflated);
    const record = new DataView(new ArrayBuffer(46));
    record.setUint32(0, 0x02014b50, true);
    record.setUint16(4, 20, true);
    record.setUint16(6, 20, true);
    record.setUint16(10, 8, true);
    record.setUint32(16, entry.crc, true);
    record.setUint32(20, entry.deflated.length, true);
    record.setUint32(24, entry.declaredSize, true);
    record.setUint16(28, name.length, true);
    record.setUint32(42, offset, true);
    central.push(new Uint8Array(record.buffer), name);
    offset += 30 + name.length + entry.deflated.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return concatBytes([...local, ...central, new Uint8Array(end.buffer)]);
}

const storedEntry = (name: string, text: string): RawZipEntry => {
  const data = encoder.encode(text);
  return { name, deflated: deflateSync(data), crc: crc32([data]), declaredSize: data.length };
};

/**
 * A DOCX whose word/document.xml inflates to `inflatedBytes` (default 64 MiB) from about
 * 1/160 of that. With `lie`, its headers claim 2 KB, so only counting while inflating finds out.
 */
export function zipBomb(options: { inflatedBytes?: number; lie?: boolean } = {}): FixtureFile {
  const { inflatedBytes = 64 * 2 ** 20, lie = false } = options;
  const deflated = deflatedSpaces(inflatedBytes);
  // The CRC of n spaces, computed over a reused block rather than the whole inflated entry.
  const block = new Uint8Array(2 ** 20).fill(0x20);
  const crc = crc32(
    (function* () {
      for (let left = inflatedBytes; left > 0; left -= block.length) yield left >= block.length ? block : block.subarray(0, left);
    })(),
  );
  const bytes = writeZip([
    storedEntry("[Content_Types].xml", CONTENT_TYPES),
    storedEntry("_rels/.rels", ROOT_RELS),
    { name: "word/document.xml", deflated, crc, declaredSize: lie ? 2048 : inflatedBytes },
  ]);
  return { name: "bomb.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytes };
}

/** A DOCX of `count` tiny entries, as a zip made to exhaust a reader that walks every entry. */
export function manyEntriesDocx(count: number): FixtureFile {
  const entries = [storedEntry("[Content_Types].xml", CONTENT_TYPES), storedEntry("_rels/.rels", ROOT_RELS)];
  const documentXml = `<?xml version="1.0"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>Hi</w:t></w:r></w:p></w:body></w:document>`;
  entries.push(storedEntry("word/document.xml", documentXml));
  for (let index = 0; entries.length < count; index++) entries.push(storedEntry(`word/media/image${index}.bin`, "x"));
  return { name: "many.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", bytes: writeZip(entries) };
}

// ---------------------------------------------------------------------------------------------
// Other files

/** A real 1 × 1 PNG under a PDF's name and type. */
export function pngNamedPdf(): FixtureFile {
  const chunk = (type: string, data: Uint8Array) => {
    const body = concatBytes([latin1(type), data]);
    const out = new DataView(new ArrayBuffer(12 + data.length));
    out.setUint32(0, data.length);
    new Uint8Array(out.buffer).set(body, 4);
    out.setUint32(8 + data.length, crc32([body]));
    return new Uint8Array(out.buffer);
  };
  const header = new DataView(new ArrayBuffer(13));
  header.setUint32(0, 1);
  header.setUint32(4, 1);
  new Uint8Array(header.buffer).set([8, 2, 0, 0, 0], 8);
  const bytes = concatBytes([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk("IHDR", new Uint8Array(header.buffer)),
    chunk("IDAT", zlibSync(Uint8Array.of(0, 255, 255, 255))),
    chunk("IEND", new Uint8Array()),
  ]);
  return { name: "essay.pdf", type: "application/pdf", bytes };
}

export const emptyFile = (name = "empty.txt"): FixtureFile => ({ name, type: "text/plain", bytes: new Uint8Array() });

/** Plain text in UTF-8 (optionally with a byte-order mark) or UTF-16 with its mark. */
export function textFile(
  text: string,
  options: { name?: string; encoding?: "utf-8" | "utf-8-bom" | "utf-16le" | "utf-16be" } = {},
): FixtureFile {
  const { name = "essay.txt", encoding = "utf-8" } = options;
  let bytes: Uint8Array<ArrayBuffer>;
  if (encoding === "utf-8") bytes = encoder.encode(text);
  else if (encoding === "utf-8-bom") bytes = concatBytes([Uint8Array.of(0xef, 0xbb, 0xbf), encoder.encode(text)]);
  else {
    bytes = new Uint8Array(2 + text.length * 2);
    const view = new DataView(bytes.buffer);
    const little = encoding === "utf-16le";
    view.setUint16(0, 0xfeff, little);
    for (let index = 0; index < text.length; index++) view.setUint16(2 + index * 2, text.charCodeAt(index), little);
  }
  return { name, type: name.endsWith(".md") ? "text/markdown" : "text/plain", bytes };
}

// ---------------------------------------------------------------------------------------------
// The Standard security handler, revision 2 (PDF 1.7, 7.6.3): MD5 and RC4 written out here,
// because Web Crypto has neither and these fixtures run inside workerd as well as in Node.

const PASSWORD_PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e,
  0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

const padPassword = (password: string) => concatBytes([latin1(password), PASSWORD_PADDING]).slice(0, 32);

function standardSecurityR2(userPassword: string, ownerPassword: string, permissions: number, id: Uint8Array) {
  // Algorithm 3: the owner entry is the padded user password under a key from the owner password.
  const o = rc4(md5(padPassword(ownerPassword)).slice(0, 5), padPassword(userPassword));
  // Algorithm 2: the file key.
  const p = new Uint8Array(4);
  new DataView(p.buffer).setInt32(0, permissions, true);
  const key = md5(concatBytes([padPassword(userPassword), o, p, id])).slice(0, 5);
  // Algorithm 4: the user entry is the padding under the file key.
  return { key, o, u: rc4(key, PASSWORD_PADDING) };
}

/** Algorithm 1: each object's own key. */
const objectKey = (key: Uint8Array, objectNumber: number) =>
  md5(concatBytes([key, Uint8Array.of(objectNumber & 0xff, (objectNumber >> 8) & 0xff, (objectNumber >> 16) & 0xff, 0, 0)])).slice(
    0,
    Math.min(key.length + 5, 16),
  );

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");

function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Uint8Array.from({ length: 256 }, (_, index) => index);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let index = 0, i = 0, j = 0; index < data.length; index++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[index] = data[index]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

const MD5_SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) >>> 0);

function md5(message: Uint8Array): Uint8Array {
  const length = ((message.length + 8) >> 6) * 64 + 64;
  const padded = new Uint8Array(length);
  padded.set(message);
  padded[message.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(length - 8, (message.length * 8) >>> 0, true);
  view.setUint32(length - 4, Math.floor((message.length * 8) / 2 ** 32), true);
  let [a0, b0, c0, d0] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let chunk = 0; chunk < length; chunk += 64) {
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const sum = (a + f + MD5_K[i]! + view.getUint32(chunk + g * 4, true)) >>> 0;
      const shift = MD5_SHIFTS[round * 4 + (i % 4)]!;
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    [a0, b0, c0, d0] = [(a0 + a) >>> 0, (b0 + b) >>> 0, (c0 + c) >>> 0, (d0 + d) >>> 0];
  }
  const out = new DataView(new ArrayBuffer(16));
  [a0, b0, c0, d0].forEach((word, index) => out.setUint32(index * 4, word, true));
  return new Uint8Array(out.buffer);
}

/** Exposed for the fixtures' own test (MD5 of known strings). */
export const md5ForTest = md5;

// ---------------------------------------------------------------------------------------------
// Hostile documents (issue 41): small on the wire, huge to extract. The largest are built in a few
// milliseconds without ever holding their inflated bytes: a 1 MiB block of one repeated pattern
// (spaces, empty paragraphs), deflated once in the context of itself and flushed to a byte
// boundary, is a run of blocks that can be repeated, as each repetition refers back only to a
// window that holds the same bytes (checked with Node's zlib: the inflated sizes are exact).

const MiB = 2 ** 20;

/** Raw deflate of `head`, then `block` `count` times, then `tail` (block: periodic and at least 32 KiB). */
function deflateRepeated(head: Uint8Array, block: Uint8Array, count: number, tail: Uint8Array): Uint8Array {
  const out: Uint8Array[] = [];
  const deflate = new Deflate({ level: 9 }, (chunk) => out.push(chunk));
  deflate.push(head);
  deflate.push(block);
  deflate.flush(true);
  const start = concatBytes(out.splice(0));
  deflate.push(block);
  deflate.flush(true);
  const unit = concatBytes(out.splice(0));
  deflate.push(tail, true);
  const end = concatBytes(out.splice(0));
  return concatBytes([start, ...Array.from({ length: Math.max(0, count - 1) }, () => unit), end]);
}

const ADLER_BASE = 65521;
function adler32(data: Uint8Array): number {
  let [a, b] = [1, 0];
  for (const byte of data) [a, b] = [(a + byte) % ADLER_BASE, (b + a + byte) % ADLER_BASE];
  return ((b << 16) | a) >>> 0;
}
/** zlib's adler32_combine: the checksum of A then B from theirs and B's length. */
function adler32Combine(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % ADLER_BASE;
  let sum1 = first & 0xffff;
  let sum2 = (remainder * sum1) % ADLER_BASE;
  sum1 += (second & 0xffff) + ADLER_BASE - 1;
  sum2 += (first >>> 16) + (second >>> 16) + ADLER_BASE - remainder;
  sum1 %= ADLER_BASE;
  sum2 %= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/** A zlib stream (what a PDF's FlateDecode holds) of `head`, `block` × `count`, `tail`, its checksum right. */
function zlibRepeated(head: Uint8Array, block: Uint8Array, count: number, tail: Uint8Array): Uint8Array {
  let checksum = adler32(head);
  const blockSum = adler32(block);
  for (let index = 0; index < count; index++) checksum = adler32Combine(checksum, blockSum, block.length);
  checksum = adler32Combine(checksum, adler32(tail), tail.length);
  const trailer = new Uint8Array(4);
  new DataView(trailer.buffer).setUint32(0, checksum);
  return concatBytes([Uint8Array.of(0x78, 0xda), deflateRepeated(head, block, count, tail), trailer]);
}

/** A text page's content and one shared content stream of `inflatedMiB` MiB of spaces, drawn `draws` times before it on every page. */
function pdfWithInflatingContent(pages: number, inflatedMiB: number, name: string, draws = 1): FixtureFile {
  const bomb = zlibRepeated(latin1("q\n"), new Uint8Array(MiB).fill(0x20), inflatedMiB, latin1("\nQ\n"));
  const objects: PdfObject[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    { dictionary: "/Filter /FlateDecode", stream: bomb },
  ];
  const kids: number[] = [];
  for (let page = 1; page <= pages; page++) {
    objects.push({ dictionary: "/Filter /FlateDecode", stream: zlibSync(pageContent([prose(page, 5)])) });
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents [${"4 0 R ".repeat(draws)}${objects.length} 0 R] >>`,
    );
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(" ")}] /Count ${pages} >>`;
  return { name, type: "application/pdf", bytes: writePdf(objects, "/Root 1 0 R") };
}

/** One page whose content stream inflates to 200 MiB: ~200 KB on the wire. */
export const inflatingPdf = (inflatedMiB = 200) => pdfWithInflatingContent(1, inflatedMiB, "inflating.pdf");

/** 50 pages that all draw one content stream of 100 MiB: ~110 KB on the wire, 5 GB of inflating for a reader that reads each page. */
export const sharedStreamPdf = (pages = 50, inflatedMiB = 100, draws = 1) =>
  pdfWithInflatingContent(pages, inflatedMiB, "shared.pdf", draws);

const docxType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A DOCX around a document.xml body given as deflated bytes; its headers say `declaredSize` (crc left 0: no reader gets that far). */
function docxAround(name: string, deflated: Uint8Array, declaredSize: number): FixtureFile {
  const bytes = writeZip([
    storedEntry("[Content_Types].xml", CONTENT_TYPES),
    storedEntry("_rels/.rels", ROOT_RELS),
    { name: "word/document.xml", deflated, crc: 0, declaredSize },
  ]);
  return { name, type: docxType, bytes };
}

const DOCUMENT_START = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>`;

// With `lie`, their headers say 2 KB, as a careful attacker's would, so each is stopped by the
// limit it attacks rather than by the size it declares.
const LIE = 2048;

/** A document.xml that opens `elements` nested elements (7.7 million by default) and never closes them: ~23 KB on the wire. */
export function nestedDocx({ elements = 7_700_000, lie = false } = {}): FixtureFile {
  const xml = encoder.encode(`${DOCUMENT_START}${"<a>".repeat(elements)}`);
  return docxAround("nested.docx", deflateSync(xml, { level: 9 }), lie ? LIE : xml.length);
}

/** One text run of `characters` characters (22 MiB by default): ~56 KB on the wire. */
export function longRunDocx({ characters = 22 * MiB, lie = false } = {}): FixtureFile {
  // Deflated whole (22 MiB is quick to hold): a text block does not repeat as a flushed unit does.
  const xml = encoder.encode(
    `${DOCUMENT_START}<w:p><w:r><w:t>${"Lorem ipsum dolor sit amet ".repeat(Math.ceil(characters / 27)).slice(0, characters)}</w:t></w:r></w:p></w:body></w:document>`,
  );
  return docxAround("long-run.docx", deflateSync(xml, { level: 9 }), lie ? LIE : xml.length);
}

/** A DOCX whose zip headers say its body is 2 KB while it inflates to 512 MiB of empty paragraphs: ~530 KB on the wire. */
export function lyingDocx(inflatedMiB = 512): FixtureFile {
  const block = encoder.encode("<w:p/>".repeat(Math.ceil(MiB / 6)));
  const deflated = deflateRepeated(encoder.encode(DOCUMENT_START), block, inflatedMiB, new Uint8Array());
  return docxAround("lying.docx", deflated, LIE);
}
