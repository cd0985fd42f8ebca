// npm run train:detector: trains the offline detector on ../shared/detector-data (minus the
// cross-source validation sources), calibrates it on those sources, and writes
// app/server/ai/offline/detector-weights.json. Deterministic: the same corpus gives the same file.
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { VALIDATION_REPOS, loadCorpus, loadVocabulary } from "./detector/corpus.mjs";
import { SETTINGS, rowLogit, train } from "./detector/logistic.mjs";
import { atThreshold, calibrationError, chooseThreshold, fitPlatt, fixed, percent, rocAuc } from "./detector/metrics.mjs";
import { features, model as detectorModel, weightsCodec } from "./detector/app-modules.mjs";

export const WEIGHTS_PATH = new URL("../app/server/ai/offline/detector-weights.json", import.meta.url);
export const KEPT_WEIGHTS = 60_000;
export const MAX_FPR = 0.05;
// The threshold is chosen for a lower rate on the validation sources than the budget allows: held
// out by source, the rate on unseen human text runs about 1.7 times the validation rate (8.8%
// for a 5% target, 3.6% for 2%), and students judge a detector by its false accusations.
export const THRESHOLD_FPR = 0.02;
const MIXED_BAND = 0.25;

/** Trains on `trainRows`, prunes and quantises, calibrates on `validationRows`: the shipped file. */
export function buildWeightsFile(trainRows, validationRows, vocabulary, ranks) {
  const linear = train(trainRows, ranks);
  const draft = {
    hashBits: features.HASH_BITS,
    denseFeatures: [...features.DENSE_FEATURES],
    bias: linear.bias,
    denseMean: [...linear.denseMean],
    denseScale: [...linear.denseScale],
    denseWeights: [...linear.dense],
    ...weightsCodec.encodeSparse(linear.sparse, KEPT_WEIGHTS),
    plattA: 1,
    plattB: 0,
    aiThreshold: 0.5,
    mixedFrom: 0.5 - MIXED_BAND,
    vocabulary: vocabulary.join(" "),
    trainedOn: {},
  };
  const shipped = { ...weightsCodec.decodeWeights(draft), bias: draft.bias };
  const scored = validationRows.map((row) => ({ label: row.label, score: rowLogit(shipped, row) }));
  const calibration = fitPlatt(scored);
  const probabilities = scored.map((s) => ({ ...s, probability: detectorModel.calibrate(s.score, calibration) }));
  const aiThreshold = chooseThreshold(probabilities, THRESHOLD_FPR);
  return { file: { ...draft, ...calibration, aiThreshold, mixedFrom: Math.round((aiThreshold - MIXED_BAND) * 100) / 100 }, validation: probabilities };
}

async function main() {
  const started = Date.now();
  const vocabulary = loadVocabulary();
  const ranks = new Map(vocabulary.map((word, rank) => [word, rank]));
  const rows = loadCorpus(vocabulary);
  const validationRows = rows.filter((row) => VALIDATION_REPOS.includes(row.repo));
  const trainRows = rows.filter((row) => !VALIDATION_REPOS.includes(row.repo));
  console.log(`Corpus: ${rows.length} rows; training ${trainRows.length}, validation ${validationRows.length} (${VALIDATION_REPOS.join(", ")})`);
  console.log(`Features ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const { file, validation } = buildWeightsFile(trainRows, validationRows, vocabulary, ranks);
  const figures = atThreshold(validation, file.aiThreshold);
  const trainedOn = {
    corpus: "shared/detector-data/train.jsonl.gz (sha256 c57b36cf…), scripts/detector/machine-registers.jsonl, SpamAssassin ham paragraphs",
    trainingRows: trainRows.length,
    validationRows: validationRows.length,
    validationSources: VALIDATION_REPOS,
    settings: SETTINGS,
    keptWeights: KEPT_WEIGHTS,
    validation: {
      auc: rocAuc(validation),
      accuracy: figures.accuracy,
      fpr: figures.fpr,
      tpr: figures.tpr,
      calibrationError: calibrationError(validation),
    },
  };
  const json = `${JSON.stringify({ ...file, trainedOn })}\n`;
  writeFileSync(WEIGHTS_PATH, json);
  const kept = weightsCodec.decodeWeights(file).sparse.filter((w) => w !== 0).length;
  console.log(`Validation (cross-source, shipped quantised weights): AUC ${fixed(trainedOn.validation.auc)}, accuracy ${percent(figures.accuracy)}, FPR ${percent(figures.fpr)}, TPR ${percent(figures.tpr)}, calibration error ${fixed(trainedOn.validation.calibrationError)}`);
  console.log(`Default threshold ${file.aiThreshold} (FPR ≤ ${percent(THRESHOLD_FPR)} on validation human text, for a budget of ${percent(MAX_FPR)} on unseen text); mixed band from ${file.mixedFrom}`);
  console.log(`Weights: ${kept} n-gram buckets kept, ${file.denseWeights.length} stylometric weights; file ${(json.length / 1024).toFixed(0)} KiB, ${(gzipSync(json, { level: 9 }).length / 1024).toFixed(0)} KiB gzip (budget 300 KiB)`);
  console.log(`Trained in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
