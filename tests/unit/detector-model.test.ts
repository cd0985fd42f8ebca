import { describe, expect, it } from "vitest";
import { denseFeatures, DENSE_FEATURES, HASH_BITS, sparseFeatures } from "../../app/server/detector/detector-features.server";
import { calibrate } from "../../app/server/detector/detector-model.server";
import { decodeWeights, encodeSparse, type DetectorWeightsFile } from "../../app/server/detector/detector-weights.server";
import { calibrationError, chooseThreshold, fitPlatt, rocAuc } from "../../scripts/detector/metrics.mjs";

const TEXT = "I missed the bus again, so I walked. It rained! Honestly, the walk was fine; the shoes were not.";
const RANKS = new Map(["i", "the", "so", "it", "was", "were", "not", "again", "bus"].map((word, rank) => [word, rank]));

describe("detector features", () => {
  it("hashes word and character n-grams into the table, each family scaled to unit length", () => {
    const { indices, values } = sparseFeatures(TEXT);
    expect(indices.length).toBeGreaterThan(100);
    for (const index of indices) expect(index).toBeLessThan(1 << HASH_BITS);
    const squared = [...values].reduce((total, v) => total + v * v, 0);
    expect(squared).toBeCloseTo(2, 4);
  });

  it("reads the same n-grams whatever the case, spacing or quote style", () => {
    const a = sparseFeatures("Don’t panic,  “now”.");
    const b = sparseFeatures('don\'t PANIC, "now".');
    expect([...a.indices]).toEqual([...b.indices]);
  });

  it("measures punctuation, sentence spread and word ranks", () => {
    const dense = denseFeatures(TEXT, RANKS);
    const value = (name: string) => dense[DENSE_FEATURES.indexOf(name)] ?? Number.NaN;
    expect(dense).toHaveLength(DENSE_FEATURES.length);
    // 19 words: 2 commas, 1 semicolon, 1 exclamation, "I" twice, 12 words in the rank list
    expect(value("commas")).toBeCloseTo((100 * 2) / 19, 5);
    expect(value("semicolons")).toBeCloseTo(100 / 19, 5);
    expect(value("exclamations")).toBeCloseTo(100 / 19, 5);
    expect(value("firstPerson")).toBeCloseTo((100 * 2) / 19, 5);
    expect(value("topThousandShare")).toBeCloseTo(12 / 19, 5);
    expect(value("sentenceLengthSpread")).toBeGreaterThan(0);
    // Sentences of 8, 2 and 9 words: the spread of their lengths.
    expect(value("sentenceLengthSpread")).toBeCloseTo(Math.sqrt(((8 - 19 / 3) ** 2 + (2 - 19 / 3) ** 2 + (9 - 19 / 3) ** 2) / 3), 5);
  });
});

describe("detector weights file", () => {
  it("keeps the largest weights, quantised to within half a step, and drops the rest", () => {
    const weights = new Float64Array(1 << HASH_BITS);
    weights[5] = 2;
    weights[70_000] = -1.3;
    weights[200_000] = 0.4;
    weights[9] = 0.001;
    const file = {
      hashBits: HASH_BITS,
      denseFeatures: DENSE_FEATURES,
      bias: 0,
      denseMean: [],
      denseScale: [],
      denseWeights: [],
      ...encodeSparse(weights, 3),
      vocabulary: "the of and",
    } as unknown as DetectorWeightsFile;
    const decoded = decodeWeights(file);
    const step = file.sparseStep;
    expect(decoded.sparse[5]).toBeCloseTo(2, 5);
    expect(Math.abs((decoded.sparse[70_000] ?? 0) + 1.3)).toBeLessThanOrEqual(step / 2);
    expect(Math.abs((decoded.sparse[200_000] ?? 0) - 0.4)).toBeLessThanOrEqual(step / 2);
    expect(decoded.sparse[9]).toBe(0);
    expect(decoded.ranks.get("and")).toBe(2);
  });

  it("refuses a file trained for other features", () => {
    const file = { hashBits: HASH_BITS - 1, denseFeatures: DENSE_FEATURES } as unknown as DetectorWeightsFile;
    expect(() => decodeWeights(file)).toThrow(/npm run train:detector/);
  });
});

describe("calibration", () => {
  // Scores whose true probability of being AI is logistic(2 * score - 1), drawn deterministically.
  const scored = Array.from({ length: 4000 }, (_, i) => {
    const score = ((i % 200) - 100) / 25;
    const truth = 1 / (1 + Math.exp(-(2 * score - 1)));
    const label: 0 | 1 = ((i * 7919) % 1000) / 1000 < truth ? 1 : 0;
    return { score, label };
  });

  it("Platt scaling recovers the slope and offset that generated the labels", () => {
    const { plattA, plattB } = fitPlatt(scored);
    expect(plattA).toBeCloseTo(2, 0);
    expect(plattB).toBeCloseTo(-1, 0);
  });

  it("calibrated probabilities have a small calibration error; uncalibrated ones a large one", () => {
    const calibration = fitPlatt(scored);
    const calibrated = scored.map((s) => ({ ...s, probability: calibrate(s.score, calibration) }));
    const overconfident = scored.map((s) => ({ ...s, probability: calibrate(s.score, { plattA: 10, plattB: 5 }) }));
    expect(calibrationError(calibrated)).toBeLessThan(0.03);
    expect(calibrationError(overconfident)).toBeGreaterThan(0.1);
  });

  it("picks the lowest threshold that keeps the false-positive rate within the limit", () => {
    const humans = Array.from({ length: 100 }, (_, i) => ({ label: 0 as const, probability: i / 100 }));
    expect(chooseThreshold(humans, 0.05)).toBe(0.95);
    expect(chooseThreshold(humans, 0.6)).toBe(0.5);
  });

  it("computes ROC AUC by ranks, ties counting half", () => {
    expect(
      rocAuc([
        { label: 0, score: 1 },
        { label: 1, score: 2 },
      ]),
    ).toBe(1);
    expect(
      rocAuc([
        { label: 0, score: 1 },
        { label: 1, score: 1 },
      ]),
    ).toBe(0.5);
    expect(rocAuc([{ label: 1, score: 1 }])).toBeNull();
  });
});
