// Punctuation a writer may choose either way, offered to the detector-guided search
// (detector-guided-edits.ts) as span edits of one sentence: a non-restrictive aside in brackets
// instead of between commas, and the comma that style guides call optional after a short
// introductory phrase or adverb, between two short clauses, or before examples that end the
// sentence (Chicago 6.24, 6.36; AP). Assistants put every
// optional comma in, and the trained detector reads a high comma rate as machine-written; the
// search keeps an edit only where the detector agrees. Each pattern is narrow on purpose: where a
// comma might be needed to read the sentence right (a list, an introductory clause that could run
// on into its subject), no edit is offered.

import type { Tone } from "./tones.server";

/** `sentence.slice(start, end)` (`word`) may become any of `options`. */
export type SpanEdit = { start: number; end: number; word: string; options: readonly string[] };

// Asides of examples that open with one of these and close with a comma read the same in brackets
// (not "which" or "who" clauses: without a parser their end is a guess).
const ASIDE = /, ((?:including|such as|for example|for instance|especially|in particular)\b[^,;:()"“”—–.!?]{0,80}), (?=[a-z])/g;
// After the closing comma the sentence must run to its end without another comma, "and" or "or":
// otherwise the comma may be a list's ("…, including your skills, contacts and luck") or open
// another aside.
// A participle or preposition after it may belong to the aside's last noun ("…, especially Francis
// Hare, played by Geoffrey Rush").
const ASIDE_CONTINUES =
  /^(?:[^;.!?]*(?:,|\b(?:and|or)\b)|(?:especially|particularly|including|such as|for example|for instance|in particular|and|or|but|which|who|whose|by|as|with|from|in|on|at|to|for|of)\b|[a-z]+(?:ed|ing|en)\b)/;
// A word that can only open the subject: after it, an introductory phrase cannot run on into the
// subject ("After eating the dog…" could; "After eating, they…" → "After eating they…" cannot).
const SUBJECT = String.raw`(?=(?:the|a|an|it|this|these|those|they|we|he|she|I|there|many|most|some|several|few|all|both|each|every|no|such|our|their|its|his|her|you|my|one|people|students|researchers|scientists|experts|companies|children|users|customers|businesses|governments|parents|teachers|doctors|patients|workers|employees|historians|critics)\b)`;
// A short introductory prepositional phrase, then the subject.
const INTRO = new RegExp(
  String.raw`^(?:In|At|On|By|During|After|Before|Since|Over|Throughout|Within|Across|Under|Among|Despite|Through|Until|Around)((?: [A-Za-z0-9'’-]+){1,4}), ${SUBJECT}`,
);
// A one-word introductory adverb of time or frequency, then the subject ("Today the city…").
const INTRO_ADVERB = new RegExp(
  String.raw`^(?:Today|Now|Then|Later|Soon|Recently|Historically|Traditionally|Initially|Eventually|Currently|Nowadays|Sometimes|Often|Usually|Typically|Occasionally|Originally|Gradually|Suddenly|Afterwards|Previously|Once)(, )${SUBJECT}`,
);
// Examples that run to the end of the sentence (or its clause) after ", such as" or ", including":
// without the comma they restrict the noun before, which reads the same.
const TRAILING_EXAMPLES = /, (?=(?:such as|including) (?:[^,;:.!?()"“”]+|[^;:.!?()"“”]*\b(?:and|or) [^,;:.!?()"“”]+)(?:[.;!?]|$))/g;
// Connective phrases keep their comma by convention ("In fact, …", "For example, …").
const CONNECTIVE_PHRASE =
  /\b(?:example|instance|addition|conclusion|fact|short|summary|contrast|particular|general|comparison|words|turn|sum|essence|brief|total|case|other|end|result|sense|way|meantime|meanwhile|hand|course|effect|light|view|reality|practice|theory|all)$/i;
// A clause joined to a short one before it by "and", "but" or "so", with its own subject.
const CLAUSE = /, (?=(?:and|but|so|yet) (?:it|they|we|he|she|I|you|this|there|the|these|those|its|their|his|her|our|many|most|some)\b)/g;
const SHORT_CLAUSE_WORDS = 10;
// An item that may describe the one before: a possessive or "a"/"his"/… phrase.
const APPOSITIVE = /['’]s\b|^\s*(?:a|an|his|her|their|its|our|my|your|one)\s/i;
// The last comma of a list: ", and" or ", or" after another comma in the same clause.
const SERIAL_COMMA = /, (?=(?:and|or) )/g;

export function punctuationEdits(sentence: string, tone: Tone): SpanEdit[] {
  const edits: SpanEdit[] = [];
  for (const match of sentence.matchAll(ASIDE)) {
    const aside = match[1] ?? "";
    const after = sentence.slice(match.index + match[0].length);
    // "…, including tea, coffee and juice, are…": the closing comma may be a list's.
    if (/\b(?:and|or)\b/.test(aside) || ASIDE_CONTINUES.test(after)) continue;
    edits.push({ start: match.index, end: match.index + match[0].length, word: match[0], options: [` (${aside}) `] });
  }
  const intro = INTRO.exec(sentence) ?? INTRO_ADVERB.exec(sentence);
  // A phrase that ends in a verb form could take the subject as its object ("After eating the dog…").
  if (intro && !CONNECTIVE_PHRASE.test(intro[1] ?? "") && !/(?:ing|ed|en)$/.test(intro[1] ?? ""))
    edits.push(commaDropped(intro[0].length - 2));
  for (const match of sentence.matchAll(TRAILING_EXAMPLES)) edits.push(commaDropped(match.index));
  // The serial comma, which the rules drop only before one- or two-word items; academic prose keeps it.
  if (tone !== "academic") {
    for (const match of sentence.matchAll(SERIAL_COMMA)) {
      const items = sentence.slice(0, match.index).split(";").at(-1)?.split(",") ?? [];
      // "Ronaldo, United's captain, and Messi": after one comma an item that reads like a
      // description of the one before may be an appositive, which the serial comma tells apart.
      const last = items.at(-1) ?? "";
      const appositive = items.length < 4 && wordCount(last) > 2 && APPOSITIVE.test(last);
      if (items.length >= 2 && !appositive) edits.push(commaDropped(match.index));
    }
  }
  for (const match of sentence.matchAll(CLAUSE)) {
    const before = sentence.slice(0, match.index);
    const head = before.slice(before.lastIndexOf(";") + 1);
    // A comma before it means a list ("A, B, and the C"): its last comma is the serial comma.
    if (head.includes(",")) continue;
    const tail = sentence.slice(match.index + 2).split(/[,;:]/)[0] ?? "";
    if (wordCount(head) > SHORT_CLAUSE_WORDS || wordCount(tail) > SHORT_CLAUSE_WORDS + 1) continue;
    edits.push(commaDropped(match.index));
  }
  return edits;
}

/** The edit that drops the comma of the ", " at `at`. */
function commaDropped(at: number): SpanEdit {
  return { start: at, end: at + 2, word: ", ", options: [" "] };
}

function wordCount(text: string): number {
  return (text.match(/[A-Za-z0-9]+/g) ?? []).length;
}
