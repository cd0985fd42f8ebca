import { SaxesParser, type SaxesTagPlain } from "saxes";
import type { DocumentLimits } from "~/forms/document-limits";
import { inflateWithin, OverBudget } from "./inflate.server";
import { ParagraphCollector } from "./paragraphs.server";
import { RefusalError, refusals } from "./refusal.server";
import { readZipDirectory, type ZipEntry } from "./zip.server";

// DOCX text: the zip's directory read by hand (zip.server.ts), each part inflated a little at a
// time and counted against its budget whatever the headers declare (inflate.server.ts), and saxes
// walking the XML as it comes out. Only the parts with the document's text are read (body, then
// footnotes and endnotes), never pictures or styles. The walk stops at the first sign of a hostile
// part: inflated bytes past the budget, elements nested past the depth limit, one stretch of text
// longer than the limit, or the first XML error (saxes would go on and report every unclosed tag).

const BODY = "word/document.xml";
const NOTES = ["word/footnotes.xml", "word/endnotes.xml"];

/** Runs in the XML's elements into paragraphs: what Word shows, not what it keeps. */
class WordTextWalker {
  private paragraph = "";
  private inText = false;
  /** Depth inside elements whose text is not shown: deletions, field codes, fallbacks, note separators. */
  private hidden = 0;
  private readonly hiding: boolean[] = [];

  constructor(
    private readonly onParagraph: (text: string) => boolean,
    /** A paragraph is kept to this many characters: the collector cuts it there and stops. */
    private readonly longest: number,
  ) {}

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
      // An empty paragraph (a blank line) adds nothing: not worth the tidying.
      return text ? this.onParagraph(text) : true;
    }
    return true;
  }

  text(text: string) {
    if (this.inText && !this.hidden && this.paragraph.length <= this.longest) this.paragraph += text.slice(0, this.longest + 1);
  }
}

/** Stops the walk once the character limit is reached; not an error. */
class Enough extends Error {}

/** Characters since the last '<' or '>': one text node, attribute or comment as saxes buffers it whole. */
class StretchMeter {
  private stretch = 0;
  constructor(private readonly limit: number) {}

  measure(text: string) {
    let from = 0;
    for (;;) {
      const open = text.indexOf("<", from);
      const close = text.indexOf(">", from);
      const mark = open < 0 ? close : close < 0 ? open : Math.min(open, close);
      this.stretch += (mark < 0 ? text.length : mark) - from;
      if (this.stretch > this.limit) throw new RefusalError("too-complex", refusals.longRun());
      if (mark < 0) return;
      this.stretch = 0;
      from = mark + 1;
    }
  }
}

const DEFLATE = 8;
const STORED = 0;
/** A stored part is handed to the parser in slices this size, as an inflated one is. */
const SLICE = 64 * 1024;

/** Walks one part; returns the bytes it inflated to. */
function walkPart(entry: ZipEntry, collector: ParagraphCollector, budget: number, limits: DocumentLimits): number {
  const walker = new WordTextWalker((text) => collector.add(text), limits.characters);
  const parser = new SaxesParser({ xmlns: false, position: false });
  const meter = new StretchMeter(limits.docxTextRun);
  let depth = 0;
  parser.on("error", () => {
    throw new RefusalError("corrupt", refusals.corruptDocx());
  });
  parser.on("opentag", (tag) => {
    if (++depth > limits.docxDepth) throw new RefusalError("too-complex", refusals.tooDeep(limits));
    walker.open(tag as SaxesTagPlain);
  });
  parser.on("closetag", (tag) => {
    depth--;
    if (!walker.close(tag as SaxesTagPlain)) throw new Enough();
  });
  parser.on("text", (text) => walker.text(text));

  const decoder = new TextDecoder("utf-8");
  const write = (chunk: Uint8Array) => {
    const text = decoder.decode(chunk, { stream: true });
    meter.measure(text);
    parser.write(text);
  };
  let inflated = 0;
  try {
    const data = entry.data();
    if (entry.method === STORED) {
      if (data.length > budget) throw new OverBudget();
      for (let offset = 0; offset < data.length; offset += SLICE) write(data.subarray(offset, offset + SLICE));
      inflated = data.length;
    } else inflated = inflateWithin(data, budget, write);
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof Enough) return inflated;
    if (error instanceof OverBudget) throw new RefusalError("zip-bomb", refusals.zipBomb());
    if (error instanceof RefusalError) throw error;
    // fflate refusing the deflate data, or a part cut short: damage.
    throw new RefusalError("corrupt", refusals.corruptDocx());
  }
  return inflated;
}

export function extractDocx(bytes: Uint8Array, limits: DocumentLimits): ParagraphCollector {
  const entries = readZipDirectory(bytes, limits.docxEntries);
  const body = entries.get(BODY);
  if (!body || !entries.has("[Content_Types].xml")) throw new RefusalError("not-docx", refusals.notDocx());
  const parts = [body, ...NOTES.flatMap((name) => entries.get(name) ?? [])];
  for (const part of parts) {
    if (part.encrypted || (part.method !== DEFLATE && part.method !== STORED)) throw new RefusalError("corrupt", refusals.corruptDocx());
  }
  // Declared sizes first (an honest bomb says what it is); then what comes out is counted too.
  const declared = parts.reduce((sum, part) => sum + part.declaredSize, 0);
  if (declared > limits.docxXmlBytes || parts.some((part) => part.declaredSize > limits.docxPartBytes))
    throw new RefusalError("zip-bomb", refusals.zipBomb());
  const collector = new ParagraphCollector(limits.characters);
  let left = limits.docxXmlBytes;
  for (const part of parts) {
    left -= walkPart(part, collector, Math.min(left, limits.docxPartBytes), limits);
    if (collector.truncated) break;
  }
  return collector;
}
