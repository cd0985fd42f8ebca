import { SaxesParser, type SaxesTagPlain } from "saxes";
import { unzipRaw, type ZipEntry } from "unzipit";
import type { DocumentLimits } from "~/forms/document-limits";
import { ParagraphCollector } from "./paragraphs.server";
import { RefusalError, refusals } from "./refusal.server";

// DOCX text: unzipit reads the zip's directory and inflates one entry at a time through the
// runtime's DecompressionStream, failing as soon as an entry inflates past the size its header
// declares; saxes walks the XML as it arrives. Only the parts with the document's text are read
// (body, then footnotes and endnotes), never pictures or styles, and never more than the limits.

const BODY = "word/document.xml";
const NOTES = ["word/footnotes.xml", "word/endnotes.xml"];
const DEFLATE = 8;
const STORED = 0;

/** Runs in the XML's elements into paragraphs: what Word shows, not what it keeps. */
class WordTextWalker {
  private paragraph = "";
  private inText = false;
  /** Depth inside elements whose text is not shown: deletions, field codes, fallbacks, note separators. */
  private hidden = 0;
  private readonly hiding: boolean[] = [];

  constructor(private readonly onParagraph: (text: string) => boolean) {}

  open(tag: SaxesTagPlain) {
    const name = tag.name;
    // mc:Fallback repeats a text box that mc:Choice holds; a note with a w:type is a separator line.
    const hides =
      name === "w:delText" ||
      name === "w:instrText" ||
      name === "mc:Fallback" ||
      ((name === "w:footnote" || name === "w:endnote") && "w:type" in tag.attributes);
    this.hiding.push(hides);
    if (hides) this.hidden++;
    if (this.hidden) return;
    if (name === "w:t") this.inText = true;
    else if (name === "w:tab" || name === "w:ptab") this.paragraph += "\t";
    else if ((name === "w:br" && tag.attributes["w:type"] !== "page") || name === "w:cr") this.paragraph += "\n";
    else if (name === "w:noBreakHyphen") this.paragraph += "-";
  }

  close(tag: SaxesTagPlain): boolean {
    const hides = this.hiding.pop();
    if (hides) this.hidden--;
    if (tag.name === "w:t") this.inText = false;
    else if (tag.name === "w:p" && !this.hidden) {
      const text = this.paragraph;
      this.paragraph = "";
      return this.onParagraph(text);
    }
    return true;
  }

  text(text: string) {
    if (this.inText && !this.hidden) this.paragraph += text;
  }
}

/** Stops the walk once the character limit is reached; not an error. */
class Enough extends Error {}

async function walkEntry(entry: ZipEntry, collector: ParagraphCollector, budget: { bytes: number }) {
  const walker = new WordTextWalker((text) => collector.add(text));
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | undefined;
  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.on("opentag", (tag) => walker.open(tag as SaxesTagPlain));
  parser.on("closetag", (tag) => {
    if (!walker.close(tag as SaxesTagPlain)) throw new Enough();
  });
  parser.on("text", (text) => walker.text(text));

  const reader = (await entry.stream()).getReader();
  const decoder = new TextDecoder("utf-8");
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        // unzipit refuses an entry that inflates past its declared size; anything else is damage.
        if (/exceeds limit|size mismatch/.test(String((error as Error)?.message))) throw new RefusalError("zip-bomb", refusals.zipBomb());
        throw new RefusalError("corrupt", refusals.corruptDocx());
      }
      if (chunk.done) break;
      budget.bytes -= chunk.value.length;
      if (budget.bytes < 0) throw new RefusalError("zip-bomb", refusals.zipBomb());
      parser.write(decoder.decode(chunk.value, { stream: true }));
      if (failure) throw new RefusalError("corrupt", refusals.corruptDocx());
    }
    parser.write(decoder.decode());
    parser.close();
    if (failure) throw new RefusalError("corrupt", refusals.corruptDocx());
  } catch (error) {
    if (!(error instanceof Enough)) throw error;
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

export async function extractDocx(bytes: Uint8Array, limits: DocumentLimits): Promise<ParagraphCollector> {
  let entries: ZipEntry[];
  try {
    ({ entries } = await unzipRaw(bytes));
  } catch {
    throw new RefusalError("corrupt", refusals.corruptDocx());
  }
  if (entries.length > limits.docxEntries) throw new RefusalError("zip-bomb", refusals.zipBomb());
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const body = byName.get(BODY);
  if (!body || !byName.has("[Content_Types].xml")) throw new RefusalError("not-docx", refusals.notDocx());
  const parts = [body, ...NOTES.flatMap((name) => byName.get(name) ?? [])];
  for (const part of parts) {
    if (part.encrypted || (part.compressionMethod !== DEFLATE && part.compressionMethod !== STORED))
      throw new RefusalError("corrupt", refusals.corruptDocx());
  }
  // Declared sizes first (an honest bomb says what it is), then the inflated bytes are counted too.
  const declared = parts.reduce((sum, part) => sum + part.size, 0);
  if (declared > limits.docxXmlBytes) throw new RefusalError("zip-bomb", refusals.zipBomb());
  const collector = new ParagraphCollector(limits.characters);
  const budget = { bytes: limits.docxXmlBytes };
  for (const part of parts) {
    await walkEntry(part, collector, budget);
    if (collector.truncated) break;
  }
  return collector;
}
