// Offline AI-text detector: a logistic model trained on labelled human and machine text
// (scripts/train-detector.mjs, weights in detector-weights.json), calibrated so that its
// probability means what it says; measured figures in the README and on the page come from
// `npm run eval:detector`. The named signals explain the verdict to the reader.

import { limits } from "~/forms/limits";
import type { DetectionResult, DetectionVerdict } from "../types";
import { trainedDetector } from "./trained-detector";
import { measureSignals, parseText, type ParsedText, type SignalId } from "./style-signals";

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
  /** The calibrated probability (0–100) that the text is machine-written. */
  probability: number;
  verdict: Verdict;
  analysis: string;
  signals: Signal[];
  sentences: SentenceScore[];
  report: string;
};

export const OFFLINE_NOTICE = "Offline engine: a trained stylometric model, not a language model.";

const RELIABLE_WORDS = limits.detectorReliableWords;

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

const per100Words = (v: number) => `${v.toFixed(1)} per 100 words`;

const SPECS: Record<SignalId, SignalSpec> = {
  burstiness: {
    label: "Sentence-length variation",
    shape: "linear",
    center: 0.35,
    scale: 0.15,
    weight: -1,
    describe: (v, towards) => `sentence lengths ${towards === "ai" ? "vary little" : "vary a lot"} (variation ${v.toFixed(2)})`,
  },
  sentenceLength: {
    label: "Average sentence length (words)",
    shape: "peak",
    center: 17,
    scale: 5,
    weight: 0.6,
    describe: (v, towards) =>
      `sentences average ${v.toFixed(1)} words (${towards === "ai" ? "the mid length assistants favour" : v < 17 ? "shorter than assistants write" : "longer than assistants write"})`,
  },
  readability: {
    label: "Flesch reading ease",
    shape: "linear",
    center: 48,
    scale: 20,
    weight: -0.5,
    describe: (v, towards) => `reading ease is ${Math.round(v)} (${towards === "ai" ? "dense, polysyllabic wording" : "plain wording"})`,
  },
  vocabulary: {
    label: "Vocabulary variety (MATTR)",
    shape: "linear",
    center: 0.83,
    scale: 0.05,
    weight: 0.6,
    describe: (v, towards) =>
      `vocabulary variety is ${v.toFixed(2)} (${towards === "ai" ? "few words reused" : "everyday words reused naturally"})`,
  },
  rarity: {
    label: "Rare-word share",
    shape: "linear",
    center: 0.245,
    scale: 0.06,
    weight: 0.6,
    describe: (v, towards) => `${towards === "human" ? "only " : ""}${percent(v)} of words fall outside the 1,500 most common`,
  },
  stockPhrases: {
    label: "Stock AI phrases per 100 words",
    shape: "linear",
    center: 0.5,
    scale: 1,
    weight: 1,
    describe: (v, _towards, evidence) =>
      v === 0
        ? "no stock AI phrases"
        : `stock AI phrases ${per100Words(v)} (${evidence.stockPhrases.slice(0, 3).map((p) => `"${p}"`).join(", ")})`,
  },
  repetition: {
    label: "Repeated openers and phrases",
    shape: "linear",
    center: 0.04,
    scale: 0.07,
    weight: -0.25,
    describe: (v, towards) =>
      towards === "human" ? `openers and phrases repeat for effect (repetition ${v.toFixed(2)})` : `little rhetorical repetition (${v.toFixed(2)})`,
  },
  listsOfThree: {
    label: "Lists of three per sentence",
    shape: "linear",
    center: 0.1,
    scale: 0.15,
    weight: 0.3,
    describe: (v) => `lists of three ("A, B, and C") in ${percent(v)} of sentences`,
  },
  firstPerson: {
    label: "First-person singular per 100 words",
    shape: "linear",
    center: 1,
    scale: 2,
    weight: -0.4,
    describe: (v) => (v === 0 ? "no first-person words (I, me, my)" : `first-person words ${per100Words(v)}`),
  },
  contractions: {
    label: "Contractions per 100 words",
    shape: "linear",
    center: 0.5,
    scale: 1,
    weight: -0.2,
    describe: (v) => (v === 0 ? "no contractions" : `contractions ${per100Words(v)}`),
  },
  punctuation: {
    label: "Expressive punctuation per 100 words",
    shape: "linear",
    center: 1.2,
    scale: 1.5,
    weight: -0.6,
    describe: (v) =>
      v === 0 ? "no dashes, brackets, questions or exclamations" : `dashes, brackets, questions and exclamations ${per100Words(v)}`,
  },
  numerals: {
    label: "Numerals per 100 words",
    shape: "linear",
    center: 0.5,
    scale: 1,
    weight: -0.5,
    describe: (v) => (v === 0 ? "no numerals" : `numerals ${per100Words(v)}`),
  },
};

const MENTION_THRESHOLD = 0.25;

/** What the page shows: no number when the text is too short for one. */
export function detectionResult(detection: Detection): DetectionResult {
  const { report, verdict, sentences } = detection;
  const { aiThreshold, mixedFrom } = trainedDetector();
  return { report, verdict, sentences, probability: verdict === "too-short" ? null : detection.probability, bands: { likelyAi: aiThreshold, mixedFrom } };
}

/** The detector's probability of a text before and after a rewrite, for the humanizer's page. */
export function detectorScores(before: string, after: string): { before: number; after: number; reliable: boolean } {
  const original = detectAiText(before);
  return { before: original.probability, after: detectAiText(after).probability, reliable: original.verdict !== "too-short" };
}

/** Scores a text with the trained model; deterministic, no network. */
export function detectAiText(text: string): Detection {
  const detector = trainedDetector();
  const parsed = parseText(text);
  const wordCount = parsed.wordList.length;
  const measured = measureSignals(parsed);
  const signals = weighSignals(measured, parsed.sentences.length);
  const score = detector.score(text, measured);
  const probability = Math.min(99, Math.max(1, Math.round(100 * detector.calibrate(score.logit))));
  const verdict = wordCount < RELIABLE_WORDS ? "too-short" : detector.verdict(probability / 100);
  const evidence = { stockPhrases: unique(parsed.stockHits.map((hit) => hit.phrase)) };
  const analysis = writeAnalysis(verdict, signals, wordCount, evidence);
  const headline = verdict === "too-short" ? "too short for a reliable verdict" : `${probability}%`;
  return {
    probability,
    verdict,
    analysis,
    signals,
    sentences: scoreSentences(parsed, (sentence) => detector.calibrate(detector.scoreSentence(sentence, score))),
    report: `AI Probability: ${headline}\nAnalysis: ${analysis}`,
  };
}

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

function writeAnalysis(verdict: Verdict, signals: readonly Signal[], wordCount: number, evidence: Evidence): string {
  const sentences = [VERDICT_SENTENCES[verdict]];
  if (verdict === "too-short") {
    sentences.push(`It has ${wordCount} words; the detector needs about ${RELIABLE_WORDS} to give a verdict.`);
  }
  const ranked = signals
    .filter((s) => Math.abs(s.contribution) >= MENTION_THRESHOLD)
    .sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution));
  const towardsAi = ranked.filter((s) => s.direction === "ai").slice(0, 3);
  const towardsHuman = ranked.filter((s) => s.direction === "human").slice(0, 3);
  if (towardsAi.length > 0) sentences.push(`Signs of AI: ${describeAll(towardsAi, evidence)}.`);
  if (towardsHuman.length > 0) sentences.push(`Signs of human writing: ${describeAll(towardsHuman, evidence)}.`);
  return `${sentences.slice(0, 4).join(" ")} (${OFFLINE_NOTICE})`;
}

const VERDICT_SENTENCES: Record<Verdict, string> = {
  "likely-ai": "The text reads as likely AI-generated.",
  mixed: "The text is mixed: the model cannot call it either way with confidence.",
  "likely-human": "The text reads as likely human-written.",
  "too-short": "The text is too short for a reliable verdict.",
};

function describeAll(signals: readonly Signal[], evidence: Evidence): string {
  return signals.map((s) => SPECS[s.id].describe(s.value, s.direction, evidence)).join("; ");
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function percent(fraction: number): string {
  return `${Math.round(fraction * 100)}%`;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
