// Text as the tools take it: paragraphs (the detector scores them one by one; a PDF's keep their
// page), each tidied the same way whatever the format, within the character limit.

export interface Paragraph {
  text: string;
  /** The PDF page the paragraph is on (a paragraph that runs over a page break is split there). */
  page?: number;
}

// C0 and C1 controls other than tab and line feed, the byte-order mark, soft hyphens and
// zero-width spaces: invisible in a document, noise to a reader.
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u200b\ufeff]/g;

/** One paragraph tidied: line ends unified, invisible characters dropped, spaces collapsed, ends trimmed. */
export function tidyParagraph(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(INVISIBLE, "")
    .replace(/[ \u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
}

/** Plain text split at blank lines. */
export function splitParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t\u00a0]*\n\s*/)
    .map(tidyParagraph)
    .filter(Boolean);
}

const WORD = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;

export const countWords = (text: string) => text.match(WORD)?.length ?? 0;

/** Paragraphs are joined by a blank line, as they were typed into the text field. */
export const PARAGRAPH_SEPARATOR = "\n\n";

/**
 * Collects paragraphs up to a character limit (counted on the joined text, as the text fields
 * count). `add` answers false once the limit is reached: the extractor stops reading there.
 */
export class ParagraphCollector {
  readonly paragraphs: Paragraph[] = [];
  private characters = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  add(raw: string, page?: number): boolean {
    if (this.truncated) return false;
    const text = tidyParagraph(raw);
    if (!text) return true;
    const separator = this.paragraphs.length ? PARAGRAPH_SEPARATOR.length : 0;
    const room = this.limit - this.characters - separator;
    if (text.length <= room) {
      this.paragraphs.push(page === undefined ? { text } : { text, page });
      this.characters += separator + text.length;
      return true;
    }
    // Cut at the last space that fits, so no word is halved.
    const cut = text.slice(0, Math.max(room, 0));
    const kept = (/\s/.test(text.charAt(room)) ? cut : cut.replace(/\S*$/, "")).trimEnd();
    if (kept) {
      this.paragraphs.push(page === undefined ? { text: kept } : { text: kept, page });
      this.characters += separator + kept.length;
    }
    this.truncated = true;
    return false;
  }

  get text() {
    return this.paragraphs.map((paragraph) => paragraph.text).join(PARAGRAPH_SEPARATOR);
  }
}
