// Offline AI-text detector: a logistic model trained on labelled human and machine text
// (scripts/train-detector.mjs, weights in detector-weights.json), calibrated so that its
// probability means what it says; measured figures in the README and on the page come from
// `npm run eval:detector`. The named signals explain the verdict to the reader. A verdict from 40
// words, with the range a text that short leaves; text in another language gets 'english-only'.

import { limits } from "~/forms/limits";
import type { DetectionResult, DetectionVerdict, StrictnessReading } from "~/shared/ai-types";
import { DEFAULT_STRICTNESS, type Strictness } from "~/shared/strictness";
import { readStrictness, verdictOf, whereItFalls } from "~/server/detector/detector-strictness.server";
import { identifyLanguage } from "~/server/detector/language-identification.server";
import { trainedDetector } from "~/server/detector/trained-detector.server";
import { measureSignals, parseText, type ParsedText, type SignalId } from "~/server/detector/style-signals.server";

export type SignalDirection = "ai" | "human";

export type Signal = {
  id: SignalId;
  label: string;
  value: number;
  weight: number;
  contribution: number;
  direction: SignalDirection;
};

export type SentenceScore = { text: string; start: number; end: number; score: number };

export type Verdict = DetectionVerdict;

export type Detection = {
  /** The calibrated probability (0–100) that the text is machine-written (0 when not scored). */
  probability: number;
  /** Where the probability lies four times in five, given the text's length (percent); null when not scored. */
  range: { low: number; high: number } | null;
  verdict: Verdict;
  words: number;
  analysis: string;
  signals: Signal[];
  sentences: SentenceScore[];
  report: string;
  /** The level the verdict is given at and where the text falls at every level; null when not scored. */
  strictness: StrictnessReading | null;
  /** The calibrated logit behind `probability` (unrounded), for combining a document's sections. */
  calibratedLogit: number;
};

export const OFFLINE_NOTICE = "Offline engine: a trained stylometric model, not a language model.";

const MIN_WORDS = limits.detectorMinWords;
const SHORT_WORDS = limits.detectorShortWords;

type SignalSpec = {
  label: string;
  /**
   * linear: a value at `center` contributes nothing, one `scale` above contributes +weight.
   * peak: a value at `center` contributes +weight, falling to 0 one `scale` away and below 0 beyond.
   */
  shape: "linear" | "peak";
  center: number;
  scale: number;
  /**
   * Positive: higher values point to AI; negative: higher values point to a human. Set by hand
   * to say which way a value leans in the explanation; the probability comes from the model.
   */
  weight: number;
  /** Words for the analysis; `towards` says which way the value pointed in this text. */
  describe: (value: number, towards: SignalDirection, evidence: Evidence) => string;
};

/** What the analysis quotes besides the numbers. */
type Evidence = { stockPhrases: readonly string[] };

const SPECS: Record<SignalId, SignalSpec> = {
  burstiness: {
    label: "Sentence-length variation",
    shape: "linear",
    center: 0.35,
    scale: 0.15,
    weight: -1,
    describe: (_v, towards) =>
      towards === "ai" ? "the sentences are all about the same length" : "sentence lengths vary a lot, short ones next to long ones",
  },
  sentenceLength: {
    label: "Average sentence length (words)",
    shape: "peak",
    center: 17,
    scale: 5,
    weight: 0.6,
    describe: (v, towards) =>
      towards === "ai"
        ? `the sentences keep to the middling length assistants favour (about ${Math.round(v)} words)`
        : `the sentences are ${v < 17 ? "shorter" : "longer"} than assistants usually write (about ${Math.round(v)} words)`,
  },
  readability: {
    label: "Flesch reading ease",
    shape: "linear",
    center: 48,
    scale: 20,
    weight: -0.5,
    describe: (_v, towards) => (towards === "ai" ? "the wording is dense, with many long words" : "the wording is plain and everyday"),
  },
  vocabulary: {
    label: "Vocabulary variety (MATTR)",
    shape: "linear",
    center: 0.83,
    scale: 0.05,
    weight: 0.6,
    describe: (_v, towards) =>
      towards === "ai"
        ? "words are seldom repeated, as if each was picked to vary the last"
        : "everyday words come back naturally, as in speech",
  },
  rarity: {
    label: "Rare-word share",
    shape: "linear",
    center: 0.245,
    scale: 0.06,
    weight: 0.6,
    describe: (v, towards) =>
      towards === "ai"
        ? `many less common words (${oneIn(v)} is outside everyday vocabulary)`
        : `mostly everyday words (only ${oneIn(v)} is not)`,
  },
  stockPhrases: {
    label: "Stock AI phrases per 100 words",
    shape: "linear",
    center: 0.5,
    scale: 1,
    weight: 1,
    describe: (v, _towards, evidence) =>
      v === 0
        ? "none of the stock phrases assistants lean on"
        : `stock assistant wording such as ${evidence.stockPhrases
            .slice(0, 3)
            .map((p) => `"${p}"`)
            .join(", ")}`,
  },
  repetition: {
    label: "Repeated openers and phrases",
    shape: "linear",
    center: 0.04,
    scale: 0.07,
    weight: -0.25,
    describe: (_v, towards) =>
      towards === "human" ? "phrases and sentence openings repeat, the way people repeat themselves" : "almost no repeated phrases",
  },
  listsOfThree: {
    label: "Lists of three per sentence",
    shape: "linear",
    center: 0.1,
    scale: 0.15,
    weight: 0.3,
    describe: (_v, towards) => (towards === "ai" ? 'frequent lists of three ("A, B, and C")' : "few lists of three"),
  },
  firstPerson: {
    label: "First-person singular per 100 words",
    shape: "linear",
    center: 1,
    scale: 2,
    weight: -0.4,
    describe: (v) => (v === 0 ? "no personal voice (no I, me or my)" : "a personal voice (I, me, my)"),
  },
  contractions: {
    label: "Contractions per 100 words",
    shape: "linear",
    center: 0.5,
    scale: 1,
    weight: -0.2,
    describe: (v) => (v === 0 ? "no contractions (it is, not it's)" : "contractions such as don't and it's"),
  },
  punctuation: {
    label: "Expressive punctuation per 100 words",
    shape: "linear",
    center: 1.2,
    scale: 1.5,
    weight: -0.6,
    describe: (v) =>
      v === 0 ? "tidy punctuation: no dashes, brackets, questions or exclamations" : "dashes, brackets, questions or exclamations",
  },
  numerals: {
    label: "Numerals per 100 words",
    shape: "linear",
    center: 0.5,
    scale: 1,
    weight: -0.5,
    describe: (v) => (v === 0 ? "no specific numbers" : "specific numbers"),
  },
};

const MENTION_THRESHOLD = 0.25;

/** What the page shows: no number when the text is too short or not English. */
export function detectionResult(detection: Detection): DetectionResult {
  const { report, verdict, sentences, range } = detection;
  const { aiThreshold, mixedFrom } = trainedDetector();
  const scored = isScored(verdict);
  return {
    report,
    verdict,
    sentences,
    probability: scored ? detection.probability : null,
    range: scored ? range : null,
    bands: { likelyAi: aiThreshold, mixedFrom },
    strictness: scored ? detection.strictness : null,
  };
}

/** Verdicts that come with a number: too-short and english-only have none. */
export function isScored(verdict: Verdict): boolean {
  return verdict !== "too-short" && verdict !== "english-only";
}

/** The detector's probability of a text before and after a rewrite, for the humanizer's page. */
export function detectorScores(before: string, after: string): { before: number; after: number; reliable: boolean } {
  const original = detectAiText(before);
  return { before: original.probability, after: detectAiText(after).probability, reliable: isScored(original.verdict) };
}

/** Scores a text with the trained model, the verdict given at `level`; deterministic, no network. */
export function detectAiText(text: string, level: Strictness = DEFAULT_STRICTNESS): Detection {
  const language = identifyLanguage(text);
  if (!language.english) return notEnglish(language.name);
  const detector = trainedDetector();
  const parsed = parseText(text);
  const wordCount = parsed.wordList.length;
  const measured = measureSignals(parsed);
  const signals = weighSignals(measured, parsed.sentences.length);
  const score = detector.score(text, { parsed, signals: measured });
  const calibrated = detector.calibrate(score.logit);
  const probability = percentOf(calibrated);
  const reading = wordCount < MIN_WORDS ? null : readStrictness(detector.strictness, probability / 100, wordCount, level);
  const verdict = reading ? verdictOf(reading, probability / 100) : "too-short";
  const interval = detector.range(score.logit, Math.max(wordCount, MIN_WORDS));
  const range = { low: percentOf(interval.low), high: percentOf(interval.high) };
  const evidence = { stockPhrases: unique(parsed.stockHits.map((hit) => hit.phrase)) };
  const analysis = writeAnalysis(verdict, signals, wordCount, range, evidence, reading);
  const headline = verdict === "too-short" ? "too short for a reliable verdict" : `${probability}%`;
  return {
    probability,
    range,
    verdict,
    words: wordCount,
    analysis,
    signals,
    sentences: scoreSentences(parsed, (sentence) => detector.calibrate(detector.scoreSentence(sentence, score))),
    report: `AI Probability: ${headline}\nAnalysis: ${analysis}`,
    strictness: reading,
    calibratedLogit: detector.calibratedLogit(score.logit),
  };
}

// The model has only read English: a number for another language would look precise and mean nothing.
function notEnglish(languageName: string): Detection {
  const looksLike = languageName === "another language" ? "it is in another language" : languageName;
  const analysis = `This text looks like ${looksLike}. The detector is trained on English only for now, so it gives no score for other languages. (${OFFLINE_NOTICE})`;
  return {
    probability: 0,
    range: null,
    verdict: "english-only",
    words: 0,
    analysis,
    signals: [],
    sentences: [],
    report: `AI Probability: not scored (English only for now)\nAnalysis: ${analysis}`,
    strictness: null,
    calibratedLogit: 0,
  };
}

/** A probability (0–1) as the page shows it: a whole percent, never 0 or 100. */
export const percentOf = (probability: number) => Math.min(99, Math.max(1, Math.round(100 * probability)));

function weighSignals(values: Record<SignalId, number>, sentenceCount: number): Signal[] {
  return (Object.keys(SPECS) as SignalId[]).map((id) => {
    const spec = SPECS[id];
    const trust = id === "burstiness" ? burstinessReliability(sentenceCount) : 1;
    const weight = round(spec.weight * trust, 3);
    const distance = (values[id] - spec.center) / spec.scale;
    const normalised = clamp(spec.shape === "peak" ? 1 - Math.abs(distance) : distance, -3, 3);
    const contribution = round(weight * normalised, 3);
    return {
      id,
      label: spec.label,
      value: round(values[id], 3),
      weight,
      contribution,
      direction: contribution > 0 ? "ai" : "human",
    };
  });
}

// Variation measured over two or three sentences is mostly noise: full weight from seven on.
function burstinessReliability(sentenceCount: number): number {
  return clamp((sentenceCount - 2) / 5, 0, 1);
}

function scoreSentences({ sentences }: ParsedText, probabilityOf: (sentence: string) => number): SentenceScore[] {
  return sentences.map((sentence) => ({ ...sentence, score: round(probabilityOf(sentence.text), 3) }));
}

function writeAnalysis(
  verdict: Verdict,
  signals: readonly Signal[],
  wordCount: number,
  range: { low: number; high: number },
  evidence: Evidence,
  reading: StrictnessReading | null,
): string {
  const sentences = [VERDICT_SENTENCES[verdict]];
  if (reading) sentences.push(whereItFalls(reading));
  if (verdict === "too-short") {
    sentences.push(
      `It has ${wordCount} words and the detector needs at least ${MIN_WORDS} for a verdict; the sentence view still shows how each sentence reads.`,
    );
  } else if (wordCount < SHORT_WORDS) {
    sentences.push(
      `Short texts are harder to judge: at ${wordCount} words the score could fairly be anywhere from ${range.low}% to ${range.high}%.`,
    );
  }
  // Strongest first: the reasons behind the verdict, then what points the other way.
  const ranked = signals
    .filter((s) => Math.abs(s.contribution) >= MENTION_THRESHOLD)
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  const towardsAi = ranked.filter((s) => s.direction === "ai").slice(0, 3);
  const towardsHuman = ranked.filter((s) => s.direction === "human").slice(0, 3);
  const aiReasons = towardsAi.length > 0 ? `What reads as AI: ${describeAll(towardsAi, evidence)}.` : null;
  const humanReasons = towardsHuman.length > 0 ? `What reads as human: ${describeAll(towardsHuman, evidence)}.` : null;
  const order = verdict === "likely-human" ? [humanReasons, aiReasons] : [aiReasons, humanReasons];
  sentences.push(...order.filter((reason): reason is string => reason !== null));
  return `${sentences.slice(0, 4).join(" ")} (${OFFLINE_NOTICE})`;
}

const VERDICT_SENTENCES: Record<Verdict, string> = {
  "likely-ai": "The text reads as likely AI-generated.",
  mixed: "The signals are mixed: some read as AI, some as human, and none strongly enough for a confident call.",
  "likely-human": "The text reads as likely human-written.",
  "too-short": "The text is too short for a reliable verdict.",
  "english-only": "The detector reads English only for now.",
};

function describeAll(signals: readonly Signal[], evidence: Evidence): string {
  return signals.map((s) => SPECS[s.id].describe(s.value, s.direction, evidence)).join("; ");
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** A share as "1 word in 4". */
function oneIn(fraction: number): string {
  return fraction <= 0 ? "no word" : `1 word in ${Math.max(1, Math.round(1 / fraction))}`;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
