import { describe, expect, it } from "vitest";
import { detectAiText } from "../../app/server/detector/detect.server";
import { detectDocument } from "../../app/server/detector/document-detection.server";
import { DETECTOR_SAMPLES } from "../fixtures/detector-samples";

const humans = DETECTOR_SAMPLES.filter((sample) => sample.id.startsWith("human-")).map((sample) => sample.text);
const machines = DETECTOR_SAMPLES.filter((sample) => sample.id.startsWith("ai-")).map((sample) => sample.text);
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe("a document scored section by section", () => {
  const paragraphs = [...humans.slice(0, 4), ...machines.slice(0, 4)].map((text, index) => ({ text, page: Math.floor(index / 2) + 1 }));
  const detection = detectDocument(paragraphs);

  it("joins the paragraphs with blank lines and covers every word in sections the model scored one by one", () => {
    expect(detection.text).toBe(paragraphs.map((paragraph) => paragraph.text).join("\n\n"));
    expect(detection.sections.length).toBeGreaterThan(1);
    for (const section of detection.sections) {
      const alone = detectAiText(detection.text.slice(section.start, section.end));
      expect(section.probability).toBe(alone.probability);
      expect(section.words).toBe(alone.words);
      expect(section.words).toBeLessThanOrEqual(450 + 200);
    }
    expect(detection.words).toBe(detectAiText(detection.text).words);
  });

  it("labels PDF sections by their pages, in order", () => {
    expect(detection.sections[0]!.label).toMatch(/^Pages? 1/);
    expect(detection.sections.at(-1)!.label).toMatch(/4$/);
  });

  it("gives the document a verdict at the lines of its own length band (decision 058)", () => {
    const line = detection.strictness!.lines.find((candidate) => candidate.level === "balanced")!;
    const p = detection.probability! / 100;
    expect(detection.verdict).toBe(p >= line.likelyAiFrom ? "likely-ai" : p >= line.mixedFrom ? "mixed" : "likely-human");
    expect(detection.report).toMatch(/^AI Probability: \d+%\nAnalysis: \d+ of \d+ sections read/);
  });

  it("reads the machine-written half as more AI than the human half", () => {
    const first = detection.sections[0]!;
    const last = detection.sections.at(-1)!;
    expect(last.probability!).toBeGreaterThan(first.probability!);
  });

  it("places every sentence score on the sentence's own words in the document", () => {
    for (const sentence of detection.sentences) expect(detection.text.slice(sentence.start, sentence.end)).toBe(sentence.text);
  });
});

describe("paragraphs that are not section-sized", () => {
  it("cuts one long paragraph at sentence ends into sections of at most ~450 words", () => {
    const long = machines.join(" ");
    const detection = detectDocument([{ text: long }]);
    expect(wordsOf(long)).toBeGreaterThan(900);
    expect(detection.sections.length).toBeGreaterThanOrEqual(2);
    for (const section of detection.sections) {
      expect(section.label).toBe("Paragraph 1");
      expect(detection.text.slice(section.start, section.end).trimEnd()).toMatch(/[.!?"'”’)]$/);
    }
  });

  it("lets a short last paragraph join the section before it instead of standing alone unscored", () => {
    const detection = detectDocument([{ text: machines.slice(0, 3).join(" ") }, { text: "Thanks for reading." }]);
    expect(detection.sections.at(-1)!.end).toBe(detection.text.length);
    expect(detection.sections.every((section) => section.verdict !== "too-short")).toBe(true);
  });

  it("says a document in another language is not scored, rather than giving a number", () => {
    const french = [
      "Le chat dormait sur le rebord de la fenêtre pendant que la pluie tombait doucement sur les toits de la vieille ville. Nous avons préparé le dîner ensemble, puis nous avons parlé de nos vacances passées à la montagne, des sentiers couverts de neige et du refuge où nous avions dormi si mal.",
      "Le lendemain, ma sœur est arrivée avec ses deux enfants. Ils ont couru partout dans l'appartement, ont renversé un vase et ont ri pendant des heures. Le soir, nous sommes sortis marcher le long du fleuve, en regardant les lumières des cafés qui restaient ouverts tard dans la nuit.",
      "Je ne sais pas encore si nous partirons en Bretagne cet été. Mon père voudrait revoir la maison de son enfance, mais le voyage est long et la voiture commence à fatiguer. Nous verrons bien au printemps, quand les jours seront plus longs et que le travail sera moins pressant.",
    ];
    const detection = detectDocument(french.map((text) => ({ text })));
    expect(detection.verdict).toBe("english-only");
    expect(detection.probability).toBeNull();
  });
});
