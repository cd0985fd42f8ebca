// Plain-text statistics shared by the offline engine: sentences with offsets, words,
// syllables and Flesch reading ease. Pure TypeScript so it runs in a Worker and in Node.

export type SentenceSpan = { text: string; start: number; end: number };

// Lower-case abbreviations (without their final dot) after which a dot does not end a sentence.
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "mx",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "mt",
  "rev",
  "gen",
  "col",
  "capt",
  "lt",
  "sgt",
  "gov",
  "sen",
  "rep",
  "hon",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "cf",
  "al",
  "approx",
  "inc",
  "ltd",
  "co",
  "corp",
  "dept",
  "univ",
  "no",
  "nos",
  "vol",
  "fig",
  "ch",
  "pp",
  "p",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
  "a.m",
  "p.m",
  "u.s",
  "u.k",
  "ph.d",
  "b.a",
  "m.a",
]);

const CLOSERS = `"'”’)]}»`;
const LIST_MARKER = /^\s*(?:[-*•]|\d+[.)])\s/;

/**
 * How casual text is split. Edited prose (the default) keeps a lower-case word after a full stop
 * and a single line break inside the sentence. Chat-style text ("lol ok. then i left", one thought
 * a line, no punctuation at all) needs every terminator, every line break (unless the text is
 * hard-wrapped) and, for a long run with no full stop or no capital, a break at its commas or
 * conjunctions: else it reads as one 80-word sentence.
 */
export type SplitOptions = { informal?: boolean };

/** Splits text into sentences; `text` equals `source.slice(start, end)` for every span. */
export function splitSentences(source: string, options: SplitOptions = {}): SentenceSpan[] {
  const informal = options.informal ?? false;
  const rules = { informal, lineBreaks: informal && !isHardWrapped(source) };
  const spans: SentenceSpan[] = [];
  let sentenceStart = 0;
  let i = 0;
  while (i < source.length) {
    const boundary = sentenceBoundaryAt(source, i, rules);
    if (boundary === null) {
      i += 1;
      continue;
    }
    pushTrimmed(spans, source, sentenceStart, boundary.end);
    sentenceStart = boundary.end;
    i = Math.max(boundary.end, i + 1);
  }
  pushTrimmed(spans, source, sentenceStart, source.length);
  return informal ? spans.flatMap((span) => splitLongRun(source, span)) : spans;
}

/** `lineBreaks`: every line break ends a sentence (informal text that is not hard-wrapped). */
type SplitRules = { informal: boolean; lineBreaks: boolean };

function sentenceBoundaryAt(source: string, i: number, { informal, lineBreaks }: SplitRules): { end: number } | null {
  const char = source[i] ?? "";
  if (char === "\n") return lineBreakBoundary(source, i, lineBreaks);
  if (!".!?…".includes(char)) return null;
  // A run of terminators ("?!", "...") is judged once, from its first character.
  if (i > 0 && ".!?…".includes(source[i - 1] ?? "")) return null;
  let end = i + 1;
  while (end < source.length && ".!?…".includes(source[end] ?? "")) end += 1;
  while (end < source.length && CLOSERS.includes(source[end] ?? "")) end += 1;
  const next = source[end];
  if (next !== undefined && !/\s/.test(next)) return null;
  if (char === "." && end === i + 1 && isAbbreviation(source, i)) return null;
  // "wait... what" trails off and '"Really?" she asked' goes on: neither ends an informal sentence.
  const goesOn = char === "…" || source[i + 1] === "." || CLOSERS.includes(source[end - 1] ?? "");
  if (!startsNewSentence(source, end, informal && !goesOn)) return null;
  return { end };
}

// A blank line always ends a sentence; a single newline only before a list item, so that
// hard-wrapped prose stays whole. Informal text also ends a sentence at every other line break,
// unless it is hard-wrapped itself: chat messages and one-thought lines do not fill their lines.
function lineBreakBoundary(source: string, i: number, lineBreaks: boolean): { end: number } | null {
  if (lineBreaks) return { end: i };
  const rest = source.slice(i + 1, i + 40);
  if (/^[ \t]*\n/.test(rest) || LIST_MARKER.test(rest)) return { end: i };
  const lineStart = source.lastIndexOf("\n", i - 1) + 1;
  if (LIST_MARKER.test(source.slice(lineStart, i))) return { end: i };
  return null;
}

const WRAP_WIDTH = 60;

// Every line but a paragraph's last is at least WRAP_WIDTH characters long and within 15 of the longest.
function isHardWrapped(source: string): boolean {
  if (!source.includes("\n")) return false;
  const inner = source.split(/\n[ \t]*\n/).flatMap((paragraph) =>
    paragraph
      .split("\n")
      .slice(0, -1)
      .map((line) => line.trim().length),
  );
  const longest = Math.max(0, ...inner);
  return inner.length > 0 && inner.every((length) => length >= WRAP_WIDTH && longest - length <= 15);
}

function isAbbreviation(source: string, dotIndex: number): boolean {
  const before = source.slice(Math.max(0, dotIndex - 12), dotIndex);
  const token = /([A-Za-z.]+)$/.exec(before)?.[1] ?? "";
  if (token.length === 1 && /[A-Z]/.test(token)) return true; // an initial: "J. K. Rowling"
  return ABBREVIATIONS.has(token.toLowerCase());
}

// After a terminator the next sentence starts with a capital, a digit, a quote or a bracket; in
// informal text with anything but another closer.
const SENTENCE_OPENING = /\s*[A-Z0-9"'“‘([\-*•\u00C0-\u00DE]/y;
const ANY_OPENING = /\s*[^\s)\]}]/y;
const BLANK_REST = /\s*$/y;

function startsNewSentence(source: string, from: number, informal: boolean): boolean {
  BLANK_REST.lastIndex = from;
  if (BLANK_REST.test(source)) return true;
  const opening = informal ? ANY_OPENING : SENTENCE_OPENING;
  opening.lastIndex = from;
  return opening.test(source);
}

// Casual runs over this many words are cut at the comma or conjunction nearest their middle; a
// long sentence of edited prose (capitals, a final full stop) is left whole.
const LONG_RUN_WORDS = 40;
const EDITED_SENTENCE = /^(?=.*[A-Z]).*[.!?…]["'”’)\]]*$/s;
const RUN_BREAK = /[,;:]\s|\s[-–—]\s|\s(?=(?:and|but|so|then|because|lol|cause|cuz)\s)/gi;

function splitLongRun(source: string, span: SentenceSpan): SentenceSpan[] {
  const wordStarts = [...span.text.matchAll(/\S+/g)].map((match) => match.index);
  if (wordStarts.length <= LONG_RUN_WORDS || EDITED_SENTENCE.test(span.text)) return [span];
  const middle = wordStarts[Math.floor(wordStarts.length / 2)] ?? 0;
  const minimum = wordStarts[8] ?? 0;
  const maximum = wordStarts[wordStarts.length - 8] ?? span.text.length;
  const breaks = [...span.text.matchAll(RUN_BREAK)]
    .map((match) => match.index + match[0].length)
    .filter((at) => at > minimum && at < maximum);
  const cut = breaks.length === 0 ? middle : breaks.reduce((best, at) => (Math.abs(at - middle) < Math.abs(best - middle) ? at : best));
  const parts: SentenceSpan[] = [];
  pushTrimmed(parts, source, span.start, span.start + cut);
  pushTrimmed(parts, source, span.start + cut, span.end);
  return parts.flatMap((part) => splitLongRun(source, part));
}

function pushTrimmed(spans: SentenceSpan[], source: string, start: number, end: number): void {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(source[s] ?? "")) s += 1;
  while (e > s && /\s/.test(source[e - 1] ?? "")) e -= 1;
  if (e > s) spans.push({ text: source.slice(s, e), start: s, end: e });
}

const WORD_PATTERN = /[A-Za-z\u00C0-\u024F]+(?:['’][A-Za-z\u00C0-\u024F]+)*/g;

/** Words made of letters (apostrophes inside kept: "don't"); numbers are not words here. */
export function words(text: string): string[] {
  return text.match(WORD_PATTERN) ?? [];
}

/** Lower-cased words with curly apostrophes made straight, for dictionary look-ups. */
export function normalizedWords(text: string): string[] {
  return words(text).map((word) => word.toLowerCase().replace(/’/g, "'"));
}

/** Counts numbers written with digits: 3, 1,200, 4.5, 2024. */
export function countNumerals(text: string): number {
  return (text.match(/\d+(?:[.,]\d+)*/g) ?? []).length;
}

// Vowel pairs that usually belong to two syllables ("cre-ate", "ide-a", "ri-ot").
const SPLIT_VOWEL_PAIRS = /ea(?=te|ti|tor)|ea$|ia(?!l|n)|io(?!n|u)|iu|ua|uo/g;

/** Estimates English syllables: vowel groups, minus silent endings, plus split vowel pairs. */
export function countSyllables(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, "");
  if (w.length === 0) return 0;
  if (w.length <= 3) return 1;
  const stem = dropSilentEnding(w).replace(/^y/, "");
  const groups = (stem.match(/[aeiouy]+/g) ?? []).length;
  const splits = (w.match(SPLIT_VOWEL_PAIRS) ?? []).length;
  return Math.max(1, groups + splits);
}

// "makes", "played", "make" lose a vowel group; "boxes", "wanted", "table" keep it.
function dropSilentEnding(word: string): string {
  if (/[^aeiouy]es$/.test(word) && !/(?:[sxzcg]|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/[^aeiouy]ed$/.test(word) && !/[td]ed$/.test(word)) return word.slice(0, -2);
  if (/[^aeiouy]e$/.test(word) && !/[^aeiouy]le$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Flesch reading ease: higher is easier; 60–70 is plain English, below 30 is academic. */
export function fleschReadingEase(wordCount: number, sentenceCount: number, syllableCount: number): number {
  if (wordCount === 0 || sentenceCount === 0) return 0;
  return 206.835 - 1.015 * (wordCount / sentenceCount) - 84.6 * (syllableCount / wordCount);
}

/** Mean of a list; 0 for an empty list. */
export function mean(values: readonly number[]): number {
  if (values.length === 0) return 0;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Population standard deviation; 0 for fewer than two values. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - average) ** 2)));
}

/** A 32-bit FNV-1a hash: a stable seed so "random" choices stay deterministic. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
