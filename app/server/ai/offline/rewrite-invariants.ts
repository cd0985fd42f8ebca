// What a humanized rewrite must keep and must never produce: every number, name and negation of
// the input, sentences that start with a capital, no doubled words. The evaluation checks each
// rewrite against these, and the unit tests check the humanizer with them.

import { splitSentences } from "./text-stats";

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

/** The input's protected tokens the output lost, and whether it kept every negation. */
export function lostInvariants(input: string, output: string): { tokens: string[]; negationsLost: boolean } {
  const kept = protectedTokens(output);
  const tokens = [...protectedTokens(input)].filter(([token, count]) => (kept.get(token) ?? 0) < count).map(([token]) => token);
  return { tokens, negationsLost: countNegations(output) < countNegations(input) };
}

export function lowercaseSentenceStarts(text: string): string[] {
  return splitSentences(text)
    .map((sentence) => sentence.text)
    .filter((sentence) => /^["“‘'(]?[a-z]/.test(sentence));
}

/** Word pairs like "the the" (case-insensitive); "had had" and "that that" are English. */
export function doubledWords(text: string): string[] {
  return [...text.matchAll(/\b([A-Za-z]+)\s+\1\b/gi)]
    .map((match) => match[0])
    .filter((pair) => !/^(had|that)\s/i.test(pair));
}
