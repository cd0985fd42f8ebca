// The humanizer's second pass: edits a reader accepts, each kept only where the trained detector
// reads the text as less machine-like with it. Word swaps (synonyms of the same part of speech from
// humanizer-lexicon.json, a WordNet table; intensifiers dropped) are chosen greedily per sentence on
// the sentence's own n-grams, the part of the model a swap changes, which is cheap; whole-text edits
// (an empty opener dropped, two sentences joined) on the full score, a few candidates only. About
// 25 ms CPU for 300 words. The rewrite is kept only if it keeps every invariant and scores lower.

import lexiconJson from "./humanizer-lexicon.json";
import type { Tone } from "./humanize";
import { protectedRanges } from "./protected-spans";
import { doubledWords, lostInvariants, lowercaseSentenceStarts } from "./rewrite-invariants";
import { splitSentences } from "./text-stats";
import { trainedDetector, type TrainedDetector } from "./trained-detector";

type Lexicon = { adj: string; adv: string; verb: string };

const SYNONYMS: ReadonlyMap<string, readonly string[]> = parseLexicon(lexiconJson);

// Dropping these leaves the sentence grammatical and its meaning intact ("is truly unique").
const DROPPABLE = new Set(["very", "truly", "really", "extremely", "incredibly", "highly"]);

// Words that suit some tones only: plain ones stay out of academic and professional prose,
// formal ones out of casual and friendly writing.
const INFORMAL = new Set(["maybe", "anyway", "anyhow", "really", "scare", "quicker"]);
const FORMAL = new Set(["hence", "commence", "nonetheless", "nevertheless", "presume", "seldom", "ordinarily", "utterly", "primarily", "fulfill", "accomplish"]);

// One swap for every this many words at most: enough to move the model, not a thesaurus salad.
const WORDS_PER_SWAP = 7;
// A swap must lower the sentence's n-gram logit by at least this much to be worth making.
const MIN_GAIN = 0.01;

const NO_DOCUMENT = { logit: 0, ngramLogit: 0 };

/** `rewrite` with detector-lowering edits, or `rewrite` itself when they do not help as a whole. */
export function lowerDetectorScore(original: string, rewrite: string, tone: Tone, detector: TrainedDetector = trainedDetector()): string {
  const sentenceLogit = (sentence: string) => detector.scoreSentence(sentence, NO_DOCUMENT);
  let result = "";
  let cursor = 0;
  for (const sentence of splitSentences(rewrite)) {
    result += rewrite.slice(cursor, sentence.start) + improveSentence(sentence.text, tone, sentenceLogit);
    cursor = sentence.end;
  }
  result += rewrite.slice(cursor);
  if (!keepsInvariants(original, rewrite, result)) result = rewrite;
  const improved = improveStructure(result, original, tone, (text) => detector.score(text).logit);
  const output = keepsInvariants(original, rewrite, improved.text) && improved.logit < detector.score(rewrite).logit ? improved.text : rewrite;
  return output.trim() === original.trim() ? anyChange(original, output, tone, detector) : output;
}

// Requests in the polite form ("Can you explain…?" → "Could you explain…?").
const POLITE_REQUEST = /\b(Can|Will)( you\b)/;

/**
 * For a text neither the rules nor the search changed (questions only, one sentence): the
 * reader-acceptable edit the detector minds least, so that no rewrite comes back identical.
 */
function anyChange(original: string, text: string, tone: Tone, detector: TrainedDetector): string {
  const candidates = [
    text.replace(POLITE_REQUEST, (_m, modal: string, you: string) => (modal === "Can" ? "Could" : "Would") + you),
    ...structureCandidates(text, original, tone),
    ...splitSentences(text).flatMap((sentence) =>
      slotsOf(sentence.text, tone).flatMap((slot) =>
        slot.options.map((option) => text.slice(0, sentence.start) + swap(sentence.text, slot, option) + text.slice(sentence.end)),
      ),
    ),
  ].filter((candidate) => candidate !== text && keepsInvariants(original, text, candidate));
  const scored = candidates.slice(0, MAX_STRUCTURE_CANDIDATES).map((candidate) => ({ candidate, logit: detector.score(candidate).logit }));
  return scored.sort((a, b) => a.logit - b.logit)[0]?.candidate ?? text;
}

// Sentence openers a reader does not miss: connectives that only announce the next point.
const DROPPABLE_OPENER = /^(?:additionally|furthermore|moreover|also|in addition|overall|in short|in conclusion|ultimately|finally|importantly|notably|in the end|in any case|that said)\s*,\s+/i;
// A second sentence may join the first only if its first word is plainly not a name.
const JOINABLE_OPENER = /^(?:it|its|this|that|these|those|they|their|we|our|you|your|he|she|his|her|there|the|many|most|some|such|each|both|one|all)\b/;
// Candidates scored on the whole text: each costs a full detection, so only the most promising.
const MAX_STRUCTURE_CANDIDATES = 8;
const MAX_STRUCTURE_EDITS = 3;
const JOINED_MAX_WORDS = 50;

/** Greedy over whole-text edits (drop an empty opener, join two sentences), scored by the detector. */
function improveStructure(text: string, original: string, tone: Tone, logitOf: (text: string) => number): { text: string; logit: number } {
  let current = { text, logit: logitOf(text) };
  for (let edits = 0; edits < MAX_STRUCTURE_EDITS; edits += 1) {
    let best: { text: string; logit: number } | undefined;
    for (const candidate of structureCandidates(current.text, original, tone).slice(0, MAX_STRUCTURE_CANDIDATES - edits * 2)) {
      const logit = logitOf(candidate);
      if (logit < current.logit && (!best || logit < best.logit)) best = { text: candidate, logit };
    }
    if (!best) break;
    current = best;
  }
  return current;
}

// A join that would give back a sentence of the input (undoing the rules' split) is no candidate.
function structureCandidates(text: string, original: string, tone: Tone): string[] {
  const sentences = splitSentences(text);
  const drops: string[] = [];
  const joins: { text: string; words: number }[] = [];
  sentences.forEach((sentence, i) => {
    const opener = DROPPABLE_OPENER.exec(sentence.text);
    const rest = opener ? sentence.text.slice(opener[0].length) : "";
    if (opener && /^[a-z]/.test(rest) && countWords(rest) >= 4) {
      drops.push(text.slice(0, sentence.start) + rest.charAt(0).toUpperCase() + rest.slice(1) + text.slice(sentence.end));
    }
    const next = sentences[i + 1];
    if (!next || !sentence.text.endsWith(".") || text.slice(sentence.end, next.start) !== " ") return;
    const lowered = next.text.charAt(0).toLowerCase() + next.text.slice(1);
    const words = countWords(sentence.text) + countWords(next.text);
    if (!JOINABLE_OPENER.test(lowered) || words > JOINED_MAX_WORDS || /[?!]$/.test(next.text)) return;
    const joined = joinSentences(sentence.text, lowered, tone);
    if (!original.includes(joined)) joins.push({ text: text.slice(0, sentence.start) + joined + text.slice(next.end), words });
  });
  // Shortest pairs first: joining them varies sentence length the most naturally.
  return [...drops, ...joins.sort((a, b) => a.words - b.words).map((join) => join.text)];
}

function joinSentences(first: string, lowered: string, tone: Tone): string {
  const head = first.slice(0, -1);
  if (tone === "creative") return `${head} — ${lowered}`;
  if (tone === "academic" || tone === "professional") return `${head}; ${lowered}`;
  return `${head}, and ${lowered}`;
}

type Slot = { start: number; end: number; word: string; options: readonly string[] };

function improveSentence(sentence: string, tone: Tone, logitOf: (sentence: string) => number): string {
  let current = sentence;
  let currentLogit = logitOf(current);
  const budget = Math.max(1, Math.floor(countWords(sentence) / WORDS_PER_SWAP));
  for (let swaps = 0; swaps < budget; swaps += 1) {
    let best: { text: string; logit: number } | undefined;
    for (const slot of slotsOf(current, tone)) {
      for (const option of slot.options) {
        const candidate = swap(current, slot, option);
        const logit = logitOf(candidate);
        if (logit < currentLogit - MIN_GAIN && (!best || logit < best.logit)) best = { text: candidate, logit };
      }
    }
    if (!best) break;
    current = best.text;
    currentLogit = best.logit;
  }
  return current;
}

// Lower-case words (a capital means a name, except at the sentence's start), not part of a
// contraction, hyphenated compound or quotation.
function slotsOf(sentence: string, tone: Tone): Slot[] {
  const slots: Slot[] = [];
  const kept = protectedRanges(sentence);
  for (const match of sentence.matchAll(/(?<![\w'’-])[A-Za-z]+(?![\w'’-])/g)) {
    const word = match[0];
    if (kept.some(([start, end]) => match.index < end && match.index + word.length > start)) continue;
    const atStart = sentence.slice(0, match.index).trim() === "";
    if (/[A-Z]/.test(word.slice(1)) || (/^[A-Z]/.test(word) && !atStart)) continue;
    const lower = word.toLowerCase();
    const before = sentence.slice(0, match.index);
    const options = [...(SYNONYMS.get(lower) ?? [])].filter((option) => suitsTone(option, tone));
    // Not after a negation ("not very good" is not "not good"), nor alone before punctuation.
    const next = sentence.slice(match.index + word.length);
    if (DROPPABLE.has(lower) && !atStart && !/\b(?:not|never|no)\s+$|n['’]t\s+$/i.test(before) && /^\s+[a-z]+\b/.test(next)) options.push("");
    if (options.length > 0) slots.push({ start: match.index, end: match.index + word.length, word, options });
  }
  return slots;
}

function suitsTone(word: string, tone: Tone): boolean {
  if (tone === "academic" || tone === "professional") return !INFORMAL.has(word);
  if (tone === "casual" || tone === "friendly") return !FORMAL.has(word);
  return true;
}

function swap(sentence: string, slot: Slot, option: string): string {
  if (option === "") return sentence.slice(0, slot.start) + sentence.slice(slot.end).replace(/^\s+/, "");
  const cased = /^[A-Z]/.test(slot.word) ? option.charAt(0).toUpperCase() + option.slice(1) : option;
  const before = sentence.slice(0, slot.start).replace(/\b([Aa])n?(\s+)$/, (_m, a: string, space: string) => article(a, cased) + space);
  return before + cased + sentence.slice(slot.end);
}

// "a"/"an" for the swapped-in word, by its spelling (the lexicon has no silent-h words).
function article(a: string, next: string): string {
  const vowelSound = /^[aeio]/i.test(next) || /^u(?!ni|s|t[il])/i.test(next);
  return vowelSound ? `${a}n` : a;
}

// A quotation, URL or code span that crosses a sentence end is only whole in the full text.
function keepsInvariants(original: string, before: string, after: string): boolean {
  const lost = lostInvariants(original, after);
  const occurrences = (text: string, span: string) => text.split(span).length - 1;
  const spans = protectedRanges(before).map(([start, end]) => before.slice(start, end));
  return (
    spans.every((span) => occurrences(after, span) >= occurrences(before, span)) &&
    lost.tokens.length === 0 &&
    !lost.negationsLost &&
    lowercaseSentenceStarts(after).length <= lowercaseSentenceStarts(before).length &&
    doubledWords(after).length <= doubledWords(before).length
  );
}

function countWords(text: string): number {
  return (text.match(/[A-Za-z0-9]+/g) ?? []).length;
}

function parseLexicon(file: Lexicon): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const entries of [file.adj, file.adv, file.verb]) {
    for (const entry of entries.split(" ").filter(Boolean)) {
      const [word = "", synonyms = ""] = entry.split(":");
      table.set(word, synonyms.split(","));
    }
  }
  return table;
}
