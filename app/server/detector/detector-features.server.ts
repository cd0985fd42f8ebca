// What the trained detector reads in a text: hashed word 1–2-grams and character 3–5-grams
// (sparse), plus stylometric measures and the named signals of style-signals.ts (dense). Shared by the Worker and by the training and
// evaluation scripts (scripts/detector/, which import it through Vite's module runner), so the
// model is trained on exactly what it sees at run time.

import { measureSignals, parseText, SIGNAL_IDS, type ParsedText, type SignalId } from "~/server/detector/style-signals.server";

/** A text already split and measured for the named signals, so neither is done twice. */
export type MeasuredText = { parsed: ParsedText; signals: Record<SignalId, number> };

export const HASH_BITS = 18;
const HASH_MASK = (1 << HASH_BITS) - 1;
const WORD_SEED = 0x811c9dc5;
const CHAR_SEED = 0x050c5d1f;
const FNV_PRIME = 0x01000193;

/** Sparse hashed n-grams, each family L2-normalised; the same bucket may appear twice. */
export type SparseFeatures = { indices: Int32Array; values: Float32Array };

type StyleMeasure = (typeof STYLE_MEASURES)[number];

const STYLE_MEASURES = [
  "logWords",
  "sentenceLengthSpread",
  "wordLength",
  "wordLengthSpread",
  "commas",
  "semicolons",
  "colons",
  "exclamations",
  "questions",
  "brackets",
  "quotes",
  "dashes",
  "ellipses",
  "numerals",
  "contractions",
  "firstPerson",
  "secondPerson",
  "capitalisedWords",
  "lowercaseStarts",
  "conjunctionStarts",
  "functionWords",
  "meanLogRank",
  "logRankSpread",
  "topThousandShare",
  "outsideVocabularyShare",
  "repeatedTrigrams",
] as const;

/** The dense inputs in model order: stylometric measures, then the named signals. */
export const DENSE_FEATURES: readonly string[] = [...STYLE_MEASURES, ...SIGNAL_IDS.map((id) => `signal.${id}`)];

/** Word → frequency rank (0 = most frequent), from SUBTLEX-US spoken-English counts. */
export type WordRanks = ReadonlyMap<string, number>;

const TOKEN = /[a-z]+(?:'[a-z]+)*|\d+(?:[.,]\d+)*|[^\sa-z\d]/g;
const WORD = /^[a-z]/;

/** Lower-cased text with typographic quotes made plain, so sources differ less in typography. */
export function normaliseText(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim().toLowerCase();
}

export function tokenize(normalised: string): string[] {
  return normalised.match(TOKEN) ?? [];
}

/** Hashed n-grams of one span of text (a document or a sentence). */
export function sparseFeatures(text: string): SparseFeatures {
  const normalised = normaliseText(text);
  const wordCounts = countWordGrams(tokenize(normalised));
  const charCounts = countCharGrams(normalised.replace(/\d/g, "0"));
  return merge([normalised === "" ? EMPTY_FAMILY : wordCounts, charCounts]);
}

/** Distinct buckets in first-seen order, with their counts. */
type Family = { keys: number[]; counts: number[] };

const EMPTY_FAMILY: Family = { keys: [], counts: [] };

// One counting array reused by every call (a Map per call was most of a detection's time): each
// family's touched buckets are read back in first-seen order and reset.
const scratch = new Uint32Array(1 << HASH_BITS);

function collect(keys: number[]): Family {
  const counts = keys.map((key) => scratch[key] ?? 0);
  for (const key of keys) scratch[key] = 0;
  return { keys, counts };
}

function add(keys: number[], key: number): void {
  const count = scratch[key] ?? 0;
  if (count === 0) keys.push(key);
  scratch[key] = count + 1;
}

function countWordGrams(tokens: readonly string[]): Family {
  const keys: number[] = [];
  let previous = hashString("<s>", WORD_SEED);
  for (const token of tokens) {
    const current = hashString(/^\d/.test(token) ? "<num>" : token, WORD_SEED);
    add(keys, current & HASH_MASK);
    add(keys, Math.imul(previous ^ (current >>> 7), FNV_PRIME) & HASH_MASK);
    previous = current;
  }
  return collect(keys);
}

// Character 3-, 4- and 5-grams hashed incrementally from each start: no substrings allocated.
function countCharGrams(text: string): Family {
  const keys: number[] = [];
  for (let start = 0; start + 3 <= text.length; start += 1) {
    let hash = CHAR_SEED;
    for (let offset = 0; offset < 5 && start + offset < text.length; offset += 1) {
      hash = Math.imul(hash ^ text.charCodeAt(start + offset), FNV_PRIME);
      if (offset >= 2) add(keys, (hash ^ (offset << 20)) & HASH_MASK);
    }
  }
  return collect(keys);
}

// Sub-linear counts (1 + log n), then unit length per family: long and short texts compare.
function merge(families: readonly Family[]): SparseFeatures {
  const size = families.reduce((total, family) => total + family.keys.length, 0);
  const indices = new Int32Array(size);
  const values = new Float32Array(size);
  let at = 0;
  for (const { keys, counts } of families) {
    let norm = 0;
    for (const count of counts) norm += (1 + Math.log(count)) ** 2;
    const scale = norm === 0 ? 0 : 1 / Math.sqrt(norm);
    keys.forEach((index, k) => {
      indices[at] = index;
      values[at] = (1 + Math.log(counts[k] ?? 1)) * scale;
      at += 1;
    });
  }
  return { indices, values };
}

function hashString(text: string, seed: number): number {
  let hash = seed;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

const FUNCTION_WORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by " +
    "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
    "himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other " +
    "our ours ourselves out over own same she should so some such than that the their theirs them themselves then there " +
    "these they this those through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours yourself yourselves"
  ).split(" "),
);
const FIRST_PERSON = new Set(["i", "me", "my", "mine", "myself", "i'm", "i've", "i'd", "i'll"]);
const SECOND_PERSON = new Set(["you", "your", "yours", "yourself", "you're", "you've", "you'll", "you'd"]);
const CONJUNCTION_OPENERS = new Set(["and", "but", "so", "or", "because", "plus"]);
const UNKNOWN_RANK = 60_000;

/**
 * The dense inputs of a text, in DENSE_FEATURES order (raw, before standardising). A caller that
 * has already parsed and measured the text passes that in.
 */
export function denseFeatures(text: string, ranks: WordRanks, measured: MeasuredText = measure(text)): Float64Array {
  const { parsed, signals } = measured;
  const plain = text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
  const tokens = tokenize(plain.toLowerCase());
  const wordTokens = tokens.filter((token) => WORD.test(token));
  const wordCount = Math.max(1, wordTokens.length);
  const per100 = (count: number) => (100 * count) / wordCount;
  const countOf = (pattern: RegExp) => (plain.match(pattern) ?? []).length;

  const sentences = parsed.sentences.map((sentence) => sentence.text.replace(/[’‘]/g, "'"));
  const sentenceLengths = sentences.map((s) => (s.toLowerCase().match(TOKEN) ?? []).filter((t) => WORD.test(t)).length);
  const wordLengths = wordTokens.map((w) => w.length);
  const logRanks = wordTokens.map((w) => Math.log1p(ranks.get(w) ?? ranks.get(w.split("'")[0] ?? "") ?? UNKNOWN_RANK));
  const originalWords = plain.match(/[A-Za-z]+(?:'[A-Za-z]+)*/g) ?? [];
  const firstWords = sentences.map((s) => /[A-Za-z]+/.exec(s)?.[0] ?? "");

  const values: Record<StyleMeasure, number> = {
    logWords: Math.log(wordCount),
    sentenceLengthSpread: spread(sentenceLengths),
    wordLength: mean(wordLengths),
    wordLengthSpread: spread(wordLengths),
    commas: per100(countOf(/,/g)),
    semicolons: per100(countOf(/;/g)),
    colons: per100(countOf(/:(?!\d)/g)),
    exclamations: per100(countOf(/!/g)),
    questions: per100(countOf(/\?/g)),
    brackets: per100(countOf(/[()[\]]/g)),
    quotes: per100(countOf(/"/g)),
    dashes: per100(countOf(/[—–]|\s-\s|--/g)),
    ellipses: per100(countOf(/\.\.\.|…/g)),
    numerals: per100(countOf(/\d+(?:[.,]\d+)*/g)),
    contractions: per100(wordTokens.filter((w) => /'(?:t|re|ll|ve|m|d|s)$/.test(w)).length),
    firstPerson: per100(wordTokens.filter((w) => FIRST_PERSON.has(w)).length),
    secondPerson: per100(wordTokens.filter((w) => SECOND_PERSON.has(w)).length),
    capitalisedWords: share(originalWords.slice(1), (w) => /^[A-Z]/.test(w) && w !== "I"),
    lowercaseStarts: share(firstWords, (w) => /^[a-z]/.test(w)),
    conjunctionStarts: share(firstWords, (w) => CONJUNCTION_OPENERS.has(w.toLowerCase())),
    functionWords: share(wordTokens, (w) => FUNCTION_WORDS.has(w)),
    meanLogRank: mean(logRanks),
    logRankSpread: spread(logRanks),
    topThousandShare: share(wordTokens, (w) => (ranks.get(w) ?? UNKNOWN_RANK) < 1000),
    outsideVocabularyShare: share(wordTokens, (w) => !ranks.has(w) && !ranks.has(w.split("'")[0] ?? "")),
    repeatedTrigrams: repeatedTrigramShare(wordTokens),
  };
  return Float64Array.from([...STYLE_MEASURES.map((name) => values[name]), ...SIGNAL_IDS.map((id) => signals[id])]);
}

export function measure(text: string): MeasuredText {
  const parsed = parseText(text);
  return { parsed, signals: measureSignals(parsed) };
}

function repeatedTrigramShare(tokens: readonly string[]): number {
  const trigrams = tokens.slice(2).map((token, i) => `${tokens[i]} ${tokens[i + 1]} ${token}`);
  const counts = new Map<string, number>();
  for (const trigram of trigrams) counts.set(trigram, (counts.get(trigram) ?? 0) + 1);
  return share(trigrams, (trigram) => (counts.get(trigram) ?? 0) > 1);
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((total, value) => total + value, 0) / values.length;
}

function spread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - average) ** 2)));
}

function share<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  return items.length === 0 ? 0 : items.filter(predicate).length / items.length;
}
