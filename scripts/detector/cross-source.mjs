// Cross-source validation shared by training and evaluation (decision 058): every text is scored
// by a model trained without its source, calibrated on the calibration sources not held out.
// Beside the corpus paragraphs it scores longer texts built from several paragraphs of one source,
// label, genre and generator (the data has no long texts), both whole (as pasted text) and section
// by section (as a document is scored), so that every length band gets lines of its own.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { VALIDATION_REPOS } from "./corpus.mjs";
import { mulberry32, rowLogit, train } from "./logistic.mjs";
import { fitPlatt } from "./metrics.mjs";
import { features, loadAppModule } from "./app-modules.mjs";

const { groupParagraphs } = await loadAppModule("app/server/detector/document-detection.server.ts");

export const isCalibrationRow = (row) => VALIDATION_REPOS.includes(row.repo);
const logistic = (x) => 1 / (1 + Math.exp(-x));
const wordsOf = (text) => text.split(/\s+/).filter(Boolean).length;

// Built texts: lengths drawn uniformly in each range, so the 200–499 and 500+ bands are covered.
export const COMPOSED_LENGTHS = [
  { least: 200, most: 499, seed: 7 },
  { least: 500, most: 1000, seed: 11 },
];

/**
 * Texts of several paragraphs, each paragraph a corpus row of one group, label, genre and
 * generator, in a seeded order; each row used once per length range.
 */
export function composeTexts(rows, ranks, { least, most, seed }) {
  const random = mulberry32(seed);
  const pools = new Map();
  for (const row of rows) {
    const key = `${row.group}|${row.label}|${row.genre}|${row.model ?? ""}`;
    pools.set(key, [...(pools.get(key) ?? []), row]);
  }
  const composed = [];
  for (const [, pool] of [...pools].sort(([a], [b]) => a.localeCompare(b))) {
    const order = pool.map((row) => ({ row, key: random() })).sort((a, b) => a.key - b.key);
    let parts = [];
    let target = least + Math.floor(random() * (most - least + 1));
    for (const { row } of order) {
      parts.push(row);
      const words = parts.reduce((sum, part) => sum + part.words, 0);
      if (words < target) continue;
      composed.push(composedText(parts, ranks));
      parts = [];
      target = least + Math.floor(random() * (most - least + 1));
    }
  }
  return composed;
}

function composedText(parts, ranks) {
  const paragraphs = parts.map((part) => ({ text: part.text }));
  const text = paragraphs.map((paragraph) => paragraph.text).join("\n\n");
  const sections = groupParagraphs(paragraphs).map((group) => {
    const sectionText = text.slice(group.start, group.end);
    return {
      text: sectionText,
      words: wordsOf(sectionText),
      sparse: features.sparseFeatures(sectionText),
      dense: features.denseFeatures(sectionText, ranks),
    };
  });
  const [first] = parts;
  return {
    composed: true,
    label: first.label,
    genre: first.genre,
    model: first.model,
    repo: first.repo,
    group: first.group,
    words: wordsOf(text),
    sparse: features.sparseFeatures(text),
    dense: features.denseFeatures(text, ranks),
    sections,
    text,
  };
}

/**
 * Scores `rows` and `composed` out of fold: one model per group, trained without it and without
 * the calibration sources. Sets `probability` (whole text) and, on composed texts, each section's
 * calibrated logit (`sectionLogits`) for the document combination.
 */
export function scoreOutOfFold(rows, composed, ranks, { log = () => {} } = {}) {
  // While iterating on the lines (not the model), DETECTOR_OOF_CACHE=path reuses one run's scores.
  const cache = process.env.DETECTOR_OOF_CACHE;
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, "utf8"));
  const result = scoreFolds(rows, composed, ranks, log);
  if (cache) writeFileSync(cache, JSON.stringify(result));
  return result;
}

/**
 * The folds themselves. `fit` trains a model on rows and `logitOf` scores a row or section with it:
 * by default the shipped logistic model; scripts/detector/experiment.mjs passes variants.
 */
export function scoreFolds(
  rows,
  composed,
  ranks,
  log = () => {},
  { fit = (trainRows) => train(trainRows, ranks), logitOf = rowLogit } = {},
) {
  const groups = [...new Set(rows.map((row) => row.group))].sort();
  const scored = [];
  const scoredComposed = [];
  for (const group of groups) {
    const started = Date.now();
    const fitted = fit(rows.filter((row) => row.group !== group && !isCalibrationRow(row)));
    const calibrationRows = rows.filter((row) => isCalibrationRow(row) && row.group !== group);
    const { plattA, plattB } = fitPlatt(calibrationRows.map((row) => ({ label: row.label, score: logitOf(fitted, row) })));
    const calibrated = (item) => plattA * logitOf(fitted, item) + plattB;
    for (const row of rows.filter((r) => r.group === group)) scored.push(slim(row, logistic(calibrated(row))));
    for (const item of composed.filter((c) => c.group === group)) {
      scoredComposed.push({
        ...slim(item, logistic(calibrated(item))),
        sectionLogits: item.sections.map((section) => ({ words: section.words, logit: calibrated(section) })),
      });
    }
    log(`  fold ${group}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { scored, composed: scoredComposed };
}

const slim = (row, probability) => ({
  id: row.id,
  label: row.label,
  genre: row.genre,
  model: row.model,
  repo: row.repo,
  group: row.group,
  words: row.words,
  composed: Boolean(row.composed),
  probability,
});

/** The sections' calibrated logits, weighted by their words: the input of the document combination. */
export function meanSectionLogit(sectionLogits) {
  const words = sectionLogits.reduce((sum, s) => sum + s.words, 0);
  return sectionLogits.reduce((sum, s) => sum + s.logit * s.words, 0) / words;
}

/**
 * How section scores combine into a document's: Platt scaling of the sections' word-weighted mean
 * calibrated logit, fitted on the composed texts of two or more sections (a one-section document
 * is its section).
 */
export function fitDocumentCombination(composed) {
  const multi = composed.filter((c) => c.sectionLogits.length >= 2);
  const { plattA, plattB } = fitPlatt(multi.map((c) => ({ label: c.label, score: meanSectionLogit(c.sectionLogits) })));
  return { plattA, plattB, fittedOn: multi.length };
}

export function documentProbability(sectionLogits, combination) {
  if (sectionLogits.length === 1) return logistic(sectionLogits[0].logit);
  return logistic(combination.plattA * meanSectionLogit(sectionLogits) + combination.plattB);
}
