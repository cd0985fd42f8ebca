import { describe, expect, it } from "vitest";
import { punctuationEdits, type SpanEdit } from "../../app/server/ai/offline/punctuation-edits.server";

// Every sentence the edits can make of `sentence`, one edit at a time.
function rewrites(sentence: string, tone: "professional" | "academic" = "professional"): string[] {
  return punctuationEdits(sentence, tone).flatMap((edit: SpanEdit) =>
    edit.options.map((option) => sentence.slice(0, edit.start) + option + sentence.slice(edit.end)),
  );
}

describe("punctuationEdits", () => {
  it("puts an aside of examples in brackets, keeping its words and the sentence's capital", () => {
    expect(rewrites("Several cities, for example Lyon, have built 3 tram lines since 2010.")).toContain(
      "Several cities (for example Lyon) have built 3 tram lines since 2010.",
    );
  });

  it("leaves an aside alone when its closing comma may belong to a list", () => {
    expect(rewrites("Stalls sell drinks, such as tea, coffee and juice, every morning.").some((s) => s.includes("("))).toBe(false);
    expect(rewrites("He fled the police, especially Inspector Hare, played by Rush.").some((s) => s.includes("("))).toBe(false);
    expect(rewrites("It takes many factors, including your skills, contacts and luck.").some((s) => s.includes("("))).toBe(false);
  });

  it("drops the optional comma after a short introductory phrase or adverb before the subject", () => {
    expect(rewrites("In the past, people walked 5 miles to work.")).toContain("In the past people walked 5 miles to work.");
    expect(rewrites("Today, most people shop online.")).toContain("Today most people shop online.");
  });

  it("keeps the comma where the phrase could run on into the subject, and after connectives", () => {
    expect(rewrites("After eating, the dog slept.")).toEqual([]);
    expect(rewrites("In fact, the plan worked.")).toEqual([]);
    expect(rewrites("For example, the plan worked.")).toEqual([]);
  });

  it("drops the comma between two short clauses, and before examples that end the sentence", () => {
    expect(rewrites("It rained all day, and the roads flooded.")).toContain("It rained all day and the roads flooded.");
    expect(rewrites("She grows herbs, such as basil and mint.")).toContain("She grows herbs such as basil and mint.");
  });

  it("drops the serial comma of a longer list except in academic prose", () => {
    const sentence = "We planned the week, checked in with everyone, and kept tweaking what failed.";
    expect(rewrites(sentence)).toContain("We planned the week, checked in with everyone and kept tweaking what failed.");
    expect(rewrites(sentence, "academic")).toEqual([]);
    expect(rewrites("Fans cheered for Ronaldo, United's team captain, and Messi.")).toEqual([]);
  });
});
