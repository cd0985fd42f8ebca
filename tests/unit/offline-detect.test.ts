import { describe, expect, it } from "vitest";
import { detectAiText, detectionResult, OFFLINE_NOTICE } from "../../app/server/detector/detect.server";
import { trainedDetector } from "../../app/server/detector/trained-detector.server";
import { countSyllables, fleschReadingEase, splitSentences, words } from "../../app/server/detector/text-stats.server";
import { DETECTOR_SAMPLES } from "../fixtures/detector-samples";

const AI_STYLE = DETECTOR_SAMPLES.find((s) => s.id === "ai-marketing-digital")?.text ?? "";
const HUMAN_STYLE = DETECTOR_SAMPLES.find((s) => s.id === "human-forum-car-noise")?.text ?? "";
const SHORT_TEXT = "Furthermore, it is important to note that robust tools foster seamless growth.";

describe("detectAiText report", () => {
  it("has exactly two lines: 'AI Probability: X%' and 'Analysis: …' naming the offline engine", () => {
    const detection = detectAiText(AI_STYLE);
    const lines = detection.report.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(`AI Probability: ${detection.probability}%`);
    expect(lines[1]).toBe(`Analysis: ${detection.analysis}`);
    expect(detection.analysis).toContain(OFFLINE_NOTICE);
  });

  it("hands the page the trained model's own bands for the sentence tints", () => {
    const { aiThreshold, mixedFrom } = trainedDetector();
    expect(detectionResult(detectAiText(AI_STYLE)).bands).toEqual({ likelyAi: aiThreshold, mixedFrom });
  });

  it("gives an integer probability between 0 and 100", () => {
    for (const sample of DETECTOR_SAMPLES) {
      const { probability } = detectAiText(sample.text);
      expect(Number.isInteger(probability)).toBe(true);
      expect(probability).toBeGreaterThanOrEqual(0);
      expect(probability).toBeLessThanOrEqual(100);
    }
  });

  it("explains the verdict in plain words, the reasons for the verdict first, with no jargon or bare measurements", () => {
    const ai = detectAiText(AI_STYLE);
    expect(ai.verdict).toBe("likely-ai");
    expect(ai.analysis).toMatch(/^The text reads as likely AI-generated\. .*What reads as AI: stock assistant wording such as "/);
    const human = detectAiText(HUMAN_STYLE);
    expect(human.verdict).toBe("likely-human");
    expect(human.analysis.indexOf("What reads as human:")).toBeGreaterThan(-1);
    const aiReasonsAt = human.analysis.indexOf("What reads as AI:");
    if (aiReasonsAt >= 0) expect(human.analysis.indexOf("What reads as human:")).toBeLessThan(aiReasonsAt);
    for (const sample of DETECTOR_SAMPLES) {
      const { analysis } = detectAiText(sample.text);
      expect(analysis, sample.id).not.toMatch(/variety|MATTR|reading ease|variation|per 100 words|\d\.\d/i);
    }
  });

  it("keeps the analysis to two to four sentences before the offline notice", () => {
    for (const text of [AI_STYLE, HUMAN_STYLE, SHORT_TEXT, ""]) {
      const body = detectAiText(text).analysis.replace(` (${OFFLINE_NOTICE})`, "");
      const sentences = body.split(/(?<=\.)\s+(?=[A-Z])/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(4);
    }
  });

  it("returns the same result for the same text", () => {
    expect(detectAiText(AI_STYLE)).toEqual(detectAiText(AI_STYLE));
  });

  it("calls stock-phrase-heavy assistant prose likely AI and informal human writing likely human", () => {
    const { aiThreshold, mixedFrom } = trainedDetector();
    expect(detectAiText(AI_STYLE).probability).toBeGreaterThanOrEqual(100 * aiThreshold);
    expect(detectAiText(HUMAN_STYLE).probability).toBeLessThan(100 * mixedFrom);
  });
});

describe("detectAiText on short texts", () => {
  it("gives no number under 40 words but still scores each sentence and says how many words it needs", () => {
    const detection = detectAiText(SHORT_TEXT);
    expect(detection.verdict).toBe("too-short");
    expect(detection.report.split("\n")[0]).toBe("AI Probability: too short for a reliable verdict");
    expect(detection.analysis).toMatch(/It has 12 words and the detector needs at least 40/);
    expect(detection.sentences.map((s) => s.text)).toEqual([SHORT_TEXT]);
    expect(detectionResult(detection).probability).toBeNull();
    expect(detectionResult(detection).range).toBeNull();
  });

  it("gives a verdict from 40 words, with a range around the probability and a note that short texts are harder", () => {
    const fortyWords = Array.from({ length: 4 }, () => "We walked to the old mill by the river and back.").join(" ");
    const detection = detectAiText(fortyWords);
    expect(detection.words).toBe(44);
    expect(["likely-ai", "mixed", "likely-human"]).toContain(detection.verdict);
    const result = detectionResult(detection);
    expect(result.probability).toBe(detection.probability);
    expect(result.range?.low).toBeLessThanOrEqual(detection.probability);
    expect(result.range?.high).toBeGreaterThanOrEqual(detection.probability);
    expect(detection.analysis).toMatch(/Short texts are harder to judge: at 44 words the score could fairly be anywhere from \d+% to \d+%/);
  });

  it("narrows the range as the same kind of writing gets longer", () => {
    const width = (text: string) => {
      const range = detectAiText(text).range;
      return range === null ? Number.NaN : range.high - range.low;
    };
    const words = AI_STYLE.split(/\s+/);
    const short = words.slice(0, 45).join(" ");
    const long = [AI_STYLE, AI_STYLE, AI_STYLE].join(" ");
    expect(width(short)).toBeGreaterThan(width(long));
    expect(detectAiText(long).analysis).not.toMatch(/Short texts are harder/);
  });

  it("answers without throwing for empty input", () => {
    const detection = detectAiText("");
    expect(detection.verdict).toBe("too-short");
    expect(detection.sentences).toEqual([]);
  });
});

describe("detectAiText signals and sentences", () => {
  it("lists each signal once with a direction that matches its contribution", () => {
    const { signals } = detectAiText(AI_STYLE);
    const ids = signals.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ["burstiness", "readability", "vocabulary", "rarity", "stockPhrases", "repetition"]) {
      expect(ids).toContain(id);
    }
    for (const signal of signals) {
      expect(signal.direction).toBe(signal.contribution > 0 ? "ai" : "human");
    }
  });

  it("gives sentence offsets that slice back to the sentence text, in order, scored 0..1", () => {
    for (const sample of DETECTOR_SAMPLES) {
      let previousEnd = 0;
      for (const sentence of detectAiText(sample.text).sentences) {
        expect(sample.text.slice(sentence.start, sentence.end)).toBe(sentence.text);
        expect(sentence.start).toBeGreaterThanOrEqual(previousEnd);
        expect(sentence.score).toBeGreaterThanOrEqual(0);
        expect(sentence.score).toBeLessThanOrEqual(1);
        previousEnd = sentence.end;
      }
    }
  });

  it("ranks sentences by the model's score of their own n-grams, around the document's probability", () => {
    const detector = trainedDetector();
    const detection = detectAiText(AI_STYLE);
    const document = detector.score(AI_STYLE);
    const ownNgrams = detection.sentences.map((s) => detector.scoreSentence(s.text, document) - document.logit);
    const byScore = [...detection.sentences.keys()].sort(
      (a, b) => (detection.sentences[a]?.score ?? 0) - (detection.sentences[b]?.score ?? 0),
    );
    const byNgrams = [...detection.sentences.keys()].sort((a, b) => (ownNgrams[a] ?? 0) - (ownNgrams[b] ?? 0));
    expect(new Set(detection.sentences.map((s) => s.score)).size).toBeGreaterThan(1);
    expect(byScore).toEqual(byNgrams);
  });
});

describe("text statistics", () => {
  it("does not end sentences at abbreviations, initials or decimals", () => {
    const text = 'Mr. Smith paid $3.50 for e.g. apples at 5 p.m. yesterday! J. K. Rowling agreed. "Really?" she asked.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      "Mr. Smith paid $3.50 for e.g. apples at 5 p.m. yesterday!",
      "J. K. Rowling agreed.",
      '"Really?" she asked.',
    ]);
  });

  it("treats blank lines and list items as sentence boundaries but keeps hard-wrapped prose whole", () => {
    const text = "A heading\n\nThis line wraps\nonto the next one.\n- first item\n- second item";
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      "A heading",
      "This line wraps\nonto the next one.",
      "- first item",
      "- second item",
    ]);
  });

  it("counts syllables of common words within one of the dictionary value", () => {
    const expected: Record<string, number> = {
      the: 1,
      make: 1,
      table: 2,
      created: 3,
      wanted: 2,
      beautiful: 3,
      idea: 3,
      comprehensive: 4,
      university: 5,
      people: 2,
    };
    for (const [word, syllables] of Object.entries(expected)) {
      expect(Math.abs(countSyllables(word) - syllables), word).toBeLessThanOrEqual(1);
    }
  });

  it("rates plain short sentences as easier to read than long polysyllabic ones", () => {
    const ease = (text: string) => {
      const list = words(text);
      return fleschReadingEase(
        list.length,
        splitSentences(text).length,
        list.reduce((n, w) => n + countSyllables(w), 0),
      );
    };
    expect(ease("The cat sat on the mat. It was warm.")).toBeGreaterThan(
      ease("Organizational transformation necessitates comprehensive stakeholder communication strategies."),
    );
  });
});
