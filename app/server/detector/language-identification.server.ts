// Which language a text is written in. The detector is trained on English only: scoring Spanish
// or Arabic would print a confident-looking number that means nothing, so other languages get
// their own answer. franc-min (trigram profiles of 82 languages, ~55 KiB gzip in the Worker):
// docs/decisions/002-language-identification.md.

import { francAll } from "franc-min";

export type LanguageGuess = {
  english: boolean;
  /** ISO 639-3 code ("eng", "spa", "arb"…), or "und" when there is too little text to tell. */
  code: string;
  /** The language in English words, for the message ("Spanish", "another language"). */
  name: string;
};

// Enough for a stable guess; the rest of a long text would only cost CPU.
const SAMPLE_CHARACTERS = 1_000;
// Below this many Latin letters franc guesses at random (short English reads as Portuguese); the
// word count answers such texts anyway.
const MIN_LATIN_LETTERS = 40;
// Words common in any English text and rare in other Latin-script languages. franc misreads some
// short English (casual posts, lists of names) as Scots or Latin; a text this English is English.
const ENGLISH_MARKERS = new Set(
  (
    "the and of to is was you that it for with have this are not but they be at my what just he she we his her would " +
    "there their been were has do don't i'm it's if or from about like when your can will i"
  ).split(" "),
);
const ENGLISH_MARKER_SHARE = 0.2;

const NAMES: Record<string, string> = {
  arb: "Arabic",
  ben: "Bengali",
  ces: "Czech",
  cmn: "Chinese",
  dan: "Danish",
  deu: "German",
  ell: "Greek",
  fas: "Persian",
  fin: "Finnish",
  fra: "French",
  heb: "Hebrew",
  hin: "Hindi",
  hun: "Hungarian",
  ind: "Indonesian",
  ita: "Italian",
  jpn: "Japanese",
  kor: "Korean",
  msa: "Malay",
  nld: "Dutch",
  nob: "Norwegian",
  pes: "Persian",
  pol: "Polish",
  por: "Portuguese",
  ron: "Romanian",
  rus: "Russian",
  spa: "Spanish",
  swe: "Swedish",
  tam: "Tamil",
  tha: "Thai",
  tur: "Turkish",
  ukr: "Ukrainian",
  urd: "Urdu",
  vie: "Vietnamese",
  zlm: "Malay",
};

/** Guesses the language of a text; unsure (short, or no letters) counts as English. */
export function identifyLanguage(text: string): LanguageGuess {
  const sample = text.slice(0, SAMPLE_CHARACTERS);
  const letters = sample.match(/\p{L}/gu) ?? [];
  const latin = letters.filter((letter) => /\p{Script=Latin}/u.test(letter)).length;
  const mostlyLatin = latin >= letters.length / 2;
  if (mostlyLatin && (letters.length < MIN_LATIN_LETTERS || looksEnglish(sample))) return ENGLISH;
  const scores = francAll(sample, { minLength: 1 });
  const code = scores[0]?.[0] ?? "und";
  const english = scores.find(([language]) => language === "eng")?.[1] ?? 0;
  const closeToTop = letters.length < LONG_SAMPLE_LETTERS ? CLOSE_TO_TOP : CLOSE_TO_TOP_LONG;
  if (code === "eng" || (code === "und" && mostlyLatin) || english >= closeToTop) return ENGLISH;
  return { english: false, code, name: NAMES[code] ?? "another language" };
}

// franc scores languages relative to its best guess (1). Short English often comes out a close
// second to Scots or Latin; other languages' English scores stayed under 0.85 even at ten words.
const CLOSE_TO_TOP = 0.9;
// On longer samples franc's relative scores bunch together: three paragraphs of French put English
// at 0.904 behind French. From this many letters, 'close' means 0.95 (no English text of the 14,820
// training texts falls between the two).
const LONG_SAMPLE_LETTERS = 300;
const CLOSE_TO_TOP_LONG = 0.95;

const ENGLISH: LanguageGuess = { english: true, code: "eng", name: "English" };

function looksEnglish(sample: string): boolean {
  const words = sample.toLowerCase().match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
  return words.length > 0 && words.filter((word) => ENGLISH_MARKERS.has(word)).length / words.length >= ENGLISH_MARKER_SHARE;
}
