// The humanizer's second pass: edits a reader accepts, each kept only where the trained detector
// reads the text as less machine-like with it. Word swaps (synonyms of the same part of speech from
// humanizer-lexicon.json, a WordNet table; plainer wordings of ALTERNATIVES; intensifiers dropped)
// are chosen per sentence on the sentence's own n-grams, the part of the model a swap changes,
// which is cheap; whole-text edits (an empty opener dropped, two sentences joined) on the full
// score of a few candidates, or on the sentences around each edit in a long text. The detector is
// only asked for scores and its thresholds are never read here, so a retrained model steers the
// same search. The rewrite is kept only if it keeps every invariant and scores lower. CPU
// (tests/bench/detector-cpu.mjs, 2026-11-25, a machine shared with other jobs): 28.8 ms for
// 1,000 words, 4.5 detections' worth; about six detections' worth on 100-word paragraphs
// (npm run eval:humanizer).

import lexiconJson from "./humanizer-lexicon.json";
import { mayLowerOpener, type Tone } from "./humanize";
import { protectedRanges } from "./protected-spans";
import { doubledWords, lostInvariants, lowercaseSentenceStarts } from "./rewrite-invariants";
import { measureSignals, parseText } from "./style-signals";
import { normalizedWords, splitSentences } from "./text-stats";
import { trainedDetector, type TrainedDetector } from "./trained-detector";

type Lexicon = { adj: string; adv: string; verb: string };

const SYNONYMS: ReadonlyMap<string, readonly string[]> = parseLexicon(lexiconJson);

// Dropping these leaves the sentence grammatical and its meaning intact ("is truly unique").
const DROPPABLE = new Set(["very", "truly", "really", "extremely", "incredibly", "highly"]);

// Words that suit some tones only: plain ones stay out of academic and professional prose,
// formal ones out of casual and friendly writing.
const INFORMAL = new Set(["maybe", "anyway", "anyhow", "really", "scare", "quicker"]);
const FORMAL = new Set(["hence", "frequently", "commence", "nonetheless", "nevertheless", "presume", "seldom", "ordinarily", "utterly", "primarily", "fulfill", "accomplish"]);

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
  // Joins and dropped openers leave the stock phrases where they were (a dropped opener that was
  // one makes the estimate pessimistic), so candidates reuse the text's stock-phrase hits: the
  // phrase scan is a quarter of a detection. The kept result is scored in full below.
  // The rules' rewrite is scored in full once; its parse gives the stock-phrase hits (word swaps
  // do not make or break stock phrases).
  const parsedRewrite = parseText(rewrite);
  const rewriteLogit = detector.score(rewrite, { parsed: parsedRewrite, signals: measureSignals(parsedRewrite) }).logit;
  const stockHits = parsedRewrite.stockHits;
  const estimate = (text: string) => {
    // The detector's own split (informal), so the estimate reads the text as the detector will.
    const sentences = splitSentences(text, { informal: true });
    const parsed = { text, sentences, sentenceWords: sentences.map((s) => normalizedWords(s.text)), wordList: normalizedWords(text), stockHits };
    return detector.score(text, { parsed, signals: measureSignals(parsed) }).logit;
  };
  const structured = improveStructure(result, original, tone, estimate);
  const improved = structured.text === result && !Number.isNaN(structured.logit) ? structured : { text: structured.text, logit: detector.score(structured.text).logit };
  let output = keepsInvariants(original, rewrite, improved.text) && improved.logit < rewriteLogit ? improved.text : rewrite;
  // Joins judged on their windows that do not pay off in full still leave the word swaps to try.
  if (output === rewrite && improved.text !== result && result !== rewrite && detector.score(result).logit < rewriteLogit) output = result;
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
const MAX_STRUCTURE_CANDIDATES = 5;
const MAX_STRUCTURE_EDITS = 3;
const JOINED_MAX_WORDS = 50;

/** A whole-text edit: `text.slice(start, end)` becomes `replacement`. */
type Edit = { start: number; end: number; replacement: string; words: number };

const applyEdit = (text: string, edit: Edit) => text.slice(0, edit.start) + edit.replacement + text.slice(edit.end);

/**
 * Whole-text edits (drop an empty opener, join two sentences), scored by the detector in one
 * round: each of the most promising candidates once, then the best ones that touch different
 * sentences together, checked once more. Rescoring every candidate after each edit (three rounds)
 * found nearly the same edits at half again the cost.
 */
function improveStructure(text: string, original: string, tone: Tone, logitOf: (text: string) => number): { text: string; logit: number } {
  const long = text.length > WINDOW_CHARS * 2;
  const base = { text, logit: long ? Number.NaN : logitOf(text) };
  const gainOf = long ? windowedGain(text, logitOf) : (edit: Edit) => base.logit - logitOf(applyEdit(text, edit));
  const improving = structureEdits(text, original, tone)
    .slice(0, MAX_STRUCTURE_CANDIDATES)
    .map((edit) => ({ edit, gain: gainOf(edit) }))
    .filter(({ gain }) => gain > 0)
    .sort((a, b) => b.gain - a.gain);
  const best = improving[0];
  if (!best) return base;
  const chosen: Edit[] = [];
  for (const { edit } of improving) {
    if (chosen.length < MAX_STRUCTURE_EDITS && chosen.every((other) => edit.end < other.start || edit.start > other.end)) chosen.push(edit);
  }
  // Right to left, so the offsets of the edits still to make stay valid.
  const combinedText = [...chosen].sort((a, b) => b.start - a.start).reduce(applyEdit, text);
  // A long text's edits were judged on their windows: the caller scores the result in full.
  if (long) return { text: combinedText, logit: Number.NaN };
  const single = { text: applyEdit(text, best.edit), logit: base.logit - best.gain };
  if (chosen.length < 2) return single;
  const combined = { text: combinedText, logit: logitOf(combinedText) };
  return combined.logit < single.logit ? combined : single;
}

// Past this many characters each side of an edit, a long text's edits are judged on the sentences
// around them (about 80 words each side): the cost of a candidate no longer grows with the text.
const WINDOW_CHARS = 480;

/** An edit's gain on a long text: the score of the sentences around it, without and with it. */
function windowedGain(text: string, logitOf: (text: string) => number): (edit: Edit) => number {
  const sentences = splitSentences(text);
  const unedited = new Map<string, number>();
  return (edit) => {
    const first = sentences.find((sentence) => sentence.end > edit.start - WINDOW_CHARS) ?? sentences[0];
    const last = [...sentences].reverse().find((sentence) => sentence.start < edit.end + WINDOW_CHARS) ?? sentences.at(-1);
    const from = Math.min(first?.start ?? 0, edit.start);
    const to = Math.max(last?.end ?? text.length, edit.end);
    const window = text.slice(from, to);
    const key = `${from}:${to}`;
    const before = unedited.get(key) ?? logitOf(window);
    unedited.set(key, before);
    return before - logitOf(applyEdit(window, { ...edit, start: edit.start - from, end: edit.end - from }));
  };
}

function structureCandidates(text: string, original: string, tone: Tone): string[] {
  return structureEdits(text, original, tone).map((edit) => applyEdit(text, edit));
}

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
    const lowered = next.text.charAt(0).toLowerCase() + next.text.slice(1);
    const words = countWords(sentence.text) + countWords(next.text);
    if (!(JOINABLE_OPENER.test(lowered) || mayLowerOpener(next.text, text)) || words > JOINED_MAX_WORDS || /[?!]$/.test(next.text)) return;
    // One join to a sentence: a sentence this rewrite already joined is not joined again.
    const joinedHere = (part: string) => hasJoiner(part) && !original.includes(part);
    if (wasOneSentence(original, sentence.text, next.text) || joinedHere(sentence.text) || joinedHere(next.text)) return;
    for (const joined of joinVariants(sentence.text, lowered, tone)) {
      if (!original.includes(joined)) joins.push({ start: sentence.start, end: next.end, replacement: joined, words });
    }
  });
  // Shortest pairs first: joining them varies sentence length the most naturally.
  return [...drops, ...joins.sort((a, b) => a.words - b.words)];
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
  const start = second.replace(/^(?:And|But|However,)\s+/, "").slice(0, 12).toLowerCase();
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

function joinVariants(first: string, lowered: string, tone: Tone): string[] {
  const head = first.slice(0, -1);
  // One semicolon, one dash and one ", and" to a sentence at most.
  const used = (joiner: string) => (joiner === ", and " ? /,\s+and\s/ : new RegExp(joiner.trim())).test(first + " " + lowered);
  return JOINERS[tone].filter((joiner) => !used(joiner)).map((joiner) => `${head}${joiner}${lowered}`);
}
type Slot = { start: number; end: number; word: string; options: readonly string[] };

type Alternative = { pattern: RegExp; options: readonly string[]; tones?: readonly Tone[] };

const NOT_ACADEMIC: readonly Tone[] = ["professional", "casual", "friendly", "creative", "persuasive"];
const CONVERSATIONAL: readonly Tone[] = ["casual", "friendly", "creative", "persuasive"];
const at = (phrase: string) => new RegExp(`^${phrase}(?![A-Za-z])`, "i");
const anywhere = (phrase: string) => new RegExp(`(?<![A-Za-z'’-])${phrase}(?![A-Za-z'’-])`, "gi");

/**
 * Wordings that say the same thing in plainer or more varied words, offered to the search beside
 * the lexicon's synonyms; the detector picks among them, a reader would accept any of them.
 * `at` matches only at the start of a sentence.
 */
const ALTERNATIVES: readonly Alternative[] = [
  { pattern: at("however,"), options: ["but", "still,"], tones: NOT_ACADEMIC },
  { pattern: at("therefore,"), options: ["so", "as a result,"] },
  { pattern: at("thus,"), options: ["so"] },
  { pattern: at("in addition,"), options: ["also,", "besides,"] },
  { pattern: at("for example,"), options: ["for instance,"] },
  { pattern: at("for instance,"), options: ["for example,"] },
  { pattern: at("although"), options: ["though", "even though"] },
  { pattern: at("as a result,"), options: ["so"] },
  { pattern: at("on the other hand,"), options: ["then again,", "but"] },
  { pattern: anywhere("such as"), options: ["like", "including"] },
  { pattern: anywhere("as well as"), options: ["and", "along with"] },
  // Causal "due to" only (not "due to arrive"): before a determiner or possessive.
  { pattern: anywhere("due to(?=\\s+(?:the|a|an|its|their|his|her|our|your|this|that|these|those)\\b)"), options: ["because of"] },
  { pattern: anywhere("the majority of"), options: ["most"] },
  { pattern: anywhere("a number of"), options: ["several", "some"] },
  { pattern: anywhere("whether or not"), options: ["whether"] },
  { pattern: anywhere("each other"), options: ["one another"] },
  { pattern: anywhere("in order to"), options: ["to"] },
  { pattern: anywhere("lots of"), options: ["plenty of"] },
  { pattern: anywhere("a lot of"), options: ["plenty of", "lots of"], tones: CONVERSATIONAL },
  // "many" as a determiner before a noun only: not "how many", "many of", "many more".
  { pattern: anywhere("(?<!\\b(?:how|so|too|as|very|not|that|the|a|his|her|their|our|its)\\s+)many(?=\\s+[a-z]+s\\b)(?!\\s+(?:of|more|times|less|fewer)\\b)"), options: ["a lot of", "plenty of"], tones: CONVERSATIONAL },
  { pattern: anywhere("people"), options: ["folks"], tones: ["casual", "friendly"] },
  { pattern: anywhere("it is(?=\\s+[a-z])"), options: ["it's"], tones: CONVERSATIONAL },
  { pattern: anywhere("there is(?=\\s+[a-z])"), options: ["there's"], tones: CONVERSATIONAL },
  { pattern: anywhere("they are(?=\\s+[a-z])"), options: ["they're"], tones: CONVERSATIONAL },
  { pattern: anywhere("you are(?=\\s+[a-z])"), options: ["you're"], tones: CONVERSATIONAL },
  { pattern: anywhere("we are(?=\\s+[a-z])"), options: ["we're"], tones: CONVERSATIONAL },
  { pattern: anywhere("do not"), options: ["don't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("does not"), options: ["doesn't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("is not"), options: ["isn't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("are not"), options: ["aren't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("cannot"), options: ["can't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("will not"), options: ["won't"], tones: NOT_ACADEMIC },
  { pattern: anywhere("don't"), options: ["do not"], tones: ["academic"] },
  { pattern: anywhere("it's"), options: ["it is"], tones: ["academic", "professional"] },
];

function phraseSlots(sentence: string, tone: Tone, kept: readonly [number, number][]): Slot[] {
  const slots: Slot[] = [];
  for (const { pattern, options, tones } of ALTERNATIVES) {
    if (tones && !tones.includes(tone)) continue;
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
function improveSentence(sentence: string, tone: Tone, logitOf: (sentence: string) => number): string {
  const base = logitOf(sentence);
  const budget = Math.max(1, Math.floor(countWords(sentence) / WORDS_PER_SWAP));
  const gains: { slot: Slot; option: string; gain: number }[] = [];
  for (const slot of slotsOf(sentence, tone)) {
    let best: { option: string; gain: number } | undefined;
    for (const option of slot.options) {
      const gain = base - logitOf(swap(sentence, slot, option));
      if (gain > MIN_GAIN && (!best || gain > best.gain)) best = { option, gain };
    }
    if (best) gains.push({ slot, ...best });
  }
  const chosen: typeof gains = [];
  for (const candidate of gains.sort((a, b) => b.gain - a.gain)) {
    if (chosen.length >= budget) break;
    // Apart by a word at least: two swaps side by side are scored as if alone.
    if (chosen.some(({ slot }) => candidate.slot.start <= slot.end + 1 && candidate.slot.end + 1 >= slot.start)) continue;
    chosen.push(candidate);
  }
  if (chosen.length === 0) return sentence;
  // Right to left, so the offsets of the swaps still to make stay valid.
  const combined = [...chosen].sort((a, b) => b.slot.start - a.slot.start).reduce((text, { slot, option }) => swap(text, slot, option), sentence);
  if (chosen.length === 1 || logitOf(combined) < base - MIN_GAIN) return combined;
  const first = chosen[0]!;
  return swap(sentence, first.slot, first.option);
}
// Lower-case words (a capital means a name, except at the sentence's start), not part of a
// contraction, hyphenated compound or quotation.
function slotsOf(sentence: string, tone: Tone): Slot[] {
  const kept = protectedRanges(sentence);
  const slots: Slot[] = phraseSlots(sentence, tone, kept);
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
