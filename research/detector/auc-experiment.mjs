// Quick leave-one-source-out experiment: only pooled cross-source AUC (calibrated per fold, as in
// eval-detector.mjs) and the mean per-source AUC, for feature/model variants. Not shipped figures.
// `node research/detector/auc-experiment.mjs <variant>`, variant one of: baseline (the shipped
// features, reproduces eval:detector's 0.836 / 0.871); nb (NB log-count ratios scale the n-grams;
// NB_ALPHA, NB_MODE); ens (the model's logit averaged with a stylometry-only model's; ENS = the
// latter's share); fw (function-word 1–3-grams added as a third family: FW_CLASS=W maps every other
// word to "W", else to "W" plus its suffix; FW_N, FW_SCALE = the family's length); fwnb. Figures of
// 2026-11-24 are in README 'Decisions worth knowing' → Detector. 3–13 minutes per variant.
import { VALIDATION_REPOS, loadCorpus, loadVocabulary } from "../../scripts/detector/corpus.mjs";
import { SETTINGS, rowLogit, train } from "../../scripts/detector/logistic.mjs";
import { scoreFold, summarise } from "./experiment-folds.mjs";
import { features } from "../../scripts/detector/app-modules.mjs";

const variant = process.argv[2] ?? "baseline";
const started = Date.now();
const vocabulary = loadVocabulary();
const ranks = new Map(vocabulary.map((w, r) => [w, r]));
let rows = loadCorpus(vocabulary);
console.log(`[${variant}] corpus ${rows.length} rows in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const SPARSE_SIZE = 1 << features.HASH_BITS;
const isValidation = (row) => VALIDATION_REPOS.includes(row.repo);

// ---- variant: function-word n-grams (prototype; a family added to the sparse vector)
const FUNCTION_WORDS = new Set(("a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves").split(" "));
function shape(token) {
  if (/^\d/.test(token)) return "<num>";
  if (!/^[a-z]/.test(token)) return token; // punctuation kept
  if (FUNCTION_WORDS.has(token)) return token;
  if (process.env.FW_CLASS === "W") return "W";
  const m = /(ing|ed|ly|tion|sion|ment|ness|ity|ous|ive|al|able|ible|er|est|s)$/.exec(token);
  return m ? `W${m[1]}` : "W";
}
function hashString(text, seed) {
  let h = seed;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
function functionGrams(text) {
  const toks = ["<s>", ...features.tokenize(features.normaliseText(text)).map(shape)];
  const counts = new Map();
  const maxN = Number(process.env.FW_N ?? 3);
  for (let i = 1; i < toks.length; i += 1) {
    for (let n = 1; n <= maxN && i - n + 1 >= 0; n += 1) {
      const key = (hashString(`${n}|${toks.slice(i - n + 1, i + 1).join(" ")}`, 0x2f6b3a1d)) & (SPARSE_SIZE - 1);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let norm = 0;
  for (const c of counts.values()) norm += (1 + Math.log(c)) ** 2;
  const scale = (Number(process.env.FW_SCALE ?? 1)) / Math.sqrt(norm || 1);
  return [...counts].map(([k, c]) => [k, (1 + Math.log(c)) * scale]);
}
if (variant.includes("fw")) {
  rows = rows.map((row) => {
    const extra = functionGrams(row.text);
    const indices = new Int32Array(row.sparse.indices.length + extra.length);
    const values = new Float32Array(indices.length);
    indices.set(row.sparse.indices);
    values.set(row.sparse.values);
    extra.forEach(([k, v], j) => { indices[row.sparse.indices.length + j] = k; values[row.sparse.indices.length + j] = v; });
    return { ...row, sparse: { indices, values } };
  });
}

// ---- variant: NB log-count ratios (per fold, from the training rows), as feature scales
function nbRatios(trainRows) {
  const p = new Float64Array(SPARSE_SIZE), q = new Float64Array(SPARSE_SIZE);
  for (const row of trainRows) {
    const target = row.label === 1 ? p : q;
    for (let m = 0; m < row.sparse.indices.length; m += 1) target[row.sparse.indices[m]] += row.sparse.values[m];
  }
  const alpha = Number(process.env.NB_ALPHA ?? 1);
  let sp = 0, sq = 0;
  for (let i = 0; i < SPARSE_SIZE; i += 1) { sp += p[i] + alpha; sq += q[i] + alpha; }
  const r = new Float64Array(SPARSE_SIZE);
  const mode = process.env.NB_MODE ?? "abs";
  for (let i = 0; i < SPARSE_SIZE; i += 1) {
    const ratio = Math.log((p[i] + alpha) / sp) - Math.log((q[i] + alpha) / sq);
    r[i] = mode === "abs" ? Math.abs(ratio) : ratio;
  }
  return r;
}
function scaleRows(rs, r) {
  return rs.map((row) => ({ ...row, sparse: { indices: row.sparse.indices, values: Float32Array.from(row.sparse.values, (v, m) => v * r[row.sparse.indices[m]]) } }));
}

function fitModel(trainRows) {
  const settings = { ...SETTINGS, ...(process.env.L1 ? { l1: Number(process.env.L1) } : {}) };
  if (variant.includes("nb")) {
    const r = nbRatios(trainRows);
    const linear = train(scaleRows(trainRows, r), ranks, settings);
    // Scaling a feature by r equals scaling its weight by r: the shipped model stays linear.
    linear.sparse = Float64Array.from(linear.sparse, (w, i) => w * r[i]);
    return linear;
  }
  const linear = train(trainRows, ranks, settings);
  if (variant.includes("ens")) {
    const lambda = Number(process.env.ENS ?? 0.5);
    const denseOnly = train(trainRows.map((row) => ({ ...row, sparse: { indices: new Int32Array(0), values: new Float32Array(0) } })), ranks, settings);
    // Averaged logits of two linear models over the same standardised features: one linear model.
    return {
      ...linear,
      bias: (1 - lambda) * linear.bias + lambda * denseOnly.bias,
      dense: Float64Array.from(linear.dense, (w, i) => (1 - lambda) * w + lambda * denseOnly.dense[i]),
      sparse: Float64Array.from(linear.sparse, (w) => (1 - lambda) * w),
    };
  }
  return linear;
}

const groups = [...new Set(rows.map((r) => r.group))].sort();
const outOfFold = [];
for (const group of groups) {
  const heldOut = rows.filter((r) => r.group === group);
  const calibrationRows = rows.filter((r) => isValidation(r) && r.group !== group);
  const excluded = new Set([...heldOut, ...calibrationRows].map((r) => r.id));
  const linear = fitModel(rows.filter((r) => !excluded.has(r.id)));
  outOfFold.push(...scoreFold((r) => rowLogit(linear, r), calibrationRows, heldOut, group));
}
const summary = summarise(outOfFold, groups);
console.log(summary.perGroup);
console.log(`[${variant} ${JSON.stringify(Object.fromEntries(Object.entries(process.env).filter(([k]) => /^(NB_|FW_|ENS|L1)/.test(k))))}] ${summary.line}; ${((Date.now() - started) / 1000).toFixed(0)} s`);
