// The shipped detector: detector-weights.json decoded once per isolate, on first use, so that
// requests that never detect pay nothing for it.

import weightsJson from "~/server/detector/detector-weights.json";
import { calibrate, logistic, scoreSentence, scoreText, type LinearModel, type TextScore } from "~/server/detector/detector-model.server";
import { decodeWeights, type DetectorWeightsFile, type StrictnessTable } from "~/server/detector/detector-weights.server";
import { strictnessTable } from "~/server/detector/detector-strictness.server";
import type { MeasuredText } from "~/server/detector/detector-features.server";

// JSON's strings are not the level names' literal types: the file is the training script's to get right.
const WEIGHTS = weightsJson as DetectorWeightsFile;

export type Band = "likely-human" | "mixed" | "likely-ai";

export type TrainedDetector = {
  /** `measured`: the text parsed and its named signals, when the caller has them already. */
  score(text: string, measured?: MeasuredText): TextScore;
  scoreSentence(sentence: string, document: TextScore): number;
  /** Logit → calibrated probability (0–1). */
  calibrate(logit: number): number;
  /** Logit → calibrated logit (the probability's log-odds), kept exact where the probability rounds to 0 or 1. */
  calibratedLogit(logit: number): number;
  /**
   * The range (probabilities, 0–1) in which the score of a text of `words` words lies four times
   * in five: short texts carry less evidence, so their range is wider.
   */
  range(logit: number, words: number): { low: number; high: number };
  verdict(probability: number): Band;
  /** The default threshold: at or above it a text is called AI. */
  aiThreshold: number;
  mixedFrom: number;
  /** Each length band's lines per strictness level. */
  strictness: StrictnessTable;
  /** The lines for a document scored section by section (the pasted text's where not trained). */
  documentStrictness: StrictnessTable;
  /** A document's probability (0–1) from its sections' calibrated logits and words. */
  combineSections(sections: readonly { logit: number; words: number }[]): number;
};

let loaded: TrainedDetector | undefined;

export function trainedDetector(): TrainedDetector {
  loaded ??= createDetector(WEIGHTS);
  return loaded;
}

export function createDetector(file: DetectorWeightsFile): TrainedDetector {
  const model: LinearModel = { ...decodeWeights(file), bias: file.bias };
  return {
    score: (text, measured) => scoreText(model, text, measured),
    scoreSentence: (sentence, document) => scoreSentence(model, sentence, document),
    calibrate: (logit) => calibrate(logit, file),
    calibratedLogit: (logit) => file.plattA * logit + file.plattB,
    range: (logit, words) => {
      const centre = file.plattA * logit + file.plattB;
      const margin = Z_80 * excerptSpread(file.excerptSpread, words);
      return { low: logistic(centre - margin), high: logistic(centre + margin) };
    },
    verdict: (probability) => (probability >= file.aiThreshold ? "likely-ai" : probability >= file.mixedFrom ? "mixed" : "likely-human"),
    aiThreshold: file.aiThreshold,
    mixedFrom: file.mixedFrom,
    strictness: strictnessTable(file),
    documentStrictness: file.documentStrictness ?? strictnessTable(file),
    combineSections: (sections) => combineSections(sections, file.documentCombination),
  };
}

/** One section is the document; more are averaged by their words, then recalibrated as training fitted. */
function combineSections(
  sections: readonly { logit: number; words: number }[],
  combination: DetectorWeightsFile["documentCombination"],
): number {
  const words = sections.reduce((sum, section) => sum + section.words, 0);
  const mean = sections.reduce((sum, section) => sum + section.logit * section.words, 0) / words;
  if (sections.length === 1 || !combination) return logistic(mean);
  return logistic(combination.plattA * mean + combination.plattB);
}

// A two-sided 80% interval of a normal spread.
const Z_80 = 1.2816;

/**
 * The spread measured by training at a few lengths, interpolated between them; past the longest,
 * it shrinks as one over the square root of the length (more words, more evidence).
 */
function excerptSpread({ words, logitSpread }: DetectorWeightsFile["excerptSpread"], length: number): number {
  const last = words.length - 1;
  if (last < 0) return 0;
  if (length >= (words[last] ?? 0)) return (logitSpread[last] ?? 0) * Math.sqrt((words[last] ?? 1) / length);
  if (length <= (words[0] ?? 0)) return logitSpread[0] ?? 0;
  const i = words.findIndex((w) => w > length);
  const [w0, w1, s0, s1] = [words[i - 1] ?? 0, words[i] ?? 1, logitSpread[i - 1] ?? 0, logitSpread[i] ?? 0];
  return s0 + ((s1 - s0) * (length - w0)) / (w1 - w0);
}
