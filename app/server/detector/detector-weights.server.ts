// The shipped file format of the trained detector (detector-weights.json, written by
// `npm run train:detector`). Hashed n-gram weights are pruned and quantised to one signed byte
// each, with their bucket numbers delta-encoded as varints, then base64: a compact JSON file.

import { DENSE_FEATURES, HASH_BITS } from "~/server/detector/detector-features.server";
import { fromBase64, toBase64 } from "../base64.server";
import type { StrictnessLine } from "~/shared/ai-types";
import type { LengthBandId } from "~/shared/strictness";

/** Each length band's lines, one per strictness level, strictest first. */
export type StrictnessTable = Record<LengthBandId, StrictnessLine[]>;

export type DetectorWeightsFile = {
  hashBits: number;
  denseFeatures: readonly string[];
  bias: number;
  /** Standardising of the dense features: (value - mean) / scale, then clipped to ±CLIP. */
  denseMean: readonly number[];
  denseScale: readonly number[];
  denseWeights: readonly number[];
  /** Base64 varints: the gaps between successive non-zero buckets. */
  sparseBuckets: string;
  /** Base64 signed bytes, one per bucket, times `sparseStep`. */
  sparseLevels: string;
  sparseStep: number;
  /** Platt scaling fitted on validation: probability = logistic(plattA * logit + plattB). */
  plattA: number;
  plattB: number;
  /** The default threshold (a probability) and the lower edge of the 'mixed' band. */
  aiThreshold: number;
  mixedFrom: number;
  /** Lines per length band and strictness level, with their measured rates (absent from files trained before levels). */
  strictness?: StrictnessTable;
  /** The same for a document scored section by section, its band the whole document's (decision 058). */
  documentStrictness?: StrictnessTable;
  /**
   * How a document's sections combine: probability = logistic(plattA * m + plattB), m the sections'
   * calibrated logits averaged by their words; fitted on document-length validation texts.
   */
  documentCombination?: { plattA: number; plattB: number };
  /**
   * How far the score of a text's first `words[i]` words typically lies from the whole text's
   * (standard deviation in calibrated logits): the interval shown with a score.
   */
  excerptSpread: { words: readonly number[]; logitSpread: readonly number[] };
  /** The most frequent spoken-English words, most frequent first (SUBTLEX-US). */
  vocabulary: string;
  /** Figures and provenance written by the training script. */
  trainedOn: Record<string, unknown>;
};

export const DENSE_CLIP = 5;

export type DecodedWeights = {
  sparse: Float32Array;
  dense: Float64Array;
  denseMean: Float64Array;
  denseScale: Float64Array;
  ranks: Map<string, number>;
};

export function decodeWeights(file: DetectorWeightsFile): DecodedWeights {
  if (file.hashBits !== HASH_BITS || file.denseFeatures.join() !== DENSE_FEATURES.join()) {
    throw new Error("detector-weights.json does not match detector-features.ts: run npm run train:detector");
  }
  const sparse = new Float32Array(1 << HASH_BITS);
  const buckets = decodeVarints(fromBase64(file.sparseBuckets));
  const levels = new Int8Array(fromBase64(file.sparseLevels).buffer);
  let bucket = 0;
  buckets.forEach((gap, i) => {
    bucket += gap;
    sparse[bucket] = (levels[i] ?? 0) * file.sparseStep;
  });
  const ranks = new Map(file.vocabulary.split(" ").map((word, rank) => [word, rank]));
  return {
    sparse,
    dense: Float64Array.from(file.denseWeights),
    denseMean: Float64Array.from(file.denseMean),
    denseScale: Float64Array.from(file.denseScale),
    ranks,
  };
}

/** Keeps the `keep` largest sparse weights, quantised; the inverse of decodeWeights' sparse part. */
export function encodeSparse(
  weights: ArrayLike<number>,
  keep: number,
): Pick<DetectorWeightsFile, "sparseBuckets" | "sparseLevels" | "sparseStep"> {
  const order = Array.from({ length: weights.length }, (_, i) => i)
    .filter((i) => (weights[i] ?? 0) !== 0)
    .sort((a, b) => Math.abs(weights[b] ?? 0) - Math.abs(weights[a] ?? 0) || a - b)
    .slice(0, keep);
  const largest = Math.abs(weights[order[0] ?? 0] ?? 0);
  const sparseStep = largest === 0 ? 1 : largest / 127;
  const kept = order
    .map((i) => ({ i, level: Math.round((weights[i] ?? 0) / sparseStep) }))
    .filter(({ level }) => level !== 0)
    .sort((a, b) => a.i - b.i);
  const gaps = kept.map(({ i }, k) => i - (k === 0 ? 0 : (kept[k - 1]?.i ?? 0)));
  return {
    sparseBuckets: toBase64(encodeVarints(gaps)),
    sparseLevels: toBase64(new Uint8Array(Int8Array.from(kept, ({ level }) => level).buffer)),
    sparseStep,
  };
}

function encodeVarints(values: readonly number[]): Uint8Array {
  const bytes: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      bytes.push((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    bytes.push(value);
  }
  return Uint8Array.from(bytes);
}

function decodeVarints(bytes: Uint8Array): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const byte of bytes) {
    value |= (byte & 0x7f) << shift;
    if (byte & 0x80) {
      shift += 7;
    } else {
      values.push(value);
      value = 0;
      shift = 0;
    }
  }
  return values;
}
