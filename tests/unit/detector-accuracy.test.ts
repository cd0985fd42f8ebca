import { describe, expect, it } from "vitest";
import { detectAiText } from "../../app/server/detector/detect.server";
import { DETECTOR_SAMPLES } from "../fixtures/detector-samples";

// The hand-tuned engine this one replaced scored 96.25% here (77/80; it was tuned on this set,
// and `npm run eval:detector` re-measures it from git). The trained engine never saw this set and
// must not do worse at its most sensitive level; since decision 058 Balanced and Strict sit higher,
// where every held-out source keeps its false-positive budget, and trade misses for that.
const REPLACED_ENGINE_ACCURACY = 0.9625;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("offline detector accuracy on the labelled sample set", () => {
  it("uses at least 30 samples per class, each 60–200 words, with unique ids", () => {
    const human = DETECTOR_SAMPLES.filter((s) => s.label === "human");
    const ai = DETECTOR_SAMPLES.filter((s) => s.label === "ai");
    expect(human.length).toBeGreaterThanOrEqual(30);
    expect(ai.length).toBeGreaterThanOrEqual(30);
    expect(new Set(DETECTOR_SAMPLES.map((s) => s.id)).size).toBe(DETECTOR_SAMPLES.length);
    for (const sample of DETECTOR_SAMPLES) {
      expect(wordCount(sample.text), sample.id).toBeGreaterThanOrEqual(60);
      expect(wordCount(sample.text), sample.id).toBeLessThanOrEqual(200);
    }
  });

  it(`labels at least ${REPLACED_ENGINE_ACCURACY * 100}% correctly at Sensitive (the replaced engine's figure), and no human sample as AI at any level`, () => {
    const threshold = "Sensitive";
    const tally = { human: { right: 0, total: 0 }, ai: { right: 0, total: 0 } };
    for (const sample of DETECTOR_SAMPLES) {
      for (const level of ["strict", "balanced"] as const)
        if (sample.label === "human") expect(detectAiText(sample.text, level).verdict, sample.id).not.toBe("likely-ai");
      const predicted = detectAiText(sample.text, "sensitive").verdict === "likely-ai" ? "ai" : "human";
      tally[sample.label].total += 1;
      if (predicted === sample.label) tally[sample.label].right += 1;
    }
    const accuracy = (tally.human.right + tally.ai.right) / DETECTOR_SAMPLES.length;
    console.log(
      `Offline detector accuracy at ${threshold}: ${(accuracy * 100).toFixed(2)}% ` +
        `(human ${tally.human.right}/${tally.human.total}, ai ${tally.ai.right}/${tally.ai.total})`,
    );
    expect(accuracy).toBeGreaterThanOrEqual(REPLACED_ENGINE_ACCURACY);
  });
});
