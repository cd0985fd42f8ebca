import { describe, expect, it } from "vitest";
import { humanizeText, TONES } from "../../app/server/ai/offline/humanize.server";
import {
  capitaliseSentenceStarts,
  doubledWords,
  lostInvariants,
  lowercaseSentenceStarts,
  protectedTokens,
} from "../../app/server/ai/offline/rewrite-invariants.server";

// Paragraphs written for these tests in an assistant's register, each with something to keep.
const PARAGRAPHS = [
  "In today's fast-paced world, it is important to note that Maria Lopez does not utilize various tools. " +
    "She never shares her 3 passwords with individuals outside the team. Ultimately, this approach plays a vital role in keeping Acme safe.",
  "Furthermore, the committee reviewed 42 proposals in March. It did not fund any of them. " +
    "The members believe that a significant challenge remains, and they plan to explore new options with the Ford Foundation in 2025.",
  "Moreover, using innovative solutions, teams can enhance their workflow. Nobody should ignore the crucial impact of planning. " +
    "The report, which cost $1,200, shows that Berlin and Paris cannot be compared directly.",
];

describe("rewrite invariants", () => {
  it("finds numbers and mid-sentence names, not sentence openers", () => {
    const tokens = protectedTokens("The team met Anna in Rome on 12 May. Later it rained.");
    expect([...tokens.keys()].sort()).toEqual(["12", "Anna", "May", "Rome"]);
  });

  it("reports a lost name, a lost number and a lost negation", () => {
    expect(lostInvariants("Anna did not pay 40 euros.", "Anna paid 40 euros.")).toEqual({ tokens: [], negationsLost: true });
    expect(lostInvariants("We met Anna at 9.", "We met her at nine.").tokens).toEqual(["9", "Anna"]);
  });

  it("finds sentences that start in lower case, but not words after an abbreviation", () => {
    expect(lowercaseSentenceStarts("It works. using it is easy. Buy fruit, e.g. apples.")).toEqual(["using it is easy. Bu"]);
    expect(capitaliseSentenceStarts("it works. using it is easy, e.g. apples.")).toBe("It works. Using it is easy, e.g. apples.");
  });

  it("finds doubled words but allows 'had had' and 'that that'", () => {
    expect(doubledWords("We went to to the shop. He had had enough.")).toEqual(["to to"]);
  });
});

describe("humanizeText keeps its invariants on texts written for this test", () => {
  it("keeps every number, name and negation, in every tone", () => {
    for (const paragraph of PARAGRAPHS) {
      for (const tone of TONES) {
        expect(lostInvariants(paragraph, humanizeText(paragraph, tone)), tone).toEqual({ tokens: [], negationsLost: false });
      }
    }
  });

  it("starts every sentence with a capital and doubles no word, in every tone", () => {
    for (const paragraph of PARAGRAPHS) {
      for (const tone of TONES) {
        const output = humanizeText(paragraph, tone);
        expect(lowercaseSentenceStarts(output), `${tone}: ${output}`).toEqual([]);
        expect(doubledWords(output), `${tone}: ${output}`).toEqual([]);
        expect(output, tone).toMatch(/[.!?]$/);
      }
    }
  });

  it("capitalises the sentence left behind when an opener phrase is cut", () => {
    const output = humanizeText("Moreover, using innovative solutions, teams can enhance their workflow.", "professional");
    expect(output).toMatch(/^[A-Z]/);
    expect(output).not.toMatch(/^Moreover/);
  });

  it("never hands back its input unchanged when the text has two sentences it can join", () => {
    const plain = "The shop opens at nine. Its owner bakes bread every morning before dawn.";
    for (const tone of TONES) expect(humanizeText(plain, tone), tone).not.toBe(plain);
  });

  it("swaps words the detector weighs towards machine text for plain ones of the same part of speech", () => {
    const output = humanizeText("Various individuals face a significant challenge when they explore the impact of change.", "professional");
    expect(output).toBe("Many people face a large problem when they look into the effect of change.");
  });

  it("keeps 'challenge' and 'impact' as verbs untouched", () => {
    const output = humanizeText("Critics challenge the plan. Storms impact the coast every year.", "professional");
    expect(output).toContain("challenge the plan");
    expect(output).toContain("impact the coast");
  });
});

describe("joined sentences keep an abbreviation's full stop", () => {
  const texts = [
    "The studio behind the film was Warner Bros. It is important to note that the film was released in 1994 and it was a huge success. Furthermore, the cast included many well known actors.",
    "The company moved its offices to the U.S. It is essential to recognize that the move helped the team grow quickly. Moreover, the new office was close to many customers.",
    "The samples were stored in boxes, jars, bags, etc. It is crucial to note that each one was labelled with a date. Additionally, the team kept a detailed log of every sample.",
  ];
  for (const text of texts) {
    const abbreviation = /(\S+\.) It is/.exec(text)![1]!;
    for (const tone of TONES) {
      it(`${tone}: "${abbreviation}" keeps its full stop`, () => {
        expect(humanizeText(text, tone)).toContain(abbreviation);
      });
    }
  }
});
