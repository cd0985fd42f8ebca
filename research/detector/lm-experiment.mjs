// Likelihood / surprisal features (issue 19): small n-gram language models, one over human text
// and one over machine text, and what a text's tokens cost under them (mean and spread of
// surprisal, GLTR-like probability buckets, sentence burstiness, a Binoculars-like cross ratio,
// n-gram novelty), added as dense features to the shipped logistic model. Not shipped figures.
//
// Honest folds: exactly auc-experiment.mjs's leave-one-source-out folds. The language models of a
// fold are counted over the fold's training groups only; and a training row is scored by models
// that also leave out its own group, so that its features look like a held-out row's (a source's
// texts never score themselves). Each model's counts over the whole corpus are counted once; a
// fold subtracts the rows it leaves out, and a training row's own group's counts.
//
// Models: interpolated with a Dirichlet prior (P_k = (c(ctx w) + mu P_k-1) / (c(ctx) + mu)), over
// exact n-gram ids (or hashed buckets, LM_BUCKETS), one over human and one over machine text.
// Families: words (order LM_ORDER, default 3), word classes (function words and punctuation kept,
// other words to a suffix class; order LM_CLASS_ORDER, default 5; LM_CLASS=0 leaves it out),
// characters (LM_CHAR=order; off by default). LM_OWN=repo: a training row's models leave out its
// whole repository, not just its group. LM_PRUNE, LM_QUANT: counts as a small shipped table would
// hold them. LM_MU: the prior (default 3).
//
// `node research/detector/lm-experiment.mjs <variant>`: "full" (shipped features + LM features),
// "lmonly" (the LM features alone, a dense-only model), "base" (the shipped features). The
// corpus's features are cached in /tmp/wt-lm-cache (outside the repository). 4–9 minutes a run.
//
// Figures of 2026-11-25 (pooled AUC / mean per-source AUC / FPR; the shipped model 0.836 / 0.871
// / 4.4%): shipped features + word trigram model 0.859 / 0.888 / 5.4%; + word trigram and word-class
// 5-gram models 0.859 / 0.889 / 4.6%; the LM features of both alone 0.759 / 0.783 / 4.6% (these two
// before a fix to sentence ends that moved the other figures by 0.001); word bigram 0.854 / 0.887 /
// 4.5%; word trigram + character 5-gram 0.855 / 0.885 / 4.5%; word trigram, a training row's models
// leaving out its repository, not its group, 0.855 / 0.883 / 4.5%; word trigram with a prior of 10
// 0.858 / 0.888 / 5.3%; only its cross ratio and mean surprisals 0.855 / 0.890 / 5.4%. The exact
// word trigram model holds 2.4 million n-gram ids, and sizes that could ship lose the gain: its
// counts hashed into 2^18 buckets per label, a byte each (307 KiB gzip, already over the budget),
// 0.835 / 0.869 / 3.9%; counts below 10 dropped (about 37,000 n-grams kept) 0.846 / 0.875 / 4.5%.
// Not integrated.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { serialize, deserialize } from "node:v8";
import { gzipSync } from "node:zlib";
import { VALIDATION_REPOS, loadCorpus, loadVocabulary } from "../../scripts/detector/corpus.mjs";
import { rowLogit, train } from "../../scripts/detector/logistic.mjs";
import { rocAuc } from "../../scripts/detector/metrics.mjs";
import { scoreFold, summarise } from "./experiment-folds.mjs";
import { features } from "../../scripts/detector/app-modules.mjs";

const variant = process.argv[2] ?? "full";
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
const vocabulary = loadVocabulary();
const ranks = new Map(vocabulary.map((w, r) => [w, r]));
const CACHE = "/tmp/wt-lm-cache/corpus.v8";
let rows;
if (existsSync(CACHE)) rows = deserialize(readFileSync(CACHE));
else {
  rows = loadCorpus(vocabulary);
  mkdirSync("/tmp/wt-lm-cache", { recursive: true });
  writeFileSync(CACHE, serialize(rows));
}
console.log(`[${variant}] corpus ${rows.length} rows in ${elapsed()}`);
const isValidation = (row) => VALIDATION_REPOS.includes(row.repo);
const groups = [...new Set(rows.map((r) => r.group))].sort();
const groupIndex = new Map(groups.map((g, i) => [g, i]));
const G = groups.length;

// ---------------------------------------------------------------- tokens and n-gram ids
const FUNCTION_WORDS = new Set(("a about above after again against all am an and any are as at be because been before being below between both but by can could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours yourself yourselves").split(" "));
function wordClass(token) {
  if (token === "<num>" || token === "<s>") return token;
  if (!/^[a-z]/.test(token)) return token;
  if (FUNCTION_WORDS.has(token)) return token;
  const m = /(ing|ed|ly|tion|sion|ment|ness|ity|ous|ive|al|able|ible|er|est|s)$/.exec(token);
  return m ? `W${m[1]}` : "W";
}
const tokenIds = new Map();
const tokenId = (t) => {
  let id = tokenIds.get(t);
  if (id === undefined) tokenIds.set(t, (id = tokenIds.size + 1));
  return id;
};
function rowTokens(text) {
  return features.tokenize(features.normaliseText(text)).map((t) => (/^\d/.test(t) ? "<num>" : t));
}

/**
 * One n-gram model family (word or word-class): ids of every n-gram (orders 1..order) and of
 * every context-as-prefix, and per-group per-label counts of each id.
 */
function buildFamily(name, order, sequenceOf) {
  const keyIds = new Map();
  // LM_BUCKETS: every key hashed into that many buckets (collisions as a shipped table has them).
  const BUCKETS = Number(process.env.LM_BUCKETS ?? 0);
  const idOf = (key) => {
    if (BUCKETS) {
      let h = Math.imul(Math.floor(key / 2097152) ^ Math.imul(key % 2097152, 0x85ebca6b), 0x9e3779b1);
      h ^= h >>> 15;
      return (Math.imul(h, 0x2c1b3c6d) >>> 0) % BUCKETS;
    }
    let id = keyIds.get(key);
    if (id === undefined) keyIds.set(key, (id = keyIds.size));
    return id;
  };
  // Per row: for each token position, `order` n-gram ids then `order - 1` prefix ids.
  const sequences = rows.map(sequenceOf);
  const perRow = rows.map((row, r) => {
    const seq = sequences[r];
    const toks = [tokenId("<s>"), ...seq.map(tokenId)];
    const n = toks.length - 1;
    const width = 2 * order - 1;
    const ids = new Int32Array(n * width);
    const sentenceEnds = [];
    for (let i = 1; i <= n; i += 1) {
      // The k-gram ending at i, and its context (tokens i-k+1..i-1) in a namespace of its own,
      // each hashed from i backwards into a 53-bit key.
      let h1 = 0x811c9dc5, h2 = 0x050c5d1f, p1 = 0x2545f491, p2 = 0x9e3779b9;
      for (let k = 1; k <= order; k += 1) {
        const j = i - k + 1;
        const t = j >= 0 ? toks[j] : 0;
        if (k >= 2) {
          p1 = Math.imul(p1 ^ t, 0x01000193);
          p2 = Math.imul(p2 ^ (t * 2654435761), 0x85ebca6b);
          ids[(i - 1) * width + order + k - 2] = idOf((p1 >>> 0) * 2097152 + ((p2 >>> 0) & 0x1ffff0) + 3);
        }
        h1 = Math.imul(h1 ^ t, 0x01000193);
        h2 = Math.imul(h2 ^ (t * 2654435761), 0x85ebca6b);
        ids[(i - 1) * width + k - 1] = idOf((h1 >>> 0) * 2097152 + ((h2 >>> 0) & 0x1ffff0) + 8 + k);
      }
      if (/^[.!?]$/.test(seq[i - 1]) && seq[i] !== seq[i - 1]) sentenceEnds.push(i - 1);
    }
    return { ids, n, sentenceEnds };
  });
  const size = BUCKETS || keyIds.size;
  const total = [new Int32Array(size), new Int32Array(size)];
  const tokensByGroup = [new Float64Array(G), new Float64Array(G)];
  rows.forEach((row, r) => {
    for (const id of perRow[r].ids) total[row.label][id] += 1;
    tokensByGroup[row.label][groupIndex.get(row.group)] += perRow[r].n;
  });
  // Each row's count of each of its ids within its own group (or repository), per label: what
  // leaving that group out of its models subtracts.
  const scratch = new Int32Array(size);
  const countsWithin = (keyOf) => {
    const within = rows.map(() => [null, null]);
    for (const key of new Set(rows.map(keyOf))) {
      const members = rows.map((row, r) => (keyOf(row) === key ? r : -1)).filter((r) => r >= 0);
      for (let l = 0; l < 2; l += 1) {
        for (const r of members) if (rows[r].label === l) for (const id of perRow[r].ids) scratch[id] += 1;
        for (const r of members) within[r][l] = Int32Array.from(perRow[r].ids, (id) => scratch[id]);
        for (const r of members) for (const id of perRow[r].ids) scratch[id] = 0;
      }
    }
    return within;
  };
  const own = countsWithin((row) => row.group);
  // LM_OWN=repo: a training row's models leave out its whole repository (L2R's 19 genres come
  // from one pipeline), not just its group.
  const ownRepo = process.env.LM_OWN === "repo" ? countsWithin((row) => row.repo) : null;
  if (BUCKETS && QUANT) {
    const table = new Uint8Array(2 * size);
    for (let l = 0; l < 2; l += 1) total[l].forEach((c, i) => (table[l * size + i] = Math.min(255, Math.round(QUANT * Math.log2(1 + c)))));
    console.log(`[${variant}] ${name} table as shipped: ${(gzipSync(table, { level: 9 }).length / 1024).toFixed(0)} KiB gzip`);
  }
  console.log(`[${variant}] ${name} model: ${size} ids, ${tokenIds.size} token types, ${elapsed()}`);
  return { name, order, size, perRow, total, own, ownRepo, tokensByGroup };
}

// ---------------------------------------------------------------- per-fold features
const MU = Number(process.env.LM_MU ?? 3);

/** Counts of one label over all groups except `excluded` (a Set of group indices). */
function foldCounts(family, l, excluded) {
  const c = Int32Array.from(family.total[l]);
  let tokens = 0;
  for (let g = 0; g < G; g += 1) if (!excluded.has(g)) tokens += family.tokensByGroup[l][g];
  // Sparse counts of each left-out group (for LM_OWN=repo), as id → count maps.
  const byExcluded = new Map();
  rows.forEach((row, r) => {
    const g = groupIndex.get(row.group);
    if (row.label === l && excluded.has(g)) {
      let m = byExcluded.get(g);
      if (!m) byExcluded.set(g, (m = process.env.LM_OWN === "repo" && groups[g].includes("/AI_Text_Detector/") ? new Map() : null));
      for (const id of family.perRow[r].ids) { c[id] -= 1; if (m) m.set(id, (m.get(id) ?? 0) + 1); }
    }
  });
  return { c, tokens, byExcluded };
}

// LM_QUANT: counts as a shipped table would hold them, round(QUANT * log2(1 + c)) in a byte.
const QUANT = Number(process.env.LM_QUANT ?? 0);
// LM_PRUNE: counts below it dropped, as a table that keeps only the n-grams seen that often would.
const PRUNE = Number(process.env.LM_PRUNE ?? 0);
const quantised = QUANT ? (c) => (c < PRUNE ? 0 : 2 ** (Math.min(255, Math.round(QUANT * Math.log2(1 + c))) / QUANT) - 1) : (c) => (c < PRUNE ? 0 : c);

/** Per-token log-probabilities of row r under label l's model of the fold (Dirichlet backoff). */
function tokenLogProbs(family, counts, r, l, subtractOwn, excluded) {
  const { ids, n } = family.perRow[r];
  let own = subtractOwn ? family.own[r][l] : null;
  const order = family.order, width = 2 * order - 1;
  const V = 50_000;
  let ownTokens = subtractOwn ? family.tokensByGroup[l][groupIndex.get(rows[r].group)] : 0;
  if (subtractOwn && process.env.LM_OWN === "repo") {
    // The repository's counts less those of its groups the fold already leaves out.
    own = Int32Array.from(family.ownRepo[r][l]);
    ownTokens = 0;
    for (let g = 0; g < G; g += 1) {
      if (!groups[g].startsWith(rows[r].repo)) continue;
      if (excluded.has(g)) { const ex = counts.byExcluded.get(g); if (ex) for (let m = 0; m < ids.length; m += 1) own[m] -= ex.get(ids[m]) ?? 0; }
      else ownTokens += family.tokensByGroup[l][g];
    }
  }
  const N = counts.tokens - ownTokens;
  const out = new Float64Array(n);
  const seenOrder = new Uint8Array(n);
  for (let i = 0; i < n; i += 1) {
    const base = i * width;
    const cnt = (m) => quantised(counts.c[ids[base + m]] - (own ? own[base + m] : 0));
    let p = (cnt(0) + 0.5) / (N + 0.5 * V);
    let seen = cnt(0) > 0 ? 1 : 0;
    for (let k = 2; k <= order; k += 1) {
      const cg = cnt(k - 1), cc = cnt(order + k - 2);
      p = (cg + MU * p) / (cc + MU);
      if (cg > 0) seen = k;
    }
    out[i] = Math.log(p);
    seenOrder[i] = seen;
  }
  return { logp: out, seenOrder };
}

const mean = (a) => (a.length ? a.reduce((t, v) => t + v, 0) / a.length : 0);
const sd = (a) => {
  if (a.length < 2) return 0;
  const m = mean(a);
  return Math.sqrt(mean(a.map((v) => (v - m) ** 2)));
};

function familyFeatures(family, h, a, r) {
  const { n, sentenceEnds } = family.perRow[r];
  const lh = [...h.logp], la = [...a.logp];
  const diff = lh.map((v, i) => la[i] - v);
  const sentences = [];
  let start = 0;
  for (const end of [...sentenceEnds, n - 1]) {
    if (end >= start) sentences.push(lh.slice(start, end + 1));
    start = end + 1;
  }
  const sentMeans = sentences.filter((s) => s.length >= 3).map(mean);
  const share = (arr, test) => (arr.length ? arr.filter(test).length / arr.length : 0);
  const ord = family.order;
  return {
    [`${family.name}.meanH`]: -mean(lh),
    [`${family.name}.meanA`]: -mean(la),
    [`${family.name}.sdH`]: sd(lh),
    [`${family.name}.sdA`]: sd(la),
    [`${family.name}.ratio`]: mean(diff),
    [`${family.name}.ratioSd`]: sd(diff),
    [`${family.name}.binoc`]: mean(lh) / (mean(la) || -1),
    [`${family.name}.p1`]: share(lh, (v) => v > Math.log(0.1)),
    [`${family.name}.p2`]: share(lh, (v) => v > Math.log(0.01)),
    [`${family.name}.p3`]: share(lh, (v) => v > Math.log(0.001)),
    [`${family.name}.burst`]: sd(sentMeans),
    [`${family.name}.novelH`]: share([...h.seenOrder], (s) => s < ord),
    [`${family.name}.novelA`]: share([...a.seenOrder], (s) => s < ord),
    [`${family.name}.novelDiff`]: share([...h.seenOrder], (s) => s < ord) - share([...a.seenOrder], (s) => s < ord),
  };
}

// ---------------------------------------------------------------- run
rows.forEach((row) => (row.tokens = rowTokens(row.text)));
const families = [];
if (variant !== "base") {
  if (process.env.LM_WORD !== "0") families.push(buildFamily("word", Number(process.env.LM_ORDER ?? 3), (row) => row.tokens));
  if (process.env.LM_CLASS !== "0") families.push(buildFamily("class", Number(process.env.LM_CLASS_ORDER ?? 5), (row) => row.tokens.map(wordClass)));
  if (process.env.LM_CHAR) families.push(buildFamily("char", Number(process.env.LM_CHAR), (row) => [...features.normaliseText(row.text).replace(/\d/g, "0")]));
}
const keepSets = process.env.LM_SETS ? process.env.LM_SETS.split(",") : null;
const validationGroups = new Set(groups.filter((g) => VALIDATION_REPOS.some((v) => g === v)).map((g) => groupIndex.get(g)));

const outOfFold = [];
const featureNames = [];
for (const group of groups) {
  const h = groupIndex.get(group);
  const excluded = new Set([h, ...validationGroups]);
  // LM features of every row under this fold's models.
  const lmFeatures = rows.map(() => []);
  for (const family of families) {
    const counts = [foldCounts(family, 0, excluded), foldCounts(family, 1, excluded)];
    rows.forEach((row, r) => {
      const subtractOwn = !excluded.has(groupIndex.get(row.group));
      const hp = tokenLogProbs(family, counts[0], r, 0, subtractOwn, excluded);
      const ap = tokenLogProbs(family, counts[1], r, 1, subtractOwn, excluded);
      const f = familyFeatures(family, hp, ap, r);
      const entries = Object.entries(f).filter(([k]) => !keepSets || keepSets.some((s) => k.endsWith(`.${s}`)));
      if (featureNames.length < entries.length * families.length && r === 0) featureNames.push(...entries.map(([k]) => k));
      lmFeatures[r].push(...entries.map(([, v]) => v));
    });
  }
  const foldRows = rows.map((row, r) => ({
    ...row,
    dense: variant === "lmonly" ? Float64Array.from(lmFeatures[r]) : Float64Array.from([...row.dense, ...lmFeatures[r]]),
    sparse: variant === "lmonly" ? { indices: new Int32Array(0), values: new Float32Array(0) } : row.sparse,
  }));
  const heldOut = foldRows.filter((r) => r.group === group);
  const calibrationRows = foldRows.filter((r) => isValidation(r) && r.group !== group);
  const ex = new Set([...heldOut, ...calibrationRows].map((r) => r.id));
  const linear = train(foldRows.filter((r) => !ex.has(r.id)), ranks);
  if (group === groups[0] && variant !== "base") {
    const base = variant === "lmonly" ? 0 : features.DENSE_FEATURES.length;
    console.log(`[${variant}] fold-1 LM weights: ${featureNames.map((n, i) => `${n}=${linear.dense[base + i].toFixed(2)}`).join(" ")}`);
  }
  outOfFold.push(...scoreFold((r) => rowLogit(linear, r), calibrationRows, heldOut, group));
  process.stdout.write(`  ${group.replace("scott-matkosky/AI_Text_Detector", "L2R")} ${String(rocAuc(outOfFold.filter((s) => s.group === group))?.toFixed(3))} (${elapsed()})\n`);
}
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => /^LM_/.test(k)));
console.log(`[${variant} ${JSON.stringify(env)}] ${summarise(outOfFold, groups).line}; ${elapsed()}`);
