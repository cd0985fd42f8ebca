import { documentLimits, type DocumentLimits } from "~/forms/document-limits";
import { extractDocx } from "./docx.server";
import { countWords, ParagraphCollector, type Paragraph } from "./paragraphs.server";
import { extractPdf } from "./pdf.server";
import { readAtMost } from "./read-bytes.server";
import { refuse, RefusalError, refusals, type DocumentRefusal, type SniffedType } from "./refusal.server";
import { kindOfName, sniffDocumentType, type DocumentKind } from "./sniff.server";
import { textParagraphs } from "./text-file.server";

// The one door into document extraction: an upload in, its text out (paragraphs kept, PDF pages
// noted), or a refusal saying what to fix. The type is read from the bytes; the name only
// matters when it promises a type the bytes are not. Bad input never throws.

export type { DocumentKind, DocumentRefusal, Paragraph };
export type { RefusalKind } from "./refusal.server";
export { documentLimits, type DocumentLimits };

export interface ExtractedDocument {
  ok: true;
  kind: DocumentKind;
  /** The paragraphs joined by blank lines. */
  text: string;
  paragraphs: Paragraph[];
  /** PDF only: the document's page count. */
  pages?: number;
  words: number;
  /** Length of `text` in UTF-16 code units, as the text fields count. */
  characters: number;
  /** Set when extraction stopped at the character limit; `text` ends at a word boundary there. */
  truncated?: { characters: number };
}

export type DocumentInput =
  { name: string; type?: string; size?: number; stream(): ReadableStream<Uint8Array> } | { name: string; type?: string; bytes: Uint8Array };

const familyOf = (kind: DocumentKind) => (kind === "md" ? "txt" : kind);
const kindOfSniffed = (sniffed: SniffedType): DocumentKind | undefined =>
  sniffed === "pdf" ? "pdf" : sniffed === "zip" ? "docx" : sniffed === "text" ? "txt" : undefined;

export async function extractDocument(
  input: DocumentInput,
  limits: DocumentLimits = documentLimits,
): Promise<ExtractedDocument | DocumentRefusal> {
  try {
    let bytes: Uint8Array;
    // A File has a bytes() method too (Blob.bytes), so the stream decides which input this is.
    if (!("stream" in input)) {
      if (input.bytes.length > limits.fileBytes) return refuse("too-large", refusals.tooLarge(limits));
      bytes = input.bytes;
    } else {
      const read = await readAtMost(input.stream(), limits.fileBytes, input.size);
      if (!read.ok) return refuse("too-large", refusals.tooLarge(limits));
      bytes = read.bytes;
    }
    if (bytes.length === 0) return refuse("empty", refusals.empty());

    // The browser's MIME type is not consulted: it is derived from the name, or absent.
    const sniffed = sniffDocumentType(bytes);
    const named = kindOfName(input.name);
    const found = kindOfSniffed(sniffed);
    if (named && (!found || familyOf(found) !== familyOf(named.kind))) {
      // A name promising a DOCX over a zip that is no Word document is answered once its directory is read.
      if (!(named.kind === "docx" && sniffed === "zip")) return refuse("type-mismatch", refusals.mismatch(named.extension, sniffed));
    }
    if (!found) return refuse("unsupported-type", refusals.unsupported(sniffed));

    if (found === "pdf") {
      const { collector, pages } = await extractPdf(bytes, limits);
      return result("pdf", collector, pages);
    }
    if (found === "docx") {
      const collector = extractDocx(bytes, limits);
      if (!collector.paragraphs.length) return refuse("no-text", refusals.noText());
      return result("docx", collector);
    }
    const collector = new ParagraphCollector(limits.characters);
    for (const paragraph of textParagraphs(bytes)) if (!collector.add(paragraph)) break;
    if (!collector.paragraphs.length) return refuse("no-text", refusals.noText());
    return result(named?.kind === "md" ? "md" : "txt", collector);
  } catch (error) {
    if (error instanceof RefusalError) return refuse(error.refusal, error.message);
    // Whatever else a library throws on a hostile file is still the file's fault, not a server error.
    return refuse("corrupt", refusals.unreadable());
  }
}

function result(kind: DocumentKind, collector: ParagraphCollector, pages?: number): ExtractedDocument {
  const text = collector.text;
  return {
    ok: true,
    kind,
    text,
    paragraphs: collector.paragraphs,
    ...(pages === undefined ? {} : { pages }),
    words: countWords(text),
    characters: text.length,
    ...(collector.truncated ? { truncated: { characters: text.length } } : {}),
  };
}
