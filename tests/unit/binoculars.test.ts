import { describe, expect, it } from "vitest";
import {
  BINOCULARS_THRESHOLDS,
  binocularsFlaggedAt,
  binocularsScore,
  documentBinoculars,
  type PromptLogprobs,
} from "~/server/detector/binoculars.server";

// The Binoculars arithmetic (decision 059) on a three-token prompt worked by hand, top 2 asked.
const ln = Math.log;
const entry = (probability: number, rank: number) => ({ logprob: ln(probability), rank, decoded_token: null });
const tokens = [5, 7, 9];

// Position 1 predicts token 7, ranked first by both models; the observer's second token (8) is not
// in the performer's list. Position 2 predicts token 9, which both models rank below their top 2,
// so vLLM lists it as a third entry.
const observer: PromptLogprobs = [null, { 7: entry(0.5, 1), 8: entry(0.3, 2) }, { 10: entry(0.6, 1), 11: entry(0.2, 2), 9: entry(0.1, 4) }];
const performer: PromptLogprobs = [
  null,
  { 7: entry(0.4, 1), 6: entry(0.25, 2) },
  { 10: entry(0.5, 1), 11: entry(0.3, 2), 9: entry(0.05, 7) },
];

describe("the Binoculars score from top-k prompt log-probabilities", () => {
  it("is the performer's log-perplexity over the observer-performer cross-perplexity, worked by hand", () => {
    // Position 1: −ln 0.4 = 0.916291; cross-entropy 0.5·(−ln 0.4) + 0.3·(−ln 0.25) for the missing
    // token 8 (the performer's lowest listed entry) + 0.2·(−ln 0.25) for the observer's unlisted mass
    // = 1.151293. Position 2: −ln 0.05 = 2.995732; 0.6·(−ln 0.5) + 0.2·(−ln 0.3) + 0.1·(−ln 0.05)
    // + 0.1·(−ln 0.3) = 1.076653 (the floor is the 2nd entry's 0.3: token 9, ranked 7th, bounds nothing).
    const result = binocularsScore(tokens, observer, performer, 2);
    expect(result.positions).toBe(2);
    expect(result.logPerplexity).toBeCloseTo((0.916291 + 2.995732) / 2, 5);
    expect(result.logCrossPerplexity).toBeCloseTo((1.151293 + 1.076653) / 2, 5);
    expect(result.score).toBeCloseTo(1.755888, 5);
  });

  it("refuses answers that do not line up, so the caller falls back", () => {
    expect(() => binocularsScore([5, 7], observer, performer, 2)).toThrow(/answered for 3 and 3 tokens of a 2-token prompt/);
    expect(() => binocularsScore([5, 7, 12], observer, performer, 2)).toThrow(/did not list prompt token 2/);
    expect(() => binocularsScore([5], [null], [null], 2)).toThrow(/nothing to score/);
  });

  it("calls a text Likely AI at every level under the low-false-positive line, at Balanced and Sensitive under the accuracy line", () => {
    expect(BINOCULARS_THRESHOLDS).toEqual({ lowFalsePositive: 0.8536432310785527, accuracy: 0.9015310749276843 });
    expect(binocularsFlaggedAt(0.85)).toEqual(["strict", "balanced", "sensitive"]);
    expect(binocularsFlaggedAt(0.8536432310785527)).toEqual(["balanced", "sensitive"]);
    expect(binocularsFlaggedAt(0.9)).toEqual(["balanced", "sensitive"]);
    expect(binocularsFlaggedAt(0.9015310749276843)).toEqual([]);
  });

  it("scores a document as its sections read together: token-weighted means, then the ratio", () => {
    const first = binocularsScore(tokens, observer, performer, 2);
    const second = { score: 0.5, logPerplexity: 1, logCrossPerplexity: 2, positions: 6 };
    // (2·1.956012 + 6·1) / 8 = 1.239003 over (2·1.113973 + 6·2) / 8 = 1.778493.
    const document = documentBinoculars([first, second])!;
    expect(document.positions).toBe(8);
    expect(document.score).toBeCloseTo(0.696659, 5);
    expect(documentBinoculars([])).toBeNull();
  });
});
