import { limits } from "~/forms/limits";
import type { DetectionResult, ScannedDocument } from "~/shared/ai-types";
import type { ReportFigures, ReportFile } from "~/shared/report";
import { DEFAULT_STRICTNESS, type Strictness } from "~/shared/strictness";
import { detectAiText, detectionResult } from "../detector/detect.server";
import { detectDocument, documentResult, type DocumentParagraph } from "../detector/document-detection.server";
import { withLanguageModelScorer, withLanguageModelScorerOnDocument } from "../detector/lm-scorer.server";
import { PARAGRAPH_SEPARATOR } from "../documents/paragraphs.server";

// What a report stores of its scoring, apart from storage (create-report.server.ts) so the batch bench
// runs this very code: pasted text and a document that fits the text box are scored whole, a
// longer document section by section, as on the detector page.

/**
 * A long document's result keeps its sections but not a second copy of the text: sentences are
 * [start, end, score] spans into the row's text and `document` has no `text` (both rebuilt on read).
 */
export type StoredResult = {
  result: DetectionResult;
  words: number;
  figures: ReportFigures;
  file?: ReportFile;
  document?: Omit<ScannedDocument, "text">;
  spans?: [number, number, number][];
};

/** An uploaded document to report on: its paragraphs as extracted (a PDF's with their pages) and what the report names it. */
export type ReportSource = {
  name: string;
  kind: ScannedDocument["kind"];
  pages?: number;
  truncated: boolean;
  paragraphs: DocumentParagraph[];
};

/**
 * What a report stores of its scoring: pasted text and short documents whole, long documents by
 * sections, read at `strictness` (the result's `strictness` records the level and its lines).
 */
export async function scoreSource(
  source: string | ReportSource,
  strictness: Strictness = DEFAULT_STRICTNESS,
): Promise<{
  text: string;
  result: DetectionResult;
  stored: Omit<StoredResult, "figures">;
}> {
  const whole = typeof source === "string" ? source : source.paragraphs.map((paragraph) => paragraph.text).join(PARAGRAPH_SEPARATOR);
  if (typeof source === "string" || whole.length <= limits.detectorText) {
    const text = whole;
    const detection = detectAiText(text, strictness);
    // The report's verdict is the page's: with a language-model scorer configured, it has its say here too.
    const result = await withLanguageModelScorer(detectionResult(detection), text);
    const file = typeof source === "string" ? undefined : fileOf(source);
    return { text, result, stored: { result, words: detection.words, ...(file ? { file } : {}) } };
  }
  const detection = await withLanguageModelScorerOnDocument(detectDocument(source.paragraphs, strictness));
  const { sentences, text, sections, words } = detection;
  const result = documentResult(detection);
  const document = { ...fileOf(source), words, characters: text.length, truncated: source.truncated, sections };
  const spans = sentences.map((sentence): [number, number, number] => [sentence.start, sentence.end, sentence.score]);
  return { text, result, stored: { result: { ...result, sentences: [] }, words, file: fileOf(source), document, spans } };
}

const fileOf = ({ name, kind, pages }: ReportSource): ReportFile => ({ name, kind, ...(pages === undefined ? {} : { pages }) });
