import { describe, expect, it } from "vitest";
import weightsJson from "../../app/server/detector/detector-weights.json";
import { detectAiText } from "../../app/server/detector/detect.server";
import { detectDocument } from "../../app/server/detector/document-detection.server";
import { readStrictness, verdictOf, whereItFalls } from "../../app/server/detector/detector-strictness.server";
import { trainedDetector } from "../../app/server/detector/trained-detector.server";
import type { DetectorWeightsFile } from "../../app/server/detector/detector-weights.server";
import { LENGTH_BANDS, STRICTNESS_LEVELS, lengthBandOf, type Strictness } from "../../app/shared/strictness";
import type { StrictnessLine } from "../../app/shared/ai-types";
import { DETECTOR_SAMPLES } from "../fixtures/detector-samples";

const weights = weightsJson as DetectorWeightsFile;
const lineAt = (lines: StrictnessLine[], level: Strictness) => lines.find((line) => line.level === level)!;
const samples = DETECTOR_SAMPLES.map((sample) => ({ ...sample, detection: detectAiText(sample.text) }));

describe("the trained lines per length band and level", () => {
  it("are in the weights file for every band, strictest first, each with its held-out rates", () => {
    for (const band of LENGTH_BANDS) {
      const lines = weights.strictness![band.id];
      expect(lines.map((line) => line.level)).toEqual([...STRICTNESS_LEVELS]);
      for (const line of lines) {
        expect(line.falsePositiveRate).not.toBeNull();
        expect(line.catchRate).not.toBeNull();
      }
      // Stricter never flags what a less strict level does not, and it wrongly flags fewer.
      expect(lineAt(lines, "strict").likelyAiFrom).toBeGreaterThanOrEqual(lineAt(lines, "balanced").likelyAiFrom);
      expect(lineAt(lines, "balanced").likelyAiFrom).toBeGreaterThanOrEqual(lineAt(lines, "sensitive").likelyAiFrom);
      expect(lineAt(lines, "strict").falsePositiveRate!).toBeLessThanOrEqual(lineAt(lines, "sensitive").falsePositiveRate!);
    }
  });

  it("differ between levels and between length bands", () => {
    const balanced = LENGTH_BANDS.map((band) => lineAt(weights.strictness![band.id], "balanced").likelyAiFrom);
    expect(new Set(balanced).size).toBeGreaterThan(1);
    const paragraph = weights.strictness!["80-199"];
    expect(lineAt(paragraph, "strict").likelyAiFrom).toBeGreaterThan(lineAt(paragraph, "sensitive").likelyAiFrom);
  });
});

describe("a verdict at the level the person picks", () => {
  // A text whose score lies between the Sensitive and the Balanced line of its band.
  const between = samples.find(({ detection }) => {
    const lines = detection.strictness?.lines;
    if (!lines) return false;
    const p = detection.probability / 100;
    return p >= lineAt(lines, "sensitive").likelyAiFrom && p < lineAt(lines, "balanced").likelyAiFrom;
  });

  it("gives the same text different verdicts at different levels where the lines differ", () => {
    expect(between, "a fixture scored between the Sensitive and Balanced lines").toBeDefined();
    expect(detectAiText(between!.text, "sensitive").verdict).toBe("likely-ai");
    expect(detectAiText(between!.text, "balanced").verdict).toBe("mixed");
    expect(detectAiText(between!.text, "strict").verdict).toBe("mixed");
  });

  it("says where a 'Mixed' text falls, in the levels' own names", () => {
    const detection = detectAiText(between!.text, "balanced");
    expect(detection.strictness!.flaggedAt).toEqual(["sensitive"]);
    expect(detection.analysis).toContain("Flagged at Sensitive, not at Balanced or Strict; the verdict is given at Balanced.");
    expect(detection.report).toContain("Flagged at Sensitive, not at Balanced or Strict");
  });

  it("reads a text against the lines of its own length band", () => {
    const text = DETECTOR_SAMPLES.filter((sample) => sample.label === "ai")
      .map((sample) => sample.text)
      .join(" ");
    const words = text.split(/\s+/);
    for (const length of [60, 150, 300, 600]) {
      const detection = detectAiText(words.slice(0, length).join(" "));
      expect(detection.strictness!.band).toBe(lengthBandOf(length));
      expect(detection.strictness!.lines).toEqual(weights.strictness![lengthBandOf(length)]);
    }
  });

  it("words every position across the levels", () => {
    const lines = weights.strictness!["80-199"];
    const reading = (flaggedAt: Strictness[]) => ({ level: "balanced" as const, band: "80-199" as const, lines, flaggedAt });
    expect(whereItFalls(reading([]))).toBe("Not flagged at any level, Sensitive included; the verdict is given at Balanced.");
    expect(whereItFalls(reading(["balanced", "sensitive"]))).toBe(
      "Flagged at Sensitive and Balanced, not at Strict; the verdict is given at Balanced.",
    );
    expect(whereItFalls(reading(["strict", "balanced", "sensitive"]))).toBe(
      "Flagged at every level, Strict included; the verdict is given at Balanced.",
    );
  });

  it("has one 'Likely human' line per band for every level, at or under Sensitive's 'Likely AI' line", () => {
    const table = weights.strictness!;
    for (const band of LENGTH_BANDS) {
      const { mixedFrom } = lineAt(table[band.id], "balanced");
      expect(mixedFrom).toBeLessThanOrEqual(lineAt(table[band.id], "sensitive").likelyAiFrom);
      for (const level of STRICTNESS_LEVELS) {
        expect(verdictOf(readStrictness(table, mixedFrom - 0.01, band.least, level), mixedFrom - 0.01)).toBe("likely-human");
        expect(verdictOf(readStrictness(table, mixedFrom, band.least, level), mixedFrom)).not.toBe("likely-human");
      }
    }
  });
});

describe("a document judged as a document", () => {
  const humans = DETECTOR_SAMPLES.filter((sample) => sample.label === "human").map((sample) => sample.text);
  const machines = DETECTOR_SAMPLES.filter((sample) => sample.label === "ai").map((sample) => sample.text);
  const paragraphs = [...machines.slice(0, 6), ...humans.slice(0, 2)].map((text) => ({ text }));
  const detection = detectDocument(paragraphs);

  it("combines its sections' scores as training calibrated them, not as a plain average", () => {
    expect(detection.sections.length).toBeGreaterThan(1);
    const sections = detection.sections.map((section) => {
      const alone = detectAiText(detection.text.slice(section.start, section.end));
      return { logit: alone.calibratedLogit, words: alone.words };
    });
    const words = sections.reduce((sum, s) => sum + s.words, 0);
    const mean = sections.reduce((sum, s) => sum + s.logit * s.words, 0) / words;
    const { plattA, plattB } = weights.documentCombination!;
    const expected = Math.round(100 / (1 + Math.exp(-(plattA * mean + plattB))));
    expect(detection.probability).toBe(Math.min(99, Math.max(1, expected)));
    const plainAverage = Math.round(detection.sections.reduce((sum, s) => sum + s.probability! * s.words, 0) / words);
    expect(detection.probability).not.toBe(plainAverage);
  });

  it("reads the document against the document lines of its whole length's band, and says where it falls", () => {
    expect(detection.strictness!.band).toBe(lengthBandOf(detection.words));
    expect(detection.strictness!.lines).toEqual(trainedDetector().documentStrictness[lengthBandOf(detection.words)]);
    expect(detection.report).toMatch(/(Flagged|Not flagged) at .*; the verdict is given at Balanced\./);
  });
});
