import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StrictnessReadingNote } from "~/components/tools/detector/strictness-reading";
import type { StrictnessReading } from "~/shared/ai-types";
import { flaggedSentence, strictnessLineText } from "~/shared/strictness-wording";

// How a strictness reading reads beside the verdict and on a report, for lines as training will
// place them (a line per level, measured rates) and as they are before it (rates not measured).

const measured: StrictnessReading = {
  level: "balanced",
  band: "80-199",
  lines: [
    { level: "strict", likelyAiFrom: 0.97, mixedFrom: 0.5, falsePositiveRate: 0.0008, catchRate: 0.41 },
    { level: "balanced", likelyAiFrom: 0.9, mixedFrom: 0.5, falsePositiveRate: 0.0093, catchRate: 0.672 },
    { level: "sensitive", likelyAiFrom: 0.72, mixedFrom: 0.5, falsePositiveRate: 0.048, catchRate: 0.85 },
  ],
  flaggedAt: ["sensitive"],
};

const text = (reading: StrictnessReading) =>
  renderToStaticMarkup(createElement(StrictnessReadingNote, { reading }))
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'");

describe("where a text falls across the levels", () => {
  it.each([
    [["sensitive"], "Flagged at Sensitive, not at Balanced or Strict."],
    [["balanced", "sensitive"], "Flagged at Balanced and Sensitive, not at Strict."],
    [["strict", "balanced", "sensitive"], "Flagged as AI at every level (Strict, Balanced and Sensitive)."],
    [[], "Not flagged as AI at any level (Strict, Balanced and Sensitive)."],
  ] as const)("%j reads %s", (flaggedAt, sentence) => {
    expect(flaggedSentence(flaggedAt)).toBe(sentence);
  });
});

describe("the note beside the verdict", () => {
  it("states the level, its measured rates for the text's length band, and where a 'Mixed' text falls", () => {
    expect(text(measured)).toBe(
      "Verdict at Balanced" +
        "Balanced aims at about 1 in 100 human texts wrongly flagged." +
        "For texts of 80–199 words, measured on held-out sources: human texts wrongly flagged 0.9%, AI texts caught 67.2%." +
        "Flagged at Sensitive, not at Balanced or Strict.",
    );
  });

  it("says 'not measured yet' where the weights carry no rates, never the level's aim as a measurement", () => {
    const unmeasured: StrictnessReading = {
      ...measured,
      level: "strict",
      band: "40-79",
      lines: measured.lines.map((line) => ({ ...line, falsePositiveRate: null, catchRate: null })),
    };
    expect(text(unmeasured)).toContain(
      "For texts of 40–79 words, measured on held-out sources: human texts wrongly flagged not measured yet, AI texts caught not measured yet.",
    );
  });

  it("names the level's line on a report", () => {
    expect(strictnessLineText(measured)).toBe("Balanced: 'Likely AI' from 90%, 'Mixed' from 50% (the lines for texts of 80–199 words)");
  });
});
