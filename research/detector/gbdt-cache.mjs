// Stage 1 of the second-stage experiment (gbdt-experiment.mjs): what the linear n-gram model says
// of every text in auc-experiment.mjs's 24 leave-one-source-out folds, cached outside the
// repository (GBDT_CACHE, default /tmp/gbdt-cache; the corpus's texts must not enter the repo).
// Per fold: the outer model (trained as auc-experiment trains it) scores the held-out and
// calibration rows; the training rows are scored by an inner model that did not see their source
// (training sources split three ways), so a second stage never learns from in-sample logits. For
// each text: its logit, and its sentences' n-gram logits summarised (mean, max, min, spread, upper
// quartile, share above zero). Deterministic and resumable; 7–16 minutes on 2 busy cores.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { VALIDATION_REPOS, loadCorpus, loadVocabulary } from "../../scripts/detector/corpus.mjs";
import { rowLogit, train } from "../../scripts/detector/logistic.mjs";
import { features, model as detectorModel, loadAppModule } from "../../scripts/detector/app-modules.mjs";

export const CACHE = process.env.GBDT_CACHE ?? "/tmp/gbdt-cache";
export const INNER_FOLDS = 3;
export const foldFile = (group) => `${CACHE}/fold-${group.replace(/[^A-Za-z0-9]+/g, "_")}.json`;

/** Training sources split into k parts of similar size (largest first into the smallest part). */
function innerParts(trainRows, k) {
  const sizes = new Map();
  for (const r of trainRows) sizes.set(r.group, (sizes.get(r.group) ?? 0) + 1);
  const parts = Array.from({ length: k }, () => ({ groups: new Set(), size: 0 }));
  for (const [g, n] of [...sizes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
    const part = parts.reduce((best, p) => (p.size < best.size ? p : best));
    part.groups.add(g);
    part.size += n;
  }
  return parts.map((p) => p.groups);
}

function sentenceStats(linear, row) {
  const logits = row.sentences.map((s) => detectorModel.sparseLogit(s, linear.sparse)).sort((a, b) => a - b);
  if (logits.length === 0) return [0, 0, 0, 0, 0, 0];
  const mean = logits.reduce((t, x) => t + x, 0) / logits.length;
  const spread = Math.sqrt(logits.reduce((t, x) => t + (x - mean) ** 2, 0) / logits.length);
  return [mean, logits[logits.length - 1], logits[0], spread, logits[Math.floor(0.75 * (logits.length - 1))], logits.filter((x) => x > 0).length / logits.length];
}

async function main() {
  const started = Date.now();
  mkdirSync(CACHE, { recursive: true });
  const { splitSentences } = await loadAppModule("app/server/detector/text-stats.server.ts");
  const vocabulary = loadVocabulary();
  const ranks = new Map(vocabulary.map((w, r) => [w, r]));
  const rows = loadCorpus(vocabulary);
  for (const r of rows) r.sentences = splitSentences(r.text).map((s) => features.sparseFeatures(s.text)).filter((s) => s.indices.length > 0);
  console.log(`corpus ${rows.length} rows and their sentences in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (!existsSync(`${CACHE}/rows.json`)) {
    writeFileSync(`${CACHE}/rows.json`, JSON.stringify(rows.map((r) => ({ id: r.id, label: r.label, genre: r.genre, repo: r.repo, group: r.group, dense: [...r.dense], text: r.text }))));
  }
  const isValidation = (row) => VALIDATION_REPOS.includes(row.repo);
  for (const group of [...new Set(rows.map((r) => r.group))].sort()) {
    if (existsSync(foldFile(group))) continue;
    const t0 = Date.now();
    const heldOut = rows.filter((r) => r.group === group);
    const calibrationRows = rows.filter((r) => isValidation(r) && r.group !== group);
    const excluded = new Set([...heldOut, ...calibrationRows].map((r) => r.id));
    const trainRows = rows.filter((r) => !excluded.has(r.id));
    const logit = {}, sentences = {}, inSample = {};
    const outer = train(trainRows, ranks);
    for (const r of [...heldOut, ...calibrationRows]) [logit[r.id], sentences[r.id]] = [rowLogit(outer, r), sentenceStats(outer, r)];
    for (const r of trainRows) inSample[r.id] = rowLogit(outer, r); // for the in-sample control only
    for (const part of innerParts(trainRows, INNER_FOLDS)) {
      const inner = train(trainRows.filter((r) => !part.has(r.group)), ranks);
      for (const r of trainRows) if (part.has(r.group)) [logit[r.id], sentences[r.id]] = [rowLogit(inner, r), sentenceStats(inner, r)];
    }
    writeFileSync(foldFile(group), JSON.stringify({ group, logit, sentences, inSample }));
    console.log(`${group}: ${trainRows.length} training rows, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
