// What a humanized rewrite must keep and must never produce: every number, name and negation of
// the input, sentences that start with a capital, no doubled words. The evaluation checks each
// rewrite against these, and the unit tests check the humanizer with them.

import { splitSentences } from "~/server/detector/text-stats.server";

const NUMBER = /\d+(?:[.,:]\d+)*/g;
const NEGATION = /\b(?:not|no|never|nor|none|nobody|nothing|nowhere|neither|cannot)\b|n['’]t\b/gi;

/** Numbers and capitalised words that do not open a sentence (names), with their counts. */
export function protectedTokens(text: string): Map<string, number> {
  const tokens = new Map<string, number>();
  const add = (token: string) => tokens.set(token, (tokens.get(token) ?? 0) + 1);
  for (const number of text.match(NUMBER) ?? []) add(number);
  for (const sentence of splitSentences(text)) {
    const names = sentence.text.match(/(?<=[\s(“"'‘-])[A-Z][A-Za-z]*(?:['’][a-z]+)?/g) ?? [];
    for (const name of names) if (name !== "I" && !/^I['’]/.test(name)) add(name);
  }
  return tokens;
}

export function countNegations(text: string): number {
  return (text.match(NEGATION) ?? []).length;
}

/**
 * The input's protected tokens the output lost (a name may move to the start of a sentence, so
 * the output is searched anywhere), and whether it kept every negation.
 */
export function lostInvariants(input: string, output: string): { tokens: string[]; negationsLost: boolean } {
  // Plain substring counts: a number glued to letters ("EU27", "£30m", "the 70s") still counts.
  const occurrences = (token: string) => output.split(token).length - 1;
  const tokens = [...protectedTokens(input)].filter(([token, count]) => occurrences(token) < count).map(([token]) => token);
  return { tokens, negationsLost: countNegations(output) < countNegations(input) };
}

// A lower-case letter opening the text or following a sentence end, unless the "end" was an
// abbreviation ("e.g. apples", "5 p.m. today").
const SENTENCE_START = /(^|[.!?]["”’')\]]*\s+)(["“‘'(]?)([a-z])/g;
const ABBREVIATION_BEFORE = /(?:^|\s)(?:e\.g|i\.e|etc|vs|cf|al|approx|a\.m|p\.m|no|vol|fig|[a-z])\.["”’')\]]*\s+$/i;

/** Offsets of the lower-case letters that open a sentence. */
function lowercaseStartOffsets(text: string): number[] {
  const offsets: number[] = [];
  for (const match of text.matchAll(SENTENCE_START)) {
    const letterAt = match.index + (match[1]?.length ?? 0) + (match[2]?.length ?? 0);
    if (!ABBREVIATION_BEFORE.test(text.slice(Math.max(0, letterAt - 12), letterAt))) offsets.push(letterAt);
  }
  return offsets;
}

/** The sentences (as their first words) that start in lower case. */
export function lowercaseSentenceStarts(text: string): string[] {
  return lowercaseStartOffsets(text).map((offset) => text.slice(offset, offset + 20));
}

/** The text with every sentence opening in a capital. */
export function capitaliseSentenceStarts(text: string): string {
  const offsets = new Set(lowercaseStartOffsets(text));
  return text
    .split("")
    .map((char, i) => (offsets.has(i) ? char.toUpperCase() : char))
    .join("");
}

/** Word pairs like "the the" (case-insensitive); "had had" and "that that" are English. */
export function doubledWords(text: string): string[] {
  return [...text.matchAll(/\b([A-Za-z]+)\s+\1\b/gi)].map((match) => match[0]).filter((pair) => !/^(had|that)\s/i.test(pair));
}
