import { formatBytes } from "~/forms/chat-attachments";
import { formatCount } from "~/forms/format-count";
import type { ChatAttachment } from "~/shared/ai-types";
import { fromBase64 } from "../../base64.server";

// What the offline chat says of the files on a message: what it received (name, size, pages and
// words of a document, pixels of an image) and, plainly, that it cannot read or understand them. It
// quotes a document's first words, which is true and shows the text arrived; nothing more.

const QUOTED_CHARACTERS = 160;

/** `earlier`: files of earlier messages, which every turn carries again (named when the message has none). */
export function describeChatFiles(files: readonly ChatAttachment[], earlier: readonly ChatAttachment[] = []): string {
  if (files.length === 0 && earlier.length > 0) {
    const names = earlier.map((file) => `**${plainName(file.name)}**`).join(", ");
    return `Earlier in this conversation you attached ${names}. The offline demo engine still receives ${earlier.length === 1 ? "it" : "them"} with every message, but it cannot read or understand ${earlier.length === 1 ? "it" : "them"}.`;
  }
  if (files.length === 0) return "";
  const intro =
    files.length === 1
      ? "You attached one file. The offline demo engine received it, but it cannot read or understand what is in it: no language model was called, so it can only tell you what arrived."
      : `You attached ${files.length} files. The offline demo engine received them, but it cannot read or understand what is in them: no language model was called, so it can only tell you what arrived.`;
  return [intro, files.map((file) => `- ${describeFile(file)}`).join("\n")].join("\n\n");
}

function describeFile(file: ChatAttachment): string {
  const name = `**${plainName(file.name)}**`;
  if (file.kind === "image") {
    // The offline engine is always given the bytes (no provider holds a copy for it).
    const size = "dataUrl" in file ? imageSize(file.dataUrl) : undefined;
    const pixels = size ? `, ${size.width} × ${size.height} pixels` : "";
    return `${name}: ${typeLabel(file.mediaType)} image, ${formatBytes(file.bytes)}${pixels}. The offline engine cannot see images.`;
  }
  const pages = file.pages === undefined ? "" : `, ${file.pages} ${file.pages === 1 ? "page" : "pages"}`;
  const words = `${formatCount(file.words)} ${file.words === 1 ? "word" : "words"}`;
  return `${name}: ${formatBytes(file.bytes)}${pages}, ${words}. It begins: “${opening(file.text)}”`;
}

/** A file name inside Markdown emphasis: its own markup characters left out. */
const plainName = (name: string) => name.replace(/[*_`[\]\\<>]/g, "");

const typeLabel = (type: string) => ({ "image/png": "PNG", "image/jpeg": "JPEG", "image/webp": "WebP", "image/gif": "GIF" })[type] ?? "An";

/** The document's first words, on one line, cut at a word boundary. */
function opening(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= QUOTED_CHARACTERS) return flat;
  const cut = flat.slice(0, QUOTED_CHARACTERS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), QUOTED_CHARACTERS / 2))}…`;
}

/** Pixels of a PNG, GIF, WebP or JPEG from the first bytes of its data URL (cheap: a JPEG's frame header is near the start). */
export function imageSize(dataUrl: string): { width: number; height: number } | undefined {
  const comma = dataUrl.indexOf(",");
  if (comma < 0) return undefined;
  // 64 KiB of the file: 87,384 base64 characters, a multiple of 4.
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(dataUrl.slice(comma + 1, comma + 1 + 87_384));
  } catch {
    return undefined;
  }
  const at = (index: number) => bytes[index] ?? 0;
  const le16 = (index: number) => at(index) | (at(index + 1) << 8);
  const be16 = (index: number) => (at(index) << 8) | at(index + 1);
  const be32 = (index: number) => ((at(index) << 24) | (at(index + 1) << 16) | (at(index + 2) << 8) | at(index + 3)) >>> 0;
  const ascii = (index: number, length: number) => String.fromCharCode(...bytes.subarray(index, index + length));
  if (ascii(1, 3) === "PNG") return { width: be32(16), height: be32(20) };
  if (ascii(0, 3) === "GIF") return { width: le16(6), height: le16(8) };
  if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") {
    const chunk = ascii(12, 4);
    if (chunk === "VP8X")
      return { width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)), height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)) };
    if (chunk === "VP8 ") return { width: le16(26) & 0x3fff, height: le16(28) & 0x3fff };
    if (chunk === "VP8L") {
      const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
    }
    return undefined;
  }
  if (at(0) === 0xff && at(1) === 0xd8) {
    // The frame header's size (before any EXIF turn: good enough to say what arrived).
    for (let offset = 2; offset + 9 < bytes.length && at(offset) === 0xff;) {
      const marker = at(offset + 1);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: be16(offset + 7), height: be16(offset + 5) };
      }
      offset += 2 + be16(offset + 2);
    }
  }
  return undefined;
}
