import { describe, expect, it } from "vitest";
import { humanizeText } from "../../app/server/ai/offline/humanize.server";
import { lowerDetectorScore } from "../../app/server/ai/offline/detector-guided-edits.server";
import { ALTERNATIVES, alternativesFor, cuesOf } from "../../app/server/ai/offline/plain-alternatives.server";

// Every sentence one alternative makes of `sentence` in `tone`.
function rewrites(sentence: string, tone: "professional" | "academic" | "casual" = "professional"): string[] {
  return ALTERNATIVES.filter((alternative) => !alternative.tones || alternative.tones.includes(tone)).flatMap(({ pattern, options }) => {
    const matches = pattern.global ? [...sentence.matchAll(pattern)] : [pattern.exec(sentence)].filter((m) => m !== null);
    return matches.flatMap((match) =>
      options.map((option) => sentence.slice(0, match.index) + option + sentence.slice(match.index + match[0].length)),
    );
  });
}

describe("plain alternatives", () => {
  it("offers the plain verb where it takes the same object", () => {
    expect(rewrites("The report highlights the need for 2 new schools.")).toContain("The report shows the need for 2 new schools.");
    expect(rewrites("Officials stated that the bridge would reopen.")).toContain("Officials said that the bridge would reopen.");
  });

  it("leaves the noun and other senses alone", () => {
    expect(rewrites("The highlights of the trip were the lakes.").some((s) => s.includes("shows"))).toBe(false);
    expect(rewrites("We are considering the offer.").some((s) => s.includes("given"))).toBe(false);
    expect(rewrites("The test reached statistical significance.").some((s) => s.includes("importance"))).toBe(false);
    expect(rewrites("Nurses check vital signs hourly.").some((s) => s.includes("essential"))).toBe(false);
  });

  it("never spells out a contraction into a wrong verb", () => {
    expect(rewrites("It's been a long year.")).not.toContain("It is been a long year.");
    expect(rewrites("It's a long year.")).toContain("it is a long year.");
  });

  it("makes an intensifier 'very' only before an adjective-like word", () => {
    expect(rewrites("The results were extremely useful.")).toContain("The results were very useful.");
    expect(rewrites("We highly recommend it.").some((s) => s.includes("very"))).toBe(false);
  });
});

// Each sense an alternative is for, and one it must leave alone: [what, offered, not offered].
const SENSES: readonly [string, readonly [string, string], readonly [string, string]][] = [
  [
    "a concessive 'while', not one of time",
    ["While this could spoil the water, it did not ruin the well.", "although this could spoil the water, it did not ruin the well."],
    ["While walking home, I saw 3 foxes.", "although"],
  ],
  [
    "'like' before a name",
    ["Economies like China grew fast.", "Economies such as China grew fast."],
    ["Students like the new rules.", "such as"],
  ],
  [
    "the verb 'focus on'",
    ["Our research focused on 12 patients.", "Our research concentrated on 12 patients."],
    ["The plan puts a focus on safety.", "concentrate"],
  ],
  [
    "the participle 'focused' left alone",
    ["Our research focused on 12 patients.", "Our research concentrated on 12 patients."],
    ["The team is focused on safety.", "concentrated"],
  ],
  [
    "naming with 'called', never phoning",
    ["They use a method called Kriging.", "They use a method named Kriging."],
    ["Then she called Mary at 9.", "named"],
  ],
  [
    "the verb 'impact', never the noun",
    ["Heavy rain has impacted the harvest.", "Heavy rain has affected the harvest."],
    ["The impacts the storm had were large.", "affect"],
  ],
  ["'might not' as 'may not', never 'could not'", ["It might not rain.", "It may not rain."], ["It might not rain.", "could not"]],
  [
    "the adjective 'challenging', not the verb",
    ["It was a challenging year.", "It was a difficult year."],
    ["She is challenging the rule.", "difficult"],
  ],
];

describe("plain alternatives keep to one sense", () => {
  it.each(SENSES)("%s", (_what, [sentence, offered], [other, notOffered]) => {
    expect(rewrites(sentence)).toContain(offered);
    expect(rewrites(other).some((s) => s.includes(notOffered))).toBe(false);
  });
});

describe("cue words of the alternatives", () => {
  it("are words every match contains, so skipping a sentence without them loses no match", () => {
    expect(cuesOf(/(?<=\b(?:the|a)\s+)(?:highlights|shows)(?=\s+the\b)/gi)).toEqual(["highlights", "shows"]);
    expect(cuesOf(/potential(?=\s+risks?)/gi)).toEqual(["potential"]);
    expect(cuesOf(/it is/gi)).toBeUndefined();
    const sentence = "The report highlights the need for 2 new schools, such as the one in Leeds.";
    const matching = ALTERNATIVES.filter(
      ({ pattern, tones }) =>
        (!tones || tones.includes("professional")) && new RegExp(pattern.source, pattern.flags.replace("g", "")).test(sentence),
    );
    expect(alternativesFor(sentence, "professional")).toEqual(expect.arrayContaining(matching));
  });
});

describe("humanizer rules", () => {
  it("looks into a question but still explores a city", () => {
    expect(humanizeText("We will explore how the tides work before we leave the harbour.", "professional")).toContain("look into how");
    expect(humanizeText("We will explore the city on foot before we leave the harbour.", "professional")).not.toContain(
      "look into the city",
    );
  });

  it("turns 'do have the ability to' into 'can', not 'do can'", () => {
    expect(humanizeText("Insects do have the ability to dodge raindrops.", "professional")).not.toMatch(/\bdo can\b/);
  });
});

describe("sentence joins of the detector-guided pass", () => {
  it("joins a sentence that opens with a conjunctive adverb with a semicolon only, keeping its numbers", () => {
    const text = "Prices rose by 4% in 2023 across the region. However, wages did not keep pace with prices at all.";
    const output = lowerDetectorScore(text, text, "professional");
    expect(output).toContain("4%");
    expect(output).toContain("2023");
    expect(output).not.toMatch(/, and however|— however/);
  });

  it("never joins a list item's number to the next sentence", () => {
    const text = "Follow these steps with care. 1. Open the lid and wait for the steam to clear. 2. Pour the water slowly into the cup.";
    expect(lowerDetectorScore(text, text, "professional")).not.toMatch(/\d; [a-z]/);
  });
});
