import { sniffImageType } from "../media/sniff.server";
import type { SniffedType } from "./refusal.server";

// A document's type comes from its first bytes, never from its name or the browser's MIME type:
// those only decide whether to refuse a file whose name promises something else.

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (value: string) => [...value].map((char) => char.charCodeAt(0));

const PDF_HEADER = ascii("%PDF-");
/** PDF readers accept junk before the header within the first kilobyte (PDF 1.7, annex H.3). */
const PDF_HEADER_WINDOW = 1024;

function findPdfHeader(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length - PDF_HEADER.length, PDF_HEADER_WINDOW);
  for (let offset = 0; offset <= end; offset++) if (startsWith(bytes, PDF_HEADER, offset)) return true;
  return false;
}

export type TextEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** The encoding a byte-order mark declares, and how many bytes the mark takes. */
export function byteOrderMark(bytes: Uint8Array): { encoding: TextEncoding; length: number } | undefined {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { encoding: "utf-8", length: 3 };
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: "utf-16le", length: 2 };
  if (startsWith(bytes, [0xfe, 0xff])) return { encoding: "utf-16be", length: 2 };
  return undefined;
}

/** How much of a file is looked at to tell text from binary data. */
const TEXT_SNIFF_BYTES = 8192;

/** Control characters other than tab, line feed, form feed and carriage return: binary data. */
const isBinaryByte = (byte: number) =>
  byte === 0 || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) || byte === 0x7f;

export function sniffDocumentType(bytes: Uint8Array): SniffedType {
  if (findPdfHeader(bytes)) return "pdf";
  // A local file header, or the end record of an empty archive.
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return "zip";
  // Compound File Binary: Word 97–2003 documents, and Office files encrypted with a password to open.
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "ole";
  if (startsWith(bytes, ascii("{\\rtf"))) return "rtf";
  const image = sniffImageType(bytes);
  if (image) return image.slice("image/".length) as "png" | "jpeg" | "webp";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (byteOrderMark(bytes)) return "text";
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES);
  for (const byte of head) if (isBinaryByte(byte)) return "binary";
  return "text";
}

export type DocumentKind = "pdf" | "docx" | "txt" | "md";

/** The kind a file's name promises, if it names one we read. */
export function kindOfName(name: string): { extension: string; kind: DocumentKind } | undefined {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return undefined;
  const extension = name.slice(dot + 1).toLowerCase();
  const kind = ({ pdf: "pdf", docx: "docx", txt: "txt", text: "txt", md: "md", markdown: "md" } as const)[extension];
  return kind ? { extension, kind } : undefined;
}
