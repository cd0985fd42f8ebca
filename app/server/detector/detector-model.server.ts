// The trained detector's arithmetic: a logistic model over detector-features.ts, then Platt
// scaling. Used by the Worker (with the shipped weights) and by the training scripts (with
// weights still being fitted), so both score a text the same way.

import {
  denseFeatures,
  sparseFeatures,
  type MeasuredText,
  type SparseFeatures,
  type WordRanks,
} from "~/server/detector/detector-features.server";
import { DENSE_CLIP } from "~/server/detector/detector-weights.server";

export type LinearModel = {
  bias: number;
  sparse: ArrayLike<number>;
  dense: ArrayLike<number>;
  denseMean: ArrayLike<number>;
  denseScale: ArrayLike<number>;
  ranks: WordRanks;
};

export type Calibration = { plattA: number; plattB: number };

export function standardise(raw: Float64Array, model: Pick<LinearModel, "denseMean" | "denseScale">): Float64Array {
  return raw.map((value, i) => {
    const z = (value - (model.denseMean[i] ?? 0)) / (model.denseScale[i] ?? 1);
    return Math.max(-DENSE_CLIP, Math.min(DENSE_CLIP, z));
  });
}

export function sparseLogit(features: SparseFeatures, weights: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < features.indices.length; i += 1) total += (weights[features.indices[i] ?? 0] ?? 0) * (features.values[i] ?? 0);
  return total;
}

export function denseLogit(standardised: ArrayLike<number>, weights: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < standardised.length; i += 1) total += (weights[i] ?? 0) * (standardised[i] ?? 0);
  return total;
}

export type TextScore = { logit: number; ngramLogit: number };

/** The model's raw score of a text, with the part its n-grams contribute. */
export function scoreText(model: LinearModel, text: string, measured?: MeasuredText): TextScore {
  const styleLogit = model.bias + denseLogit(standardise(denseFeatures(text, model.ranks, measured), model), model.dense);
  const ngramLogit = sparseLogit(sparseFeatures(text), model.sparse);
  return { logit: styleLogit + ngramLogit, ngramLogit };
}

/**
 * A sentence is scored by the same model: the document's score with the document's n-grams
 * swapped for the sentence's own (sentence-length spread and the like mean nothing inside one
 * sentence, so the stylometric part stays the document's).
 */
export function scoreSentence(model: LinearModel, sentence: string, document: TextScore): number {
  return document.logit - document.ngramLogit + sparseLogit(sparseFeatures(sentence), model.sparse);
}

export function calibrate(logit: number, calibration: Calibration): number {
  return logistic(calibration.plattA * logit + calibration.plattB);
}

export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}
