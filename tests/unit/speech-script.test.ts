import { describe, expect, test } from "vitest";
import { MAX_CHARACTERS_PER_RESPONSE, splitForSpeech, transcriptDifference } from "~/server/ai/speech-script.server";

describe("splitting a text for the voice model", () => {
  test("a short text is one piece, unchanged but for outer spaces", () => {
    expect(splitForSpeech("  Hello there. How are you?  ")).toEqual(["Hello there. How are you?"]);
  });

  test("a long text splits on sentence ends, every piece within the limit, nothing lost or reordered", () => {
    const sentences = Array.from({ length: 60 }, (_, index) => `Sentence number ${index + 1} says something short but useful.`);
    const text = sentences.join(" ");
    const pieces = splitForSpeech(text);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.length).toBeLessThanOrEqual(MAX_CHARACTERS_PER_RESPONSE);
      expect(piece).toMatch(/useful\.$/);
    }
    expect(pieces.join(" ")).toBe(text);
  });

  test("a run-on sentence longer than the limit breaks at a comma or a space, never inside a word", () => {
    const text = Array.from({ length: 400 }, (_, index) => `word${index}`).join(" ");
    const pieces = splitForSpeech(text, 300);
    expect(pieces.every((piece) => piece.length <= 300)).toBe(true);
    expect(pieces.join(" ").split(" ")).toEqual(text.split(" "));
  });
});

describe("comparing what the voice said with what was written", () => {
  test("a faithful reading differs by nothing, whatever the case, accents and punctuation", () => {
    expect(transcriptDifference("Café au lait, s'il vous plaît!", "cafe au lait s'il vous plait")).toBe(0);
  });

  test("one number read as a word in a sentence costs a little", () => {
    expect(
      transcriptDifference(
        "We shipped 20 crates to the harbour on Monday morning.",
        "We shipped twenty crates to the harbour on Monday morning.",
      ),
    ).toBeCloseTo(0.1, 5);
  });

  test("an answer instead of a reading differs in most of the words", () => {
    expect(transcriptDifference("What is the capital of France?", "The capital of France is Paris, a city on the Seine.")).toBeGreaterThan(
      0.5,
    );
  });

  test("silence for a written text is entirely different", () => {
    expect(transcriptDifference("Read me", "")).toBe(1);
  });
});
