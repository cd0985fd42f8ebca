import { limits } from "~/forms/limits";
import type {
  DetectionEngine,
  DetectionResult,
  DetectionVerdict,
  DocumentSection,
  SentenceScore,
  StrictnessReading,
} from "~/shared/ai-types";
import { DEFAULT_STRICTNESS, type Strictness } from "~/shared/strictness";
import { readStrictness, verdictOf, whereItFalls } from "./detector-strictness.server";
import { detectAiText, isScored, OFFLINE_NOTICE, percentOf } from "./detect.server";
import { trainedDetector } from "./trained-detector.server";

// A document longer than one text box: its paragraphs are grouped into sections of a few hundred
// words, each scored by the same trained model as pasted text, so the verdict says which parts read
// as AI. The document is judged as a document: its sections' calibrated logits, averaged by their
// words, are recalibrated as training fitted on document-length validation texts (decision 058),
// and read against the lines of its own length band; each word is scored once, so the CPU a word
// costs is the pasted text's.

/** A section's words: enough for a verdict of its own, few enough that it points at a part of the document. */
const SECTION_WORDS = { least: Math.max(limits.detectorMinWords, 150), most: 450 };

export type DocumentParagraph = { text: string; page?: number };

export type DocumentDetection = {
  text: string;
  verdict: DetectionVerdict;
  probability: number | null;
  words: number;
  sections: DocumentSection[];
  /** Per-sentence probabilities over the whole text, offsets into `text`. */
  sentences: SentenceScore[];
  report: string;
  bands: { likelyAi: number; mixedFrom: number };
  /** The document's reading at the level picked (its length band is the whole document's); null when not scored. */
  strictness: StrictnessReading | null;
};

export function detectDocument(paragraphs: DocumentParagraph[], level: Strictness = DEFAULT_STRICTNESS): DocumentDetection {
  const text = paragraphs.map((paragraph) => paragraph.text).join("\n\n");
  const sections: DocumentSection[] = [];
  const sentences: SentenceScore[] = [];
  const sectionLogits: { logit: number; words: number }[] = [];
  for (const group of groupParagraphs(paragraphs)) {
    const sectionText = text.slice(group.start, group.end);
    const detection = detectAiText(sectionText, level);
    const scored = isScored(detection.verdict);
    sections.push({ ...group, words: detection.words, verdict: detection.verdict, probability: scored ? detection.probability : null });
    if (scored && detection.verdict !== "too-short") sectionLogits.push({ logit: detection.calibratedLogit, words: detection.words });
    for (const sentence of detection.sentences)
      sentences.push({ ...sentence, start: sentence.start + group.start, end: sentence.end + group.start });
  }
  const detector = trainedDetector();
  const { aiThreshold, mixedFrom, documentStrictness: table } = detector;
  const scoredWords = sectionLogits.reduce((sum, section) => sum + section.words, 0);
  const words = sections.reduce((sum, section) => sum + section.words, 0);
  const probability = scoredWords > 0 ? percentOf(detector.combineSections(sectionLogits)) : null;
  const reading = probability === null ? null : readStrictness(table, probability / 100, scoredWords, level);
  const verdict: DetectionVerdict =
    probability === null || !reading
      ? sections.some((section) => section.verdict === "english-only")
        ? "english-only"
        : "too-short"
      : verdictOf(reading, probability / 100);
  return {
    text,
    verdict,
    probability,
    words,
    sections,
    sentences,
    report: documentReport(verdict, probability, sections, reading),
    bands: { likelyAi: aiThreshold, mixedFrom },
    strictness: reading,
  };
}

/** The detector's result for a document, as pages, the API and reports show it (the file's own facts are the caller's to add). */
export function documentResult(detection: DocumentDetection & { engine?: DetectionEngine }): DetectionResult {
  const { report, probability, verdict, sentences, bands, strictness, engine } = detection;
  return { report, probability, range: null, verdict, sentences, bands, strictness, ...(engine ? { engine } : {}) };
}

type Group = { label: string; start: number; end: number };
type Piece = { start: number; end: number; words: number; paragraph: number; page?: number };

/** The paragraphs as spans of the joined text; a paragraph longer than a section is cut at sentence ends. */
function piecesOf(paragraphs: DocumentParagraph[]): Piece[] {
  const pieces: Piece[] = [];
  let offset = 0;
  paragraphs.forEach((paragraph, index) => {
    let chunkStart = 0;
    let chunkWords = 0;
    const push = (chunkEnd: number) => {
      if (chunkEnd > chunkStart)
        pieces.push({ start: offset + chunkStart, end: offset + chunkEnd, words: chunkWords, paragraph: index + 1, page: paragraph.page });
    };
    for (const sentence of paragraph.text.matchAll(/[^.!?]+(?:[.!?]+["'”’)\]]*|$)\s*/g)) {
      const words = sentence[0].split(/\s+/).filter(Boolean).length;
      if (chunkWords > 0 && chunkWords + words > SECTION_WORDS.most) {
        push(sentence.index);
        chunkStart = sentence.index;
        chunkWords = 0;
      }
      chunkWords += words;
    }
    push(paragraph.text.length);
    offset += paragraph.text.length + 2;
  });
  return pieces;
}

/** Consecutive pieces up to SECTION_WORDS.most words; a short section takes the next piece, a short tail joins the one before. */
export function groupParagraphs(paragraphs: DocumentParagraph[]): Group[] {
  const groups: { start: number; end: number; words: number; first: number; last: number; pages: [number, number] | null }[] = [];
  const join = (group: (typeof groups)[number], piece: { end: number; words: number; last: number; pages: [number, number] | null }) => {
    group.end = piece.end;
    group.words += piece.words;
    group.last = piece.last;
    if (piece.pages) group.pages = [group.pages?.[0] ?? piece.pages[0], piece.pages[1]];
  };
  for (const piece of piecesOf(paragraphs)) {
    const pages: [number, number] | null = piece.page ? [piece.page, piece.page] : null;
    const current = groups.at(-1);
    if (current && (current.words < SECTION_WORDS.least || current.words + piece.words <= SECTION_WORDS.most)) {
      join(current, { ...piece, last: piece.paragraph, pages });
    } else groups.push({ start: piece.start, end: piece.end, words: piece.words, first: piece.paragraph, last: piece.paragraph, pages });
  }
  const tail = groups.at(-1);
  const beforeTail = groups.at(-2);
  if (tail && beforeTail && tail.words < SECTION_WORDS.least) {
    join(beforeTail, tail);
    groups.pop();
  }
  return groups.map(({ start, end, first, last, pages }) => ({
    start,
    end,
    label: pages
      ? pages[0] === pages[1]
        ? `Page ${pages[0]}`
        : `Pages ${pages[0]}–${pages[1]}`
      : first === last
        ? `Paragraph ${first}`
        : `Paragraphs ${first}–${last}`,
  }));
}

function documentReport(
  verdict: DetectionVerdict,
  probability: number | null,
  sections: DocumentSection[],
  reading: StrictnessReading | null,
): string {
  const asAi = sections.filter((section) => section.verdict === "likely-ai").length;
  const mixed = sections.filter((section) => section.verdict === "mixed").length;
  const headline =
    probability === null
      ? verdict === "english-only"
        ? "not scored (English only for now)"
        : "too short for a reliable verdict"
      : `${probability}%`;
  const parts =
    probability === null
      ? "No section could be scored."
      : `${asAi} of ${sections.length} section${sections.length === 1 ? "" : "s"} read${asAi === 1 ? "s" : ""} as AI and ${mixed} ${mixed === 1 ? "is" : "are"} mixed; the document's figure combines the sections' scores as calibrated on document-length texts.${reading ? ` ${whereItFalls(reading)}` : ""}`;
  return `AI Probability: ${headline}\nAnalysis: ${parts} (${OFFLINE_NOTICE})`;
}
