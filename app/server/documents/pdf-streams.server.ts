import type { DocumentLimits } from "~/forms/document-limits";
import { concatBytes } from "../media/concat-bytes.server";
import { DamagedData, inflateWithin, OverBudget } from "./inflate.server";
import { RefusalError, refusals } from "./refusal.server";

// What a PDF's streams inflate to, measured before pdf.js sees the file: pdf.js inflates a stream
// whole, as often as a page draws it, and has no budget of its own. Every `stream … endstream` in
// the bytes is found (streams never sit inside object streams), its filters read from the
// dictionary before it, and each FlateDecode stage inflated with a budget per stream and for the
// file, counting and dropping what comes out. An encrypted PDF's streams cannot be measured, so
// one is refused (a password-protected one would be anyway); so is LZW, which no writer of this
// century uses and which inflates too.

const latin1 = new TextDecoder("latin1");
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const STREAM = ascii("stream");
const ENCRYPT = ascii("/Encrypt");
const END_STREAM = ascii("endstream");
/** How far back from `stream` a dictionary is looked for. */
const DICTIONARY_WINDOW = 4096;

const FLATE = new Set(["FlateDecode", "Fl"]);
/** The most a deflate stream expands: 258 bytes for every 2 bits. */
const DEFLATE_MAX_RATIO = 1032;
const LZW = new Set(["LZWDecode", "LZW"]);
/** Images: text extraction never decodes them, so the chain stops there. */
const IMAGES = new Set(["DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"]);

function indexOf(bytes: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0]!;
  for (let at = bytes.indexOf(first, from); at >= 0 && at + needle.length <= bytes.length; at = bytes.indexOf(first, at + 1)) {
    let found = true;
    for (let index = 1; index < needle.length && found; index++) found = bytes[at + index] === needle[index];
    if (found) return at;
  }
  return -1;
}

/** The dictionary that ends just before `at`: its filter names and its /Length, resolved when it is an object of its own. */
function dictionaryBefore(bytes: Uint8Array, at: number): { filters: string[]; length?: number } {
  const window = latin1.decode(bytes.subarray(Math.max(0, at - DICTIONARY_WINDOW), at));
  const dictionary = window.slice(window.lastIndexOf("obj") + 1);
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dictionary)?.[1] ?? "";
  const filters = [...filter.matchAll(/\/([^\s/[\]<>()]+)/g)].map((match) => match[1]!);
  const length = /\/Length\s+(\d+)(\s+(\d+)\s+R)?/.exec(dictionary);
  if (!length) return { filters };
  if (!length[2]) return { filters, length: Number(length[1]) };
  const object = ascii(`${length[1]} ${length[3]} obj`);
  const found = indexOf(bytes, object, 0);
  const value =
    found < 0 ? undefined : /^\s*(\d+)/.exec(latin1.decode(bytes.subarray(found + object.length, found + object.length + 32)))?.[1];
  return { filters, ...(value ? { length: Number(value) } : {}) };
}

/** An /Encrypt entry (a trailer's, or a cross-reference stream's). */
function isEncrypted(bytes: Uint8Array): boolean {
  for (let at = indexOf(bytes, ENCRYPT, 0); at >= 0; at = indexOf(bytes, ENCRYPT, at + 1)) {
    if (/^\s*(\d+\s+\d+\s+R|<<)/.test(latin1.decode(bytes.subarray(at + ENCRYPT.length, at + ENCRYPT.length + 32)))) return true;
  }
  return false;
}

/** Throws a refusal when the PDF's streams inflate past the limits, or take past the deadline to measure. */
export function measurePdfStreams(bytes: Uint8Array, limits: DocumentLimits, deadline: number): void {
  const encrypted = isEncrypted(bytes);
  const check = () => {
    if (Date.now() > deadline) throw new RefusalError("too-complex", refusals.pdfTooSlow(limits));
  };
  let left = limits.pdfInflatedBytes;
  for (let at = indexOf(bytes, STREAM, 0); at >= 0; at = indexOf(bytes, STREAM, at + STREAM.length)) {
    // `endstream` contains `stream`: only a keyword after a dictionary starts one.
    if (at >= 3 && bytes[at - 3] === 0x65 /* e */ && bytes[at - 2] === 0x6e && bytes[at - 1] === 0x64) continue;
    let start = at + STREAM.length;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    // pdf.js reads /Length bytes when `endstream` follows them, else up to `endstream`: the longer
    // of the two is measured, so an `endstream` planted inside the data hides nothing.
    const { filters, length } = dictionaryBefore(bytes, at);
    const found = indexOf(bytes, END_STREAM, start);
    const end = Math.min(bytes.length, Math.max(found < 0 ? bytes.length : found, length === undefined ? 0 : start + length));
    let data: Uint8Array | undefined = bytes.subarray(start, end);
    for (const [index, filter] of filters.entries()) {
      if (IMAGES.has(filter)) break;
      if (LZW.has(filter)) throw new RefusalError("corrupt", refusals.pdfCompression());
      if (!FLATE.has(filter) || !data) break;
      // Only a later stage needs this one's output; the last is counted and dropped.
      const keep = filters.slice(index + 1).some((next) => FLATE.has(next));
      const pieces: Uint8Array[] = [];
      const budget = Math.min(left, limits.pdfStreamBytes);
      if (encrypted) {
        const most = data.length * DEFLATE_MAX_RATIO ** (filters.length - index);
        if (most > budget) throw new RefusalError("too-complex", refusals.pdfProtected());
        left -= most;
        break;
      }
      try {
        // A zlib header of two bytes, then deflate data (the checksum at the end is not needed).
        left -= inflateWithin(data.subarray(2), budget, keep ? (piece) => pieces.push(piece.slice()) : undefined, check);
      } catch (error) {
        if (error instanceof OverBudget) throw new RefusalError("too-complex", refusals.pdfBomb());
        if (!(error instanceof DamagedData)) throw error;
        // Damaged data: pdf.js stops at the same place, so what it inflates is what was counted.
        left -= error.inflated;
        break;
      }
      data = keep ? concatBytes(pieces) : undefined;
    }
    check();
    if (found < 0) return;
    at = found;
  }
}
