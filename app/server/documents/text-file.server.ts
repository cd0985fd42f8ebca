import { splitParagraphs } from "./paragraphs.server";
import { RefusalError, refusals } from "./refusal.server";
import { byteOrderMark } from "./sniff.server";

// TXT and Markdown: UTF-8, with or without a byte-order mark, or UTF-16 with one (what Windows
// Notepad writes as 'Unicode'). Anything else is refused rather than guessed at: a wrong guess
// would hand the detector mojibake.

export function decodeText(bytes: Uint8Array): string {
  const mark = byteOrderMark(bytes);
  try {
    return new TextDecoder(mark?.encoding ?? "utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new RefusalError("not-utf8", refusals.notUtf8());
  }
}

/** Control characters other than tab, line and page breaks: a file that decodes but is not text. */
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const BINARY = /[\u0000-\u0008\u000e-\u001f]/;

export function textParagraphs(bytes: Uint8Array): string[] {
  const text = decodeText(bytes);
  if (BINARY.test(text.slice(0, 65_536))) throw new RefusalError("unsupported-type", refusals.unsupported("binary"));
  return splitParagraphs(text);
}
