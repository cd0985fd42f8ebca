// The humanizer's second pass: edits a reader accepts, each kept only where the trained detector
// reads the text as less machine-like with it. Span edits within a sentence (synonyms of the same
// part of speech from humanizer-lexicon.json, a WordNet table; plainer wordings from
// plain-alternatives.ts; optional commas and bracketed asides from punctuation-edits.ts;
// intensifiers dropped) are chosen per sentence on the n-grams of the words around each one, the
// part of the model an edit changes, which is cheap; whole-text edits (an empty opener dropped,
// two sentences joined) on the score of the sentences each rewrites, up to fourteen candidates.
// The detector is only asked for scores and its thresholds are never read here, so a retrained
// model steers the same search. The rewrite is kept only if it keeps every invariant and scores
// lower. CPU: about seven detections' worth on 100-word paragraphs (npm run eval:humanizer,
// 2026-11-26; docs/decisions/034).

import lexiconJson from "./humanizer-lexicon.json";
import { mayLowerOpener } from "./sentence-openers.server";
import type { Tone } from "./tones.server";
import { alternativesFor } from "./plain-alternatives.server";
import { protectedRanges } from "./protected-spans.server";
import { punctuationEdits, type SpanEdit } from "./punctuation-edits.server";
import { doubledWords, lostInvariants, lowercaseSentenceStarts } from "./rewrite-invariants.server";
import { splitSentences } from "~/server/detector/text-stats.server";
import { trainedDetector, type TrainedDetector } from "~/server/detector/trained-detector.server";

type Lexicon = { adj: string; adv: string; verb: string };

const SYNONYMS: ReadonlyMap<string, readonly string[]> = parseLexicon(lexiconJson);

// Dropping these leaves the sentence grammatical and its meaning intact ("is truly unique", "was
// indeed a tactic").
const DROPPABLE = new Set(["very", "truly", "really", "extremely", "incredibly", "highly", "indeed"]);

// Words that suit some tones only: plain ones stay out of academic and professional prose,
// formal ones out of casual and friendly writing.
const INFORMAL = new Set(["maybe", "anyway", "anyhow", "really", "scare", "quicker"]);
const FORMAL = new Set([
  "hence",
  "frequently",
  "commence",
  "nonetheless",
  "nevertheless",
  "presume",
  "seldom",
  "ordinarily",
  "utterly",
  "primarily",
  "fulfill",
  "accomplish",
]);

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
  const rewriteLogit = detector.score(rewrite).logit;
  const structured = improveStructure(result, original, tone, (span) => detector.score(span).logit);
  const structuredLogit = structured === rewrite ? rewriteLogit : detector.score(structured).logit;
  let output = keepsInvariants(original, rewrite, structured) && structuredLogit < rewriteLogit ? structured : rewrite;
  // Joins judged on their own sentences that do not pay off in full still leave the swaps to try.
  if (output === rewrite && structured !== result && result !== rewrite && detector.score(result).logit < rewriteLogit) output = result;
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
  const scored = candidates
    .slice(0, MAX_LAST_RESORT_CANDIDATES)
    .map((candidate) => ({ candidate, logit: detector.score(candidate).logit }));
  return scored.sort((a, b) => a.logit - b.logit)[0]?.candidate ?? text;
}

// Sentence openers a reader does not miss: connectives that only announce the next point.
const DROPPABLE_OPENER =
  /^(?:additionally|furthermore|moreover|also|in addition|overall|in short|in conclusion|ultimately|finally|importantly|notably|in the end|in any case|that said)\s*,\s+/i;
// A second sentence may join the first only if its first word is plainly not a name.
const JOINABLE_OPENER =
  /^(?:it|its|this|that|these|those|they|their|we|our|you|your|he|she|his|her|there|the|many|most|some|such|each|both|one|all)\b/;
// A sentence that opens with a preposition, conjunction or determiner (never a name) may follow a
// semicolon: "…; if you work in the industry, …".
const LOWERABLE_PHRASE_OPENER =
  /^(?:in|at|on|by|for|with|without|after|before|during|since|over|under|through|throughout|across|among|unlike|like|despite|as|from|to|when|while|if|although|though|once|the|this|that|these|those|its|their|our|his|her|my|your)\s/;
// A sentence that opens with a conjunctive adverb joins the one before with a semicolon, the
// textbook use of one ("…; however, the cost…"); no other joiner fits before these.
const CONJUNCTIVE_OPENER =
  /^(?:however|therefore|thus|hence|consequently|moreover|furthermore|instead|indeed|otherwise|meanwhile|still|for example|for instance|as a result|in fact|in contrast|in addition|in other words|as such|likewise|similarly|nevertheless|nonetheless|first|second|third|firstly|secondly|thirdly|finally|also|besides|unfortunately|fortunately|luckily|sadly|initially|later|specifically|alternatively|importantly|notably),\s/;
// Candidates are scored on their own sentences, so each costs a fraction of a detection; past
// about fourteen the held-out figures no longer move.
const MAX_STRUCTURE_CANDIDATES = 14;
// For a text nothing else changed, each candidate costs a full detection: only the first few.
const MAX_LAST_RESORT_CANDIDATES = 5;
const MAX_STRUCTURE_EDITS = 7;
const JOINED_MAX_WORDS = 60;

/**
 * A whole-text edit: `text.slice(start, end)` becomes `replacement`. `rank`: a join's place among
 * the ways its pair may join (0 = the first choice).
 */
type Edit = { start: number; end: number; replacement: string; words: number; rank?: number };

const applyEdit = (text: string, edit: Edit) => text.slice(0, edit.start) + edit.replacement + text.slice(edit.end);

/**
 * Whole-text edits (drop an empty opener, join two sentences), each judged on the sentences it
 * rewrites alone, before and after: a candidate costs a fraction of a detection whatever the
 * text's length. The best that touch different sentences are made together; the caller checks
 * the result on the full score. Judging each on the whole text, or with the sentences around it,
 * kept the same edits of the held-out paragraphs at up to twice the CPU (2026-11-26).
 */
function improveStructure(text: string, original: string, tone: Tone, logitOf: (span: string) => number): string {
  const unedited = new Map<string, number>();
  const gainOf = (edit: Edit) => {
    const span = text.slice(edit.start, edit.end);
    const before = unedited.get(span) ?? logitOf(span);
    unedited.set(span, before);
    return before - logitOf(edit.replacement);
  };
  const improving = structureEdits(text, original, tone)
    .slice(0, MAX_STRUCTURE_CANDIDATES)
    .map((edit) => ({ edit, gain: gainOf(edit) }))
    .filter(({ gain }) => gain > 0)
    .sort((a, b) => b.gain - a.gain);
  const chosen: Edit[] = [];
  for (const { edit } of improving) {
    if (chosen.length < MAX_STRUCTURE_EDITS && chosen.every((other) => edit.end < other.start || edit.start > other.end)) chosen.push(edit);
  }
  // Right to left, so the offsets of the edits still to make stay valid.
  return [...chosen].sort((a, b) => b.start - a.start).reduce(applyEdit, text);
}

function structureCandidates(text: string, original: string, tone: Tone): string[] {
  return structureEdits(text, original, tone).map((edit) => applyEdit(text, edit));
}

const ENDS_IN_ABBREVIATION =
  /(?:^|\s)(?:Bros|Inc|Ltd|Corp|Co|etc|al|Jr|Sr|Mr|Mrs|Ms|Dr|Prof|St|vs|approx|Dept|Univ|Ave|Vol|Fig|No|[A-Za-z](?:\.[A-Za-z])+)\.$/;

// A join that would give back a sentence of the input (undoing the rules' split) is no candidate.
function structureEdits(text: string, original: string, tone: Tone): Edit[] {
  const sentences = splitSentences(text);
  const drops: Edit[] = [];
  const joins: Edit[] = [];
  sentences.forEach((sentence, i) => {
    const opener = DROPPABLE_OPENER.exec(sentence.text);
    const rest = opener ? sentence.text.slice(opener[0].length) : "";
    if (opener && /^[a-z]/.test(rest) && countWords(rest) >= 4) {
      drops.push({ start: sentence.start, end: sentence.end, replacement: rest.charAt(0).toUpperCase() + rest.slice(1), words: 0 });
    }
    const next = sentences[i + 1];
    if (!next || !sentence.text.endsWith(".") || text.slice(sentence.end, next.start) !== " ") return;
    // "1." or "Step 2." is a list item's number, not a sentence; "Warner Bros." or "U.S." ends in
    // an abbreviation whose full stop a joiner must not replace.
    if (countWords(sentence.text) < 4 || /(?:^|\s)\S{1,2}\.$/.test(sentence.text) || ENDS_IN_ABBREVIATION.test(sentence.text)) return;
    const lowered = next.text.charAt(0).toLowerCase() + next.text.slice(1);
    const words = countWords(sentence.text) + countWords(next.text);
    if (words > JOINED_MAX_WORDS || /[?!]$/.test(next.text)) return;
    // One join to a sentence: a sentence this rewrite already joined is not joined again.
    // A sentence opening with "But" may still join one joined by a semicolon ("A; b, but c").
    const coordinating = /^(?:But|Yet|So) [a-z]/.test(next.text);
    const joinedHere = (part: string) =>
      (coordinating ? /,\s+(?:and|but|so|yet)\s|\s[—–]\s/ : /;\s|\s[—–]\s|,\s+(?:and|but|so|yet)\s/).test(part) && !original.includes(part);
    if (wasOneSentence(original, sentence.text, next.text) || joinedHere(sentence.text) || joinedHere(next.text)) return;
    for (const [rank, joined] of joinsOf(sentence.text, next.text, lowered, text, tone).entries()) {
      if (!original.includes(joined)) joins.push({ start: sentence.start, end: next.end, replacement: joined, words, rank });
    }
  });
  // Shortest pairs first: joining them varies sentence length the most naturally.
  return [...drops, ...joins.sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0) || a.words - b.words)];
}

/** A sentence with a clause joiner already ("; ", " — ", ", and "): joining it again makes a run-on. */
export function hasJoiner(sentence: string): boolean {
  return /;\s|\s[—–]\s|,\s+and\s/.test(sentence);
}

/** Whether the input had these two sentences as one (the rules split it): joining would undo that. */
function wasOneSentence(original: string, first: string, second: string): boolean {
  const head = first.slice(0, -1);
  const at = original.indexOf(head);
  if (at < 0) return false;
  const after = original.slice(at + head.length, at + head.length + 40);
  const start = second
    .replace(/^(?:And|But|However,)\s+/, "")
    .slice(0, 12)
    .toLowerCase();
  return /^[,;:—–-]/.test(after) && after.toLowerCase().includes(start);
}

// The ways a tone joins two sentences; the detector picks one.
const JOINERS: Record<Tone, readonly string[]> = {
  professional: ["; ", ", and "],
  academic: ["; ", ", and "],
  casual: [", and ", " — "],
  friendly: [", and ", " — "],
  creative: [" — ", ", and "],
  persuasive: [", and ", " — "],
};

/**
 * The ways two sentences may become one, by how the second opens: after a conjunctive adverb or
 * an introductory phrase with its comma ("However, …", "In the past, …") only a semicolon fits;
 * a sentence opening with "But", "And", "So" or "Yet" joins with a comma before it; an opener
 * that is plainly not a name ("It", "The", a word the text also writes in lower case) with any
 * of the tone's joiners.
 */
function joinsOf(first: string, second: string, lowered: string, text: string, tone: Tone): string[] {
  const head = first.slice(0, -1);
  const semicolon = /;/.test(first + lowered) ? [] : [`${head}; ${lowered}`];
  if (CONJUNCTIVE_OPENER.test(lowered)) return semicolon;
  if (/^(?:but|and|so|yet) [a-z]/.test(lowered) && !/,\s+(?:and|but|so|yet)\s/.test(first)) return [`${head}, ${lowered}`];
  if (JOINABLE_OPENER.test(lowered) || mayLowerOpener(second, text)) return joinVariants(first, lowered, tone);
  return LOWERABLE_PHRASE_OPENER.test(lowered) ? semicolon : [];
}

function joinVariants(first: string, lowered: string, tone: Tone): string[] {
  const head = first.slice(0, -1);
  // One semicolon, one dash and one ", and" to a sentence at most.
  const used = (joiner: string) => (joiner === ", and " ? /,\s+and\s/ : new RegExp(joiner.trim())).test(first + " " + lowered);
  return JOINERS[tone].filter((joiner) => !used(joiner)).map((joiner) => `${head}${joiner}${lowered}`);
}
type Slot = SpanEdit;

function phraseSlots(sentence: string, tone: Tone, kept: readonly [number, number][]): Slot[] {
  const slots: Slot[] = [];
  for (const { pattern, options } of alternativesFor(sentence, tone)) {
    const matches = pattern.global ? [...sentence.matchAll(pattern)] : [pattern.exec(sentence)].filter((m) => m !== null);
    for (const match of matches) {
      const start = match.index;
      const end = start + match[0].length;
      if (kept.some(([from, to]) => start < to && end > from)) continue;
      slots.push({ start, end, word: match[0], options });
    }
  }
  return slots;
}

// Each slot's best option is scored once against the sentence as it stands; the best slots that
// do not overlap are then applied together and the result checked once. Rescoring every slot
// after each swap found the same swaps at several times the cost.
// Each option is scored on the words around its slot, not the whole sentence: an n-gram changes
// only there, and a long sentence costs no more per option than a short one.
function improveSentence(sentence: string, tone: Tone, logitOf: (sentence: string) => number): string {
  const budget = Math.max(1, Math.floor(countWords(sentence) / WORDS_PER_SWAP));
  const gains: { slot: Slot; option: string; gain: number }[] = [];
  const unedited = new Map<string, number>();
  for (const slot of slotsOf(sentence, tone)) {
    const [from, to] = windowAround(sentence, slot);
    const window = sentence.slice(from, to);
    const local = { ...slot, start: slot.start - from, end: slot.end - from };
    const key = `${from}:${to}`;
    const before = unedited.get(key) ?? logitOf(window);
    unedited.set(key, before);
    let best: { option: string; gain: number } | undefined;
    for (const option of slot.options) {
      const gain = before - logitOf(swap(window, local, option));
      if (gain > MIN_GAIN && (!best || gain > best.gain)) best = { option, gain };
    }
    if (best) gains.push({ slot, ...best });
  }
  if (gains.length === 0) return sentence;
  const base = logitOf(sentence);
  const chosen: typeof gains = [];
  for (const candidate of gains.sort((a, b) => b.gain - a.gain)) {
    if (chosen.length >= budget) break;
    // Apart by a word at least: two swaps side by side are scored as if alone.
    if (chosen.some(({ slot }) => candidate.slot.start <= slot.end + 1 && candidate.slot.end + 1 >= slot.start)) continue;
    chosen.push(candidate);
  }
  if (chosen.length === 0) return sentence;
  // Right to left, so the offsets of the swaps still to make stay valid.
  const combined = [...chosen]
    .sort((a, b) => b.slot.start - a.slot.start)
    .reduce((text, { slot, option }) => swap(text, slot, option), sentence);
  if (chosen.length === 1 || logitOf(combined) < base - MIN_GAIN) return combined;
  const first = chosen[0]!;
  return swap(sentence, first.slot, first.option);
}
// Words of context each side of a slot when it is scored: its word 2-grams and character 5-grams
// reach one word out; a few more keep the scores' scale close to a sentence's.
const WINDOW_WORDS = 5;

function windowAround(sentence: string, slot: Slot): [number, number] {
  const before = [...sentence.slice(0, slot.start).matchAll(/\S+/g)];
  const after = [...sentence.slice(slot.end).matchAll(/\S+/g)];
  const first = before.length > WINDOW_WORDS ? before[before.length - WINDOW_WORDS] : undefined;
  const last = after.length > WINDOW_WORDS ? after[WINDOW_WORDS - 1] : undefined;
  return [first?.index ?? 0, last ? slot.end + last.index + last[0].length : sentence.length];
}

// Lower-case words (a capital means a name, except at the sentence's start), not part of a
// contraction, hyphenated compound or quotation.
function slotsOf(sentence: string, tone: Tone): Slot[] {
  const kept = protectedRanges(sentence);
  const outside = ({ start, end }: Slot) => !kept.some(([from, to]) => start < to && end > from);
  const slots: Slot[] = [...phraseSlots(sentence, tone, kept), ...punctuationEdits(sentence, tone).filter(outside)];
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
    if (DROPPABLE.has(lower) && !atStart && !/\b(?:not|never|no)\s+$|n['’]t\s+$/i.test(before) && /^\s+[a-z]+\b/.test(next))
      options.push("");
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
