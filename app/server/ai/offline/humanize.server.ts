// Offline humanizer: a deterministic, rule-based rewrite per tone, not a language model.
// Numbers, proper names, quotations, URLs, e-mail addresses and code are masked with
// placeholders before any rule runs and restored unchanged afterwards.

import { hasJoiner, lowerDetectorScore } from "./detector-guided-edits.server";
import { JOINABLE_OPENERS, mayLowerOpener } from "./sentence-openers.server";
import type { Tone } from "./tones.server";
export { type Tone, TONES } from "./tones.server";
import { PROTECTED_PATTERNS } from "./protected-spans.server";
import { capitaliseSentenceStarts } from "./rewrite-invariants.server";
import { STOCK_PHRASES } from "~/server/detector/stock-phrases.server";
import { hashString, splitSentences, words } from "~/server/detector/text-stats.server";

export const OFFLINE_NOTICE = "Offline demo engine: rule-based rewrite, not a language model.";

/** Rewrites text in the given tone; the same input always gives the same output. */
export function humanizeText(text: string, tone: Tone): string {
  const masked = maskProtectedSpans(text);
  const seed = hashString(text + tone);
  let result = applyReplacements(masked.text, BEFORE_STOCK_PHRASES);
  result = rewriteStockPhrases(result, tone, seed);
  result = applyReplacements(result, PLAIN_ENGLISH);
  result = applyReplacements(result, TONE_VOCABULARY[tone]);
  result = adjustContractions(result, tone);
  result = vary(result, tone);
  if (tone !== "academic") result = result.replace(SERIAL_COMMA, "$1 $2");
  result = tidy(result);
  // A rewrite that hands back the input unchanged is no rewrite.
  if (masked.restore(result).trim() === text.trim()) result = tidy(forceChange(result, tone));
  return lowerDetectorScore(text, masked.restore(result).trim(), tone);
}

// ---------------------------------------------------------------- protected spans

// Private-use characters: they never occur in normal text and are not "word" characters,
// so word rules cannot match inside a placeholder.
const OPEN = "\uE000";
const CLOSE = "\uE001";
const CAPITALIZE_NEXT = "\uE002";
const INSERTED = "\uE003";
const PLACEHOLDER = /\uE000([\uE100-\uE1FF]+)\uE001/g;

type Masked = { text: string; restore: (text: string) => string };

function maskProtectedSpans(text: string): Masked {
  const originals: string[] = [];
  const hide = (span: string) => {
    originals.push(span);
    return OPEN + encodeIndex(originals.length - 1) + CLOSE;
  };
  let masked = text;
  for (const pattern of PROTECTED_PATTERNS) masked = masked.replace(pattern, hide);
  masked = maskProperNames(masked, hide);
  const restore = (result: string) =>
    result.replace(PLACEHOLDER, (placeholder, code: string) => originals[decodeIndex(code)] ?? placeholder);
  return { text: masked, restore };
}

// Titles and initials are hidden with their dot, so the dot cannot end a sentence ("Sen. Fred").
const TITLE_WITH_DOT = /^(?:[A-Z]|Mr|Mrs|Ms|Dr|St|Prof|Sen|Rep|Gov|Gen|Col|Capt|Lt|Sgt|Rev|Hon|Jr|Sr)\.$/;

// A capitalised word that does not open a sentence is a name ("Paris", "iPhone", "NASA").
function maskProperNames(text: string, hide: (span: string) => string): string {
  return text.replace(/[A-Za-z][A-Za-z'’-]*\.?/g, (match: string, offset: number) => {
    const word = TITLE_WITH_DOT.test(match) ? match : match.replace(/\.$/, "");
    const rest = match.slice(word.length);
    if (!/[A-Z]/.test(word) || /^I(?:['’](?:m|ve|ll|d))?$/.test(word)) return match;
    return (opensSentence(text, offset) && !TITLE_WITH_DOT.test(word) ? word : hide(word)) + rest;
  });
}

// Looks back a few characters only: enough to see the previous word and its punctuation.
function opensSentence(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 24), offset).replace(/[\s"“‘'([*#>-]+$/, "");
  if (/\b(?:Mr|Mrs|Ms|Dr|St|Prof)\.$/.test(before)) return false;
  return before === "" || /[.!?:;\n]$/.test(before);
}

function encodeIndex(index: number): string {
  let code = "";
  let rest = index;
  do {
    code = String.fromCharCode(0xe100 + (rest % 256)) + code;
    rest = Math.floor(rest / 256);
  } while (rest > 0);
  return code;
}

function decodeIndex(code: string): number {
  return [...code].reduce((index, char) => index * 256 + (char.charCodeAt(0) - 0xe100), 0);
}

// ---------------------------------------------------------------- word rules

type Replacement = [pattern: RegExp, replacement: string];

const START = String.raw`(?<=^|[.!?:]["”’)]?\s+|\n\s*)`;
const word = (phrase: string) => new RegExp(`\\b${phrase.replace(/ /g, "\\s+")}\\b`, "gi");
const atStart = (phrase: string) => new RegExp(`${START}${phrase.replace(/ /g, "\\s+")}(?![A-Za-z])\\s*`, "gi");
// "very" stays in fixed expressions: "the very first", "at the very least".
const VERY = "very(?!\\s+(?:first|last|same|end|beginning|least|best|moment|idea)\\b)";

const CONNECTIVES: Record<Tone, { addition: readonly string[]; conclusion: readonly string[] }> = {
  professional: { addition: ["Also, ", "In addition, "], conclusion: ["In short, "] },
  casual: { addition: ["Plus, ", "Also, ", "On top of that, "], conclusion: ["So, ", "Bottom line: "] },
  friendly: { addition: ["Also, ", "And "], conclusion: ["All in all, "] },
  academic: { addition: ["In addition, ", "Further, "], conclusion: ["Taken together, "] },
  creative: { addition: ["What's more, ", "And "], conclusion: ["In the end, "] },
  persuasive: { addition: ["And ", "Better still, "], conclusion: ["The bottom line: "] },
};

function rewriteStockPhrases(text: string, tone: Tone, seed: number): string {
  let result = text;
  let occurrence = 0;
  for (const { pattern, plain, kind } of STOCK_PHRASES) {
    if (kind === "phrase" && plain === null) continue;
    result = result.replace(pattern, (match: string) => {
      occurrence += 1;
      if (kind === "phrase") return withCase(match, plain ?? "");
      const options = CONNECTIVES[tone][kind];
      return withCase(match, options[(seed + occurrence) % options.length] ?? "");
    });
  }
  return result;
}

// Readings the stock-phrase table gets wrong in some contexts, settled first: "when it comes to
// deciding" is "when deciding", and a sentence that opens with it is about its topic ("As for").
const BEFORE_STOCK_PHRASES: readonly Replacement[] = [
  [word("when it comes to(?=\\s+[a-z]+ing\\b)"), "when"],
  [atStart("when it comes to"), "As for "],
  [word("when it comes to"), "for"],
];

// What follows "explore" when it means "look into": a question, not a place.
const INQUIRY = String.raw`(?=\s+(?:how|why|whether|what|which|ways|options|ideas|the\s+(?:idea|possibility|question|role|impact|effect|effects|relationship|ways?|options?|issue|topic|potential|causes?|links?|history|benefits|use)))`;

// Words after which "challenge" and "impact" are nouns.
const DETERMINERS =
  "a|an|the|this|that|these|those|its|their|our|your|his|her|many|new|main|biggest|real|major|key|large|serious|growing|common|ongoing";

const PLAIN_ENGLISH: readonly Replacement[] = [
  [word("(?<!\\bto\\s+)in order to"), "to"],
  [word("due to the fact that"), "because"],
  [word("in the event that"), "if"],
  [word("at this point in time"), "now"],
  [word("prior to"), "before"],
  [word("a large number of"), "many"],
  [word("in close proximity to"), "near"],
  [word("utilize"), "use"],
  [word("utilizes"), "uses"],
  [word("utilized"), "used"],
  [word("utilizing"), "using"],
  [word("utilization"), "use"],
  [word("commence"), "start"],
  [word("commences"), "starts"],
  [word("commenced"), "started"],
  [word("facilitate"), "help"],
  [word("facilitates"), "helps"],
  [word("facilitated"), "helped"],
  [word("facilitating"), "helping"],
  [word("endeavor to"), "try to"],
  [word("endeavour to"), "try to"],
  [word("approximately"), "about"],
  [word("numerous"), "many"],
  [word("assist"), "help"],
  [word("assists"), "helps"],
  [word("assisted"), "helped"],
  [word("assistance"), "help"],
  [word("regarding"), "about"],
  [word("optimal"), "ideal"],
  [word("optimize"), "improve"],
  [word("optimizes"), "improves"],
  [word("optimizing"), "improving"],
  [word("is able to"), "can"],
  [word("are able to"), "can"],
  // Words the trained detector weighs most towards machine text, with plain equivalents of the
  // same part of speech; the look-arounds keep a swap to the uses where it means the same.
  [word("a variety of"), "many"],
  [word("various"), "many"],
  [word("individuals"), "people"],
  [word("ultimately(?!\\s+end\\b)"), "in the end"],
  [word("significantly"), "greatly"],
  [word("significant"), "large"],
  [word("crucial"), "very important"],
  [word("delightful"), "lovely"],
  [word("amazing"), "great"],
  // Exploring a question is looking into it; exploring a city is not.
  [word(`explore${INQUIRY}`), "look into"],
  [word(`explores${INQUIRY}`), "looks into"],
  [word(`exploring${INQUIRY}`), "looking into"],
  [word(`explored${INQUIRY}`), "looked into"],
  [word("enhance"), "improve"],
  [word("enhances"), "improves"],
  [word("enhanced"), "improved"],
  [word("enhancing"), "improving"],
  [word("involves"), "includes"],
  [word("demonstrate"), "show"],
  [word("demonstrates"), "shows"],
  [word("sufficient"), "enough"],
  [word("(?<=\\b(?:to|can|will|could|should|must|may|might)\\s+)purchase"), "buy"],
  [word("beneficial"), "useful"],
  [word("obtain"), "get"],
  [word("additionally,"), "also,"],
  [word(`(?<=\\b(?:${DETERMINERS})\\s+)challenge`), "problem"],
  [word(`(?<=\\b(?:${DETERMINERS})\\s+)challenges`), "problems"],
  [word(`(?<=\\b(?:${DETERMINERS}|positive|negative)\\s+)impact(?!\\s+(?:on|of)\\s+(?:how|whether)\\b)`), "effect"],
  [word("key(?=\\s+(?:factors?|roles?|parts?|points?|aspects?|issues?|elements?|steps?)\\b)"), "main"],
  // Assistant wording with a plainer equivalent of the same grammatical role.
  [word("a wide range of"), "many"],
  [word("a wide variety of"), "many"],
  [word("a broad range of"), "many"],
  [word("a diverse range of"), "many"],
  [word("a multitude of"), "many"],
  [word("with regard to"), "about"],
  [word("in light of"), "given"],
  [word("on a daily basis"), "daily"],
  [word("on a regular basis"), "regularly"],
  [word("at the end of the day"), "in the end"],
  // "do have the ability to" would become "do can".
  [word("(?:do|does) have the ability to"), "can"],
  [word("did have the ability to"), "could"],
  [word("has the ability to"), "can"],
  [word("have the ability to"), "can"],
  [word("has the potential to"), "could"],
  [word("have the potential to"), "could"],
  [word("it is essential to"), "you need to"],
  [word("it is necessary to"), "you need to"],
  [word("in the long run"), "over time"],
  [word("ensure that"), "make sure that"],
  [word("ensures that"), "makes sure that"],
  [word("furthermore,"), "also,"],
  [word("moreover,"), "also,"],
  [word("subsequently"), "later"],
  [word("commonly"), "often"],
  [word("frequently"), "often"],
  [word("typically"), "usually"],
  [word("primarily"), "mainly"],
  [word("particularly"), "especially"],
  [word("individual's"), "person's"],
  [word("an individual"), "a person"],
  [word("(?<=\\b(?:for|of|to|by)\\s+)individuals"), "people"],
  [word("numerous"), "many"],
  [word("possesses"), "has"],
  [word("possess"), "have"],
  [word("requires"), "needs"],
  [word("require"), "need"],
];

const TONE_VOCABULARY: Record<Tone, readonly Replacement[]> = {
  professional: [
    [word("kids"), "children"],
    // "Stuff" is not "material" in "hard to predict stuff like that".
    [word("stuff(?=\\s+like\\b)"), "things"],
    [word("and stuff(?=[.,!?])"), "and so on"],
    [word("pretty much"), "largely"],
    [word("figure out"), "work out"],
    [word("a bit"), "slightly"],
    [atStart("anyway,"), "In any case, "],
  ],
  casual: [
    [word(VERY), "really"],
    [word("(?<!not )quite(?!\\s+an?\\b)"), "pretty"],
    [word("perhaps"), "maybe"],
    [word("difficult"), "hard"],
    [word("excellent"), "great"],
    [word("receive"), "get"],
    [word("children"), "kids"],
    [word("must"), "have to"],
    [atStart("however,"), "But "],
    [atStart("therefore,"), "So "],
    [atStart("thus,"), "So "],
    [atStart("in addition,"), "Plus, "],
  ],
  friendly: [
    [word("please note that"), "just so you know,"],
    [word("we recommend"), "we'd suggest"],
    [word("difficult"), "tricky"],
    [word("perhaps"), "maybe"],
    [word("must"), "need to"],
    [atStart("however,"), "That said, "],
    [atStart("therefore,"), "So "],
  ],
  academic: [
    [word("kids"), "children"],
    [word("big"), "substantial"],
    [word("maybe"), "perhaps"],
    [word("(?<=study |studies |results |data |evidence )showed"), "demonstrated"],
    [word("look at"), "examine"],
    [word("looks at"), "examines"],
    [word("find out"), "determine"],
    [atStart("but"), "However, "],
    [new RegExp(`${START}so,?\\s+(?!(?:far|much|many|that|long|to)\\b)`, "gi"), "Therefore, "],
    [atStart("also,"), "In addition, "],
    [atStart("basically,"), ""],
  ],
  creative: [
    [word(VERY), "truly"],
    [word("big"), "vast"],
    [word("important"), "vital"],
    [word("interesting"), "intriguing"],
    [atStart("however,"), "And yet, "],
  ],
  persuasive: [
    [word("can help"), "will help"],
    [word("may help"), "will help"],
    [word("might want to"), "should"],
    [word("one can"), "you can"],
    [word("users can"), "you can"],
    [word("readers can"), "you can"],
    [word("improve"), "boost"],
    [word("improves"), "boosts"],
    [word("improving"), "boosting"],
    [word("(?<!for )good(?!\\s+(?:morning|afternoon|evening|night)\\b)"), "great"],
    [atStart("however,"), "But "],
  ],
};

function applyReplacements(text: string, replacements: readonly Replacement[]): string {
  return replacements.reduce(
    (result, [pattern, replacement]) => result.replace(pattern, (match: string) => withCase(match, replacement)),
    text,
  );
}

// The replacement takes the original's leading capital; a deleted sentence opener leaves a
// marker so the next word is capitalised; inserted words are marked so "a"/"an" can be fixed.
function withCase(original: string, replacement: string): string {
  const capital = /^[A-Z]/.test(original);
  if (replacement === "") return capital ? CAPITALIZE_NEXT : "";
  const cased = capital ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;
  return INSERTED + cased;
}

// ---------------------------------------------------------------- contractions

const CONTRACTIONS: readonly Replacement[] = [
  [/\b(do|does|did|is|are|was|were|has|have|had|would|should|could|must) not\b/gi, "$1n't"],
  [/\bwill not\b/gi, "won't"],
  [/\bcan ?not\b/gi, "can't"],
];

const FOLLOWED_BY_WORD = String.raw`(?=\s+[A-Za-z\uE000-\uE003])`;
const PARTICIPLE = String.raw`(?=\s+(?:been|got|had|seen|done|made|never|already|just|[a-z]+ed)\b)`;

const PRONOUN_CONTRACTIONS: readonly Replacement[] = [
  [new RegExp(`\\b(it|that|there|here|what) is${FOLLOWED_BY_WORD}`, "gi"), "$1's"],
  [new RegExp(`\\b(you|we|they) are${FOLLOWED_BY_WORD}`, "gi"), "$1're"],
  [new RegExp(`\\bI am${FOLLOWED_BY_WORD}`, "g"), "I'm"],
  [new RegExp(`\\b(I|you|we|they|it) will${FOLLOWED_BY_WORD}`, "gi"), "$1'll"],
  [new RegExp(`\\b(I|you|we|they) have${PARTICIPLE}`, "gi"), "$1've"],
  [new RegExp(`\\b(I|you|we|they) would${FOLLOWED_BY_WORD}`, "gi"), "$1'd"],
];

const EXPANSIONS: readonly Replacement[] = [
  [/\bwon['’]t\b/gi, "will not"],
  [/\bain['’]t\b/gi, "is not"],
  [/\bcan['’]t\b/gi, "cannot"],
  [/\bshan['’]t\b/gi, "shall not"],
  [/\blet['’]s\b/gi, "let us"],
  [/\b(\w+)n['’]t\b/gi, "$1 not"],
  [/\b(it|that|there|here|what|who|he|she)['’]s(?=\s+(?:been|got)\b)/gi, "$1 has"],
  [/\b(it|that|there|here|what|who|he|she)['’]s\b/gi, "$1 is"],
  [/\b(\w+)['’]re\b/gi, "$1 are"],
  [/\b(\w+)['’]ll\b/gi, "$1 will"],
  [/\b(\w+)['’]ve\b/gi, "$1 have"],
  [/\bI['’]m\b/g, "I am"],
  [/\b(\w+)['’]d(?=\s+(?:been|better)\b)/gi, "$1 had"],
  [/\b(\w+)['’]d\b/gi, "$1 would"],
];

// Academic prose spells contractions out; professional writing contracts only negatives.
function adjustContractions(text: string, tone: Tone): string {
  if (tone === "academic") return applyPatterns(text, EXPANSIONS);
  const contracted = applyPatterns(text, CONTRACTIONS);
  return tone === "professional" ? contracted : applyPatterns(contracted, PRONOUN_CONTRACTIONS);
}

// Back-references ("$1n't") keep the original capital, so no case handling is needed here.
function applyPatterns(text: string, replacements: readonly Replacement[]): string {
  return replacements.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

// The serial comma of a short list ("tea, coffee, and juice" → "tea, coffee and juice"): optional in
// most house styles (AP, The Guardian), and its absence reads less like an assistant. Academic
// prose keeps it (Chicago, APA). Only when the list's items are one or two words each.
const SERIAL_COMMA = /(\b[A-Za-z\uE000-\uE1FF]+(?:[ -][A-Za-z]+)?, [A-Za-z\uE000-\uE1FF]+(?:[ -][A-Za-z]+)?),( (?:and|or) )/g;

// ---------------------------------------------------------------- sentence variety

const LONG_SENTENCE_WORDS = 28;
// Two sentences join when together they stay this short: fewer, longer and more varied
// sentences than the even rhythm assistants write.
const JOINED_SENTENCE_WORDS = 44;
// Words that open an independent clause, so ", and they…" can become a sentence of its own.
const CLAUSE_OPENERS = "the|this|that|these|those|it|its|they|their|we|our|you|your|he|she|his|her|there|many|most|some|i";

function vary(text: string, tone: Tone): string {
  return text
    .split(/(\n\s*\n)/)
    .map((part, index) => (index % 2 === 1 ? part : varyParagraph(part, tone)))
    .join("");
}

// A sentence with the whitespace that preceded it, so untouched breaks survive the rewrite.
// `split` marks the halves of a long sentence, so they are not joined back together.
type Piece = { gap: string; text: string; split?: boolean };

function varyParagraph(paragraph: string, tone: Tone): string {
  if (/^\s*(?:[-*•>#|]|\d+[.)])/m.test(paragraph)) return paragraph; // lists, headings, tables
  const spans = splitSentences(paragraph);
  const pieces = spans.map((span, i): Piece => ({
    gap: paragraph.slice(i === 0 ? 0 : (spans[i - 1]?.end ?? 0), span.start),
    text: span.text,
  }));
  const varied = joinShortSentences(
    pieces.flatMap((piece) => splitLongSentence(piece, tone)),
    tone,
  );
  const trailing = paragraph.slice(spans.at(-1)?.end ?? 0);
  return varied.map((piece) => piece.gap + piece.text).join("") + trailing;
}

function splitLongSentence(piece: Piece, tone: Tone): Piece[] {
  const sentence = piece.text;
  if (countWords(sentence) <= LONG_SENTENCE_WORDS) return [piece];
  const andOpener = tone === "casual" || tone === "creative" ? "And " : "";
  const butOpener = tone === "academic" || tone === "professional" ? "However, " : "But ";
  const halves =
    splitAt(sentence, /;\s+/g, "") ??
    splitAt(sentence, new RegExp(`,\\s+and\\s+(?=(?:${CLAUSE_OPENERS})\\b)`, "gi"), andOpener) ??
    splitAt(sentence, new RegExp(`,\\s+but\\s+(?=(?:${CLAUSE_OPENERS})\\b)`, "gi"), butOpener);
  if (!halves) return [piece];
  return [
    { gap: piece.gap, text: halves[0], split: true },
    { gap: " ", text: halves[1], split: true },
  ];
}

// Splits once, at the separator nearest the middle, when both halves keep at least six words.
function splitAt(sentence: string, separator: RegExp, opener: string): [string, string] | null {
  const candidates = [...sentence.matchAll(separator)].filter((m) => {
    const tail = sentence.slice(m.index + m[0].length);
    // A tail that opens with a quotation or a number cannot be re-capitalised safely.
    return /^[A-Za-z]/.test(tail) && countWords(sentence.slice(0, m.index)) >= 6 && countWords(tail) >= 6;
  });
  const middle = sentence.length / 2;
  const best = candidates.sort((a, b) => Math.abs(a.index - middle) - Math.abs(b.index - middle))[0];
  if (!best) return null;
  const head = sentence.slice(0, best.index).replace(/[,;:]$/, "") + ".";
  const tail = sentence.slice(best.index + best[0].length);
  return [head, opener ? opener + tail : capitalizeFirst(tail)];
}

function joinShortSentences(pieces: readonly Piece[], tone: Tone): Piece[] {
  const result: Piece[] = [];
  for (let i = 0; i < pieces.length; i += 1) {
    const current = pieces[i];
    const next = pieces[i + 1];
    if (!current) continue;
    if (next && next.gap === " " && !current.split && !next.split && canJoin(current.text, next.text)) {
      result.push({ gap: current.gap, text: joinPair(current.text, next.text, tone) });
      i += 1;
    } else {
      result.push(current);
    }
  }
  return result;
}

function canJoin(first: string, second: string): boolean {
  const opener = words(second)[0]?.toLowerCase() ?? "";
  return (
    first.endsWith(".") &&
    !/[?!]$/.test(second) &&
    countWords(first) + countWords(second) <= JOINED_SENTENCE_WORDS &&
    JOINABLE_OPENERS.has(opener) &&
    !hasJoiner(first) &&
    !hasJoiner(second) &&
    /^[A-Z]/.test(second)
  );
}

// Masked names and numbers count as words too.
function countWords(text: string): number {
  return words(text).length + (text.match(PLACEHOLDER) ?? []).length;
}

function joinPair(first: string, second: string, tone: Tone): string {
  const lowered = second.charAt(0).toLowerCase() + second.slice(1);
  const head = first.slice(0, -1);
  if (tone === "creative") return `${head} — ${lowered}`;
  // One semicolon to a sentence: "A; B; C" is a list of clauses, not a sentence.
  if ((tone === "academic" || tone === "professional") && !/;/.test(first + second)) return `${head}; ${lowered}`;
  return `${head}, and ${lowered}`;
}

// For a rewrite that nothing else changed: join the first two sentences that can be joined,
// whatever their length or opener; failing that, split the longest sentence at a clause.
function forceChange(text: string, tone: Tone): string {
  const sentences = splitSentences(text);
  for (let i = 0; i + 1 < sentences.length; i += 1) {
    const [first, second] = [sentences[i], sentences[i + 1]];
    if (!first || !second || !first.text.endsWith(".") || text.slice(first.end, second.start) !== " ") continue;
    // Only an opener that is plainly not a name may lose its capital ("Baroque music…" may not).
    if (!mayLowerOpener(second.text, text)) continue;
    return text.slice(0, first.start) + joinPair(first.text, second.text, tone) + text.slice(second.end);
  }
  const longest = [...sentences].sort((a, b) => countWords(b.text) - countWords(a.text))[0];
  const halves = longest && splitAt(longest.text, new RegExp(`,\\s+(?:and|but|so)\\s+(?=(?:${CLAUSE_OPENERS})\\b)|;\\s+`, "gi"), "");
  if (!longest || !halves) return text;
  return `${text.slice(0, longest.start)}${halves[0]} ${halves[1]}${text.slice(longest.end)}`;
}

// ---------------------------------------------------------------- tidy up

function tidy(text: string): string {
  const tidied = text
    .replace(/\b([Aa]n?)(\s+)\uE003(?=(\w+))/g, (_m, article: string, space: string, next: string) => fixArticle(article, next) + space)
    .replace(/\uE002(\s*)([a-z])/g, (_m, space: string, letter: string) => space + letter.toUpperCase())
    .replace(/[\uE002\uE003]/g, "")
    .replace(/(\S)[ \t]{2,}/g, "$1 ")
    .replace(/ +([,.;:!?])/g, "$1")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/[ \t]+$/gm, "");
  return capitaliseSentenceStarts(tidied);
}

// Only for words the rules inserted, whose spelling predicts the first sound ("an ideal",
// "a useful", "an unmatched").
function fixArticle(article: string, nextWord: string): string {
  const vowelSound = /^(?:[aeio]|un)/i.test(nextWord);
  const capital = article.startsWith("A");
  if (vowelSound) return capital ? "An" : "an";
  return capital ? "A" : "a";
}

function capitalizeFirst(text: string): string {
  return text.replace(/^([^A-Za-z\uE000]*)([a-z])/, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
}
