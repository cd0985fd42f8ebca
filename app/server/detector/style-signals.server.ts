// The named stylometric signals the detector reports (sentence-length variation, stock phrases,
// contractions…): measured values only. detect.ts explains them to the reader; the trained model
// (detector-features.ts) reads the same values as part of its input.

import { isCommonWord } from "~/server/detector/common-words.server";
import { findStockPhrases, type StockPhraseHit } from "~/server/detector/stock-phrases.server";
import {
  countNumerals,
  countSyllables,
  fleschReadingEase,
  mean,
  normalizedWords,
  splitSentences,
  standardDeviation,
  type SentenceSpan,
} from "~/server/detector/text-stats.server";

export const SIGNAL_IDS = [
  "burstiness",
  "sentenceLength",
  "readability",
  "vocabulary",
  "rarity",
  "stockPhrases",
  "repetition",
  "listsOfThree",
  "firstPerson",
  "contractions",
  "punctuation",
  "numerals",
] as const;

export type SignalId = (typeof SIGNAL_IDS)[number];

/** The text split once into the pieces every signal reads. */
export type ParsedText = {
  text: string;
  sentences: SentenceSpan[];
  sentenceWords: string[][];
  wordList: string[];
  stockHits: StockPhraseHit[];
};

export function parseText(text: string): ParsedText {
  const sentences = splitSentences(text, { informal: true });
  return {
    text,
    sentences,
    sentenceWords: sentences.map((s) => normalizedWords(s.text)),
    wordList: normalizedWords(text),
    stockHits: findStockPhrases(text),
  };
}

/** The raw value of every signal, before weighting. */
export function measureSignals({ text, sentences, sentenceWords, wordList, stockHits }: ParsedText): Record<SignalId, number> {
  const per100 = (count: number) => (wordList.length === 0 ? 0 : (100 * count) / wordList.length);
  const lengths = sentenceWords.map((w) => w.length).filter((n) => n > 0);
  const syllables = wordList.reduce((total, word) => total + countSyllables(word), 0);
  return {
    burstiness: mean(lengths) === 0 ? 0 : standardDeviation(lengths) / mean(lengths),
    sentenceLength: mean(lengths),
    readability: fleschReadingEase(wordList.length, Math.max(1, lengths.length), syllables),
    vocabulary: movingTypeTokenRatio(wordList, 50),
    rarity: share(wordList, (word) => !isCommonWord(word)),
    stockPhrases: per100(stockHits.length),
    repetition: repetitionScore(sentenceWords, wordList),
    listsOfThree: share(sentences, (s) => LIST_OF_THREE.test(s.text)),
    firstPerson: per100(wordList.filter((word) => FIRST_PERSON.has(word)).length),
    contractions: per100(wordList.filter(isContraction).length),
    punctuation: per100((text.match(EXPRESSIVE_PUNCTUATION) ?? []).length),
    numerals: per100(countNumerals(text)),
  };
}

const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "i'm", "i've", "i'd", "i'll"]);
const EXPRESSIVE_PUNCTUATION = /[?!;()—–]|\.\.\.|…|\s-\s|"|“/g;
// "A, B, and C" or "A, B and C" with one- or two-word items.
const LIST_OF_THREE = /\b\w+(?:[ -]\w+)?, \w+(?:[ -]\w+)?,? (?:and|or) \w+/;

function isContraction(word: string): boolean {
  return /(?:n't|'re|'ll|'ve|'m|'d)$/.test(word) || /^(?:it|that|there|here|what|he|she|let)'s$/.test(word);
}

/** Type-token ratio averaged over sliding windows, so long texts are not penalised for length. */
export function movingTypeTokenRatio(wordList: readonly string[], window: number): number {
  if (wordList.length === 0) return 0;
  if (wordList.length <= window) return new Set(wordList).size / wordList.length;
  const counts = new Map<string, number>();
  const add = (word: string, delta: number) => {
    const count = (counts.get(word) ?? 0) + delta;
    if (count === 0) counts.delete(word);
    else counts.set(word, count);
  };
  wordList.slice(0, window).forEach((word) => add(word, 1));
  let total = counts.size;
  for (let end = window; end < wordList.length; end += 1) {
    add(wordList[end] ?? "", 1);
    add(wordList[end - window] ?? "", -1);
    total += counts.size;
  }
  return total / (wordList.length - window + 1) / window;
}

// Half repeated sentence openers, half repeated three-word phrases.
function repetitionScore(sentenceWords: readonly string[][], wordList: readonly string[]): number {
  const openers = sentenceWords.map((w) => w[0]).filter((w): w is string => w !== undefined);
  const repeatedOpeners = openers.length < 3 ? 0 : 1 - new Set(openers).size / openers.length;
  const trigrams = wordList.slice(2).map((w, i) => `${wordList[i]} ${wordList[i + 1]} ${w}`);
  const counts = new Map<string, number>();
  for (const trigram of trigrams) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  const repeatedTrigrams = share(trigrams, (t) => (counts.get(t) ?? 0) > 1);
  return (repeatedOpeners + repeatedTrigrams) / 2;
}

function share<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  return items.length === 0 ? 0 : items.filter(predicate).length / items.length;
}
