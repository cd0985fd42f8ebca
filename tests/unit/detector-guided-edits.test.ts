import { describe, expect, it } from "vitest";
import lexicon from "../../app/server/ai/offline/humanizer-lexicon.json";
import { lowerDetectorScore } from "../../app/server/ai/offline/detector-guided-edits.server";
import { trainedDetector } from "../../app/server/detector/trained-detector.server";
import { DETECTOR_SAMPLES } from "../fixtures/detector-samples";

const AI_TEXTS = DETECTOR_SAMPLES.filter((sample) => sample.label === "ai").map((sample) => sample.text);

describe("lowerDetectorScore", () => {
  it("never hands back a text the detector reads as more machine-like than the rules' rewrite it was given", () => {
    const detector = trainedDetector();
    for (const text of AI_TEXTS) {
      // The rules' rewrite differs from the input (here: they dropped its first sentence).
      const output = lowerDetectorScore(`Here it is. ${text}`, text, "professional");
      expect(detector.score(output).logit).toBeLessThanOrEqual(detector.score(text).logit);
    }
  });

  it("lowers the detector's score of most machine-written fixtures", () => {
    const detector = trainedDetector();
    const lowered = AI_TEXTS.filter(
      (text) => detector.score(lowerDetectorScore(text, text, "professional")).logit < detector.score(text).logit,
    );
    expect(lowered.length / AI_TEXTS.length).toBeGreaterThan(0.5);
  });

  it("changes a text that nothing else changed, such as questions only, in a way a reader accepts", () => {
    const questions = "Can you explain how tides work? Why are there two of them each day?";
    expect(lowerDetectorScore(questions, questions, "professional")).toBe(
      "Could you explain how tides work? Why are there two of them each day?",
    );
  });

  it("leaves quotations word for word", () => {
    const text =
      'The report is extremely thorough. It quotes the minister: "we are extremely happy and truly grateful for the incredibly quick work". The team is very pleased with the result.';
    expect(lowerDetectorScore(text, text, "casual")).toContain('"we are extremely happy and truly grateful for the incredibly quick work"');
  });
});

describe("humanizer lexicon", () => {
  it("lists plain lower-case words with synonyms, and no nouns", () => {
    expect(Object.keys(lexicon).sort()).toEqual(["adj", "adv", "source", "verb"]);
    for (const table of [lexicon.adj, lexicon.adv, lexicon.verb]) {
      for (const entry of table.split(" ")) expect(entry).toMatch(/^[a-z]+:[a-z]+(?:,[a-z]+)*$/);
    }
  });
});
