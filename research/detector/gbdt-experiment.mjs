// Second-stage models on top of the linear n-gram model, on auc-experiment.mjs's 24
// leave-one-source-out folds (Platt on the validation sources not held out, threshold for 2% of
// their human texts, as eval-detector.mjs): boosted trees (gbdt.mjs), a small MLP (mlp.mjs) or a
// linear restack, over the dense stylometric features, candidate new ones, and the linear model's
// out-of-fold logit and sentence-logit statistics from `node research/detector/gbdt-cache.mjs`
// (run it first). Prints pooled and mean per-source AUC, FPR, TPR. Not shipped figures.
// `node research/detector/gbdt-experiment.mjs <variant>`:
//   linear     the cached linear logit alone (reproduces eval's 0.836 / 0.871, FPR 4.4%)
//   dense      trees over the dense features only (no n-grams)
//   stack      trees over the dense features and the logit
//   margin     the logit plus trees over the dense features (the logit is the trees' base margin)
//   insample   as stack, but trained on the outer model's in-sample logits (the control)
//   mlp        the logit plus a tanh MLP over the standardised features and the logit
//   lr         logistic regression over the standardised features and the logit
// A "+new" suffix adds the candidate features below; SENT=1 adds the sentence-logit statistics;
// DENSE=0 leaves out the shipped dense features; GBDT / MLP = JSON settings; LOGIT_FEATURE=1 gives
// margin's trees the logit as well; SOURCE_BALANCE=1 weighs every training source (and label in
// it) the same instead of balancing labels per genre. Figures of 2026-11-25 (all under the linear model's 0.836):
// dense 0.756 / 0.767, dense+new 0.755 / 0.773; stack 0.821 / 0.847 (depth 4, 300 trees),
// stack+new 0.827 / 0.857; margin 0.828 / 0.862, at depth 3 with 100 trees 0.832 / 0.868,
// margin+new at depth 1 (an additive model) 0.831 / 0.868; insample 0.837 / 0.871; mlp 0.823 /
// 0.843, mlp+new 0.819 / 0.843; SENT=1 DENSE=0: lr 0.836 / 0.868, stack 0.827 / 0.860, margin
// 0.826 / 0.864; SENT=1 lr+new 0.820 / 0.845; SENT=1 margin+new (depth 2, strongly regularised)
// 0.828 / 0.868; SOURCE_BALANCE=1 margin (depth 3, 100 trees) 0.826 / 0.872, stack 0.826 / 0.869.
// Seconds to two minutes each.
import { readFileSync } from "node:fs";
import { VALIDATION_REPOS, loadVocabulary } from "../../scripts/detector/corpus.mjs";
import { CACHE, foldFile } from "./gbdt-cache.mjs";
import { GBDT_SETTINGS, predictGbdt, trainGbdt } from "./gbdt.mjs";
import { genreBalance } from "../../scripts/detector/logistic.mjs";
import { scoreFold, summarise } from "./experiment-folds.mjs";
import { MLP_SETTINGS, predictMlp, trainMlp } from "./mlp.mjs";

const variant = process.argv[2] ?? "stack";
const family = variant.replace("+new", "");
const started = Date.now();
const rows = JSON.parse(readFileSync(`${CACHE}/rows.json`, "utf8"));
const isValidation = (row) => VALIDATION_REPOS.includes(row.repo);
const ranks = new Map(loadVocabulary().map((w, r) => [w, r]));

// ---- candidate new dense features: sentence-length quantiles and jumps, transition openers,
// punctuation diversity, MATTR (50-word windows), hapax share (100-word windows), long words,
// word-rank quantiles, commas per sentence, suffix shares, sentence count, line breaks.
const TRANSITIONS = new Set("however moreover additionally furthermore overall therefore thus consequently ultimately finally firstly secondly lastly similarly likewise instead meanwhile nevertheless nonetheless indeed notably importantly hence accordingly besides conversely specifically essentially".split(" "));
const quantile = (sorted, q) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
const meanOf = (xs) => xs.reduce((t, x) => t + x, 0) / Math.max(1, xs.length);
const spreadOf = (xs, mean = meanOf(xs)) => Math.sqrt(meanOf(xs.map((x) => (x - mean) ** 2)));
function newFeatures(text) {
  const plain = text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim();
  const sentences = plain.split(/(?<=[.!?]["')\]]*)\s+/).filter((s) => /[a-zA-Z]/.test(s));
  const words = plain.toLowerCase().match(/[a-z]+(?:'[a-z]+)*/g) ?? [];
  const inOrder = sentences.map((s) => (s.match(/[A-Za-z]+(?:'[A-Za-z]+)*/g) ?? []).length);
  const lengths = [...inOrder].sort((a, b) => a - b);
  const meanLength = Math.max(1, meanOf(lengths));
  const jumps = inOrder.slice(1).map((n, i) => Math.abs(n - inOrder[i]));
  const firsts = sentences.map((s) => (/[A-Za-z]+/.exec(s)?.[0] ?? "").toLowerCase());
  const punctuation = plain.match(/[^\sA-Za-z0-9]/g) ?? [];
  const windowed = (size, measure) => {
    if (words.length < size) return measure(words);
    const values = [];
    for (let s = 0; s + size <= words.length; s += size / 5) values.push(measure(words.slice(s, s + size)));
    return meanOf(values);
  };
  const typeTokenRatio = (ws) => new Set(ws).size / Math.max(1, ws.length);
  const hapaxShare = (ws) => {
    const counts = new Map();
    for (const w of ws) counts.set(w, (counts.get(w) ?? 0) + 1);
    return [...counts.values()].filter((c) => c === 1).length / Math.max(1, ws.length);
  };
  const wordLengths = words.map((w) => w.length).sort((a, b) => a - b);
  const logRanks = words.map((w) => Math.log1p(ranks.get(w) ?? ranks.get(w.split("'")[0]) ?? 60000)).sort((a, b) => a - b);
  const commas = sentences.map((s) => (s.match(/,/g) ?? []).length);
  const n = Math.max(1, words.length), sentenceCount = Math.max(1, sentences.length);
  const shareOf = (items, test) => items.filter(test).length / Math.max(1, items.length);
  return [
    meanLength, spreadOf(lengths) / meanLength, quantile(lengths, 0.1), quantile(lengths, 0.5), quantile(lengths, 0.9), lengths[lengths.length - 1] ?? 0,
    meanOf(jumps) / meanLength,
    shareOf(firsts, (w) => TRANSITIONS.has(w)), shareOf(firsts, (w) => ["the", "this", "it", "these"].includes(w)),
    new Set(punctuation).size, punctuation.length / n,
    windowed(50, typeTokenRatio), windowed(100, hapaxShare),
    shareOf(wordLengths, (l) => l >= 7), shareOf(wordLengths, (l) => l >= 10), quantile(wordLengths, 0.9),
    quantile(logRanks, 0.25), quantile(logRanks, 0.5), quantile(logRanks, 0.75), quantile(logRanks, 0.9), shareOf(logRanks, (x) => x > Math.log1p(5000)),
    meanOf(commas), spreadOf(commas),
    shareOf(words, (w) => w.endsWith("ly")), shareOf(words, (w) => /(tion|sion|ment|ness|ity)s?$/.test(w)), shareOf(words, (w) => w.endsWith("ing")),
    sentenceCount, /\n/.test(text) ? 1 : 0,
  ];
}
for (const r of rows) r.base = [...(process.env.DENSE === "0" ? [] : r.dense), ...(variant.endsWith("+new") ? newFeatures(r.text) : [])];

/** Column means and spreads of `vectors`, and a function that standardises (and clips) one. */
function standardiser(vectors) {
  const columns = vectors[0].map((_, f) => vectors.map((x) => x[f]));
  const mu = columns.map(meanOf), sd = columns.map((c) => spreadOf(c) || 1);
  return (x) => x.map((v, f) => Math.max(-5, Math.min(5, (v - mu[f]) / sd[f])));
}

/** Logistic regression by full-batch Adam with a little L2; returns the logit function. */
function fitLogistic(vectors, labels, weights) {
  const F = vectors[0].length;
  const w = new Float64Array(F + 1), m = new Float64Array(F + 1), v = new Float64Array(F + 1);
  const logit = (x) => x.reduce((o, value, f) => o + w[f] * value, w[F]);
  for (let step = 1; step <= 400; step += 1) {
    const g = new Float64Array(F + 1);
    vectors.forEach((x, i) => {
      const d = (weights[i] * (1 / (1 + Math.exp(-logit(x))) - labels[i])) / vectors.length;
      x.forEach((value, f) => (g[f] += d * value));
      g[F] += d;
    });
    for (let f = 0; f <= F; f += 1) {
      const gf = g[f] + (f < F ? 1e-3 * w[f] : 0);
      m[f] = 0.9 * m[f] + 0.1 * gf;
      v[f] = 0.999 * v[f] + 0.001 * gf * gf;
      w[f] -= (0.05 * m[f]) / (1 - 0.9 ** step) / (Math.sqrt(v[f] / (1 - 0.999 ** step)) + 1e-8);
    }
  }
  return logit;
}

/** SOURCE_BALANCE=1: every training source (and label within it) weighs the same in total. */
function sourceBalance(trainRows) {
  const counts = new Map();
  const key = (r) => `${r.group}|${r.label}`;
  for (const r of trainRows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return trainRows.map((r) => trainRows.length / counts.size / counts.get(key(r)));
}

/** Trains the variant's second stage on `trainRows`; returns row → logit. */
function fitSecondStage(trainRows, cache) {
  const logitOf = (r) => cache.logit[r.id]; // out-of-fold for training rows, the outer model's otherwise
  const trainLogit = family === "insample" ? (r) => cache.inSample[r.id] : logitOf;
  const features = (r, logit) => [...r.base, ...(process.env.SENT ? cache.sentences[r.id] : []), logit];
  const labels = trainRows.map((r) => r.label), weights = process.env.SOURCE_BALANCE ? sourceBalance(trainRows) : genreBalance(trainRows);
  if (family === "linear") return logitOf;
  if (family === "lr" || family === "mlp") {
    const z = standardiser(trainRows.map((r) => features(r, trainLogit(r))));
    if (family === "lr") {
      const logit = fitLogistic(trainRows.map((r) => z(features(r, trainLogit(r)))), labels, weights);
      return (r) => logit(z(features(r, logitOf(r))));
    }
    const settings = { ...MLP_SETTINGS, ...JSON.parse(process.env.MLP ?? "{}") };
    const model = trainMlp(trainRows.map((r) => z(features(r, trainLogit(r)))), labels, weights, trainRows.map(trainLogit), settings);
    return (r) => logitOf(r) + predictMlp(model, z(features(r, logitOf(r))));
  }
  // Trees: the logit is a feature (stack, insample), the base margin (margin), or absent (dense).
  const logitFeature = family === "stack" || family === "insample" || (family === "margin" && process.env.LOGIT_FEATURE);
  const vector = (r, logit) => (logitFeature ? features(r, logit) : features(r, 0).slice(0, -1));
  const margin = family === "margin" ? trainLogit : () => 0;
  const settings = { ...GBDT_SETTINGS, ...JSON.parse(process.env.GBDT ?? "{}") };
  const model = trainGbdt(trainRows.map((r) => vector(r, trainLogit(r))), labels, weights, trainRows.map(margin), settings);
  return (r) => (family === "margin" ? logitOf(r) : 0) + predictGbdt(model, vector(r, logitOf(r)));
}

const groups = [...new Set(rows.map((r) => r.group))].sort();
const outOfFold = [];
for (const group of groups) {
  const cache = JSON.parse(readFileSync(foldFile(group), "utf8"));
  const heldOut = rows.filter((r) => r.group === group);
  const calibrationRows = rows.filter((r) => isValidation(r) && r.group !== group);
  const excluded = new Set([...heldOut, ...calibrationRows].map((r) => r.id));
  const score = fitSecondStage(rows.filter((r) => !excluded.has(r.id)), cache);
  outOfFold.push(...scoreFold(score, calibrationRows, heldOut, group));
}
const knobs = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(GBDT|MLP|SENT|DENSE|LOGIT_FEATURE|SOURCE_BALANCE)$/.test(k)));
console.log(`[${variant} ${JSON.stringify(knobs)}] ${summarise(outOfFold, groups).line}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
