// The variants scripts/detector/experiment.mjs measures (decision 069 gives their figures): extra
// feature families (closed-class word patterns, function-word rates, sentence rhythm), without the
// character n-grams, other regularisation, human texts weighted more in training, an ensemble, and
// training without the IELTS learner essays; second round: tail-aware training, source-balanced
// weights, word-frequency surprise features, NBSVM, seed and source averaging, clipped dense
// features, and the shipped model with other seeds (the noise floor). Each changes only what it names.
import { features } from "./app-modules.mjs";
import { denseStatistics, rowLogit, train } from "./logistic.mjs";

const FUNCTION = (
  "a about above after again against all am an and any are as at be because been before being below between both but by " +
  "can could did do does doing down during each few for from further had has have having he her here hers herself him " +
  "himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other " +
  "our ours ourselves out over own same she should so some such than that the their theirs them themselves then there " +
  "these they this those through to too under until up very was we were what when where which while who whom why will " +
  "with would you your yours yourself yourselves also however although though yet may might must shall thus therefore " +
  "moreover furthermore indeed often even still already always never ever perhaps rather quite really many much several " +
  "every either neither whether since unless upon within without across among along around behind beyond toward towards " +
  "via per one two first well like just get got"
)
  .split(" ")
  .filter((w, i, all) => all.indexOf(w) === i);
const FUNCTION_SET = new Set(FUNCTION);
const FUNCTION_INDEX = new Map(FUNCTION.map((w, i) => [w, i]));
const TOKEN = /[a-z]+(?:'[a-z]+)*|\d+(?:[.,]\d+)*|[^\sa-z\d]/g;
const norm = (text) => text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, " ").trim().toLowerCase();

function shapeOf(token, ranks) {
  if (FUNCTION_SET.has(token)) return token;
  if (/^\d/.test(token)) return "<num>";
  if (!/^[a-z]/.test(token)) return token;
  if (/'/.test(token)) return token.replace(/^[a-z]+/, "X");
  const rank = ranks.get(token);
  const r = rank === undefined ? "o" : rank < 1000 ? "c" : rank < 5000 ? "m" : "r";
  const suffix = /(ly|ing|ed|tion|sion|ment|ness|ity|al|ous|ive|able|ible|er|est|ful|less|ize|ise|s)$/.exec(token)?.[1] ?? "";
  return `W${r}${suffix}`;
}

const SEED = 0x2545f491;
const PRIME = 0x01000193;
const MASK = (1 << features.HASH_BITS) - 1;
function hash(text, seed = SEED) {
  let h = seed;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), PRIME);
  return h >>> 0;
}

/** Closed-class n-grams (2–4) over the shape sequence, one L2-normalised family. */
export function closedClassFamily(text, ranks, { least = 2, most = 4, scale = 1 } = {}) {
  const tokens = (norm(text).match(TOKEN) ?? []).map((t) => shapeOf(t, ranks));
  const counts = new Map();
  const seq = ["<s>", ...tokens];
  for (let i = 0; i < seq.length; i += 1) {
    for (let n = least; n <= most && i + n <= seq.length; n += 1) {
      const key = hash(`${n}|${seq.slice(i, i + n).join(" ")}`) & MASK;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  let sq = 0;
  for (const c of counts.values()) sq += (1 + Math.log(c)) ** 2;
  const s = sq === 0 ? 0 : scale / Math.sqrt(sq);
  return { keys: [...counts.keys()], values: [...counts.values()].map((c) => (1 + Math.log(c)) * s) };
}

function addSparse(sparse, family) {
  const indices = new Int32Array(sparse.indices.length + family.keys.length);
  const values = new Float32Array(sparse.values.length + family.keys.length);
  indices.set(sparse.indices);
  values.set(sparse.values);
  indices.set(family.keys, sparse.indices.length);
  values.set(family.values, sparse.values.length);
  return { indices, values };
}

/** Function-word rates per word (sqrt), one dense feature each. */
export function functionProfile(text) {
  const tokens = (norm(text).match(TOKEN) ?? []).filter((t) => /^[a-z]/.test(t));
  const counts = new Float64Array(FUNCTION.length);
  for (const t of tokens) {
    const i = FUNCTION_INDEX.get(t);
    if (i !== undefined) counts[i] += 1;
  }
  const n = Math.max(1, tokens.length);
  return Array.from(counts, (c) => Math.sqrt(c / n));
}

/** Sentence rhythm and repetition. */
export function rhythm(text) {
  const sentences = text.split(/(?<=[.!?])\s+(?=[A-Z"'(])/).filter(Boolean);
  const lengths = sentences.map((s) => s.split(/\s+/).filter(Boolean).length);
  const mean = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  const sd = Math.sqrt(lengths.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, lengths.length));
  const words = norm(text).match(/[a-z]+(?:'[a-z]+)*/g) ?? [];
  const content = words.filter((w) => !FUNCTION_SET.has(w));
  const seen = new Set();
  let repeats = 0;
  for (const w of content) {
    if (seen.has(w)) repeats += 1;
    seen.add(w);
  }
  // moving-average type-token ratio, window 40
  let mattr = 0;
  let windows = 0;
  for (let i = 0; i + 40 <= words.length; i += 10) {
    mattr += new Set(words.slice(i, i + 40)).size / 40;
    windows += 1;
  }
  const adjacent = lengths.slice(1).map((l, i) => Math.abs(l - lengths[i]));
  return [
    Math.log(mean + 1),
    mean > 0 ? sd / mean : 0,
    lengths.filter((l) => l > 30).length / Math.max(1, lengths.length),
    lengths.filter((l) => l < 8).length / Math.max(1, lengths.length),
    content.length === 0 ? 0 : repeats / content.length,
    windows === 0 ? new Set(words).size / Math.max(1, words.length) : mattr / windows,
    adjacent.length === 0 ? 0 : adjacent.reduce((a, b) => a + b, 0) / adjacent.length / Math.max(1, mean),
    Math.log1p(Math.max(0, ...lengths)),
  ];
}

const withDense = (item, extra) => ({ ...item, dense: Float64Array.from([...item.dense, ...extra]) });

export const VARIANTS = {
  base: {},
  l1x3: { settings: { l1: 3 } },
  l2x10: { settings: { l2: 1 } },
  epochs3: { settings: { epochs: 3 } },
  cc: { augment: (item, ranks) => ({ ...item, sparse: addSparse(item.sparse, closedClassFamily(item.text, ranks)) }) },
  fw: { augment: (item) => withDense(item, functionProfile(item.text)) },
  rhythm: { augment: (item) => withDense(item, rhythm(item.text)) },
  fwrhythm: { augment: (item) => withDense(item, [...functionProfile(item.text), ...rhythm(item.text)]) },
  ccfw: {
    augment: (item, ranks) =>
      withDense({ ...item, sparse: addSparse(item.sparse, closedClassFamily(item.text, ranks)) }, functionProfile(item.text)),
  },
};

const WORD_SEED = 0x811c9dc5;
/** The word 1–2-gram family alone, as detector-features hashes it. */
function wordFamily(text) {
  const tokens = norm(text).match(TOKEN) ?? [];
  const counts = new Map();
  const add = (k) => counts.set(k, (counts.get(k) ?? 0) + 1);
  let previous = hash("<s>", WORD_SEED);
  for (const token of tokens) {
    const current = hash(/^\d/.test(token) ? "<num>" : token, WORD_SEED);
    add(current & MASK);
    add(Math.imul(previous ^ (current >>> 7), PRIME) & MASK);
    previous = current;
  }
  let sq = 0;
  for (const c of counts.values()) sq += (1 + Math.log(c)) ** 2;
  const s = sq === 0 ? 0 : 1 / Math.sqrt(sq);
  return { keys: [...counts.keys()], values: [...counts.values()].map((c) => (1 + Math.log(c)) * s) };
}
const EMPTY = { indices: new Int32Array(0), values: new Float32Array(0) };
VARIANTS.nochar = { augment: (item) => ({ ...item, sparse: addSparse(EMPTY, wordFamily(item.text)) }) };
VARIANTS.nocharcc = {
  augment: (item, ranks) => ({ ...item, sparse: addSparse(addSparse(EMPTY, wordFamily(item.text)), closedClassFamily(item.text, ranks)) }),
};

const withExtra = (item) => ({ ...item, extra: Float64Array.from([...item.dense, ...functionProfile(item.text), ...rhythm(item.text)]) });
function ensemble(weight, { ccFamily = false } = {}) {
  return {
    augment: (item, ranks) => {
      const out = withExtra(item);
      return ccFamily ? { ...out, sparseB: addSparse(EMPTY, closedClassFamily(item.text, ranks)) } : out;
    },
    train: (rows, ranks, settings) => {
      const a = train(rows, ranks, settings);
      const bRow = (r) => ({ ...r, sparse: ccFamily ? r.sparseB : EMPTY, dense: r.extra });
      const b = train(rows.map(bRow), ranks, settings);
      return { logit: (item) => rowLogit(a, item) + weight * rowLogit(b, bRow(item)) };
    },
  };
}
VARIANTS.ens = ensemble(1);
VARIANTS.enscc = ensemble(1, { ccFamily: true });
VARIANTS.enshw2 = { ...ensemble(1), settings: { humanWeight: 2 } };
VARIANTS.hw2 = { settings: { humanWeight: 2 } };
VARIANTS.l1low = { settings: { l1: 0.3 } };
const IELTS = "Trushar2411/ielts-writing-evaluator";
VARIANTS.noielts = {
  train: (rows, ranks, settings) =>
    train(
      rows.filter((r) => r.repo !== IELTS),
      ranks,
      settings,
    ),
};
VARIANTS.hw2l1low = { settings: { humanWeight: 2, l1: 0.3 } };
VARIANTS.hw15 = { settings: { humanWeight: 1.5 } };
VARIANTS.noieltshw2 = { ...VARIANTS.noielts, settings: { humanWeight: 2 } };
VARIANTS.noieltshw2l1low = { ...VARIANTS.noielts, settings: { humanWeight: 2, l1: 0.3 } };

// Second round (2026-11-29, decision 069): changes aimed at the human tail the lines are set by.

/**
 * Tail-aware training ("hard human negatives"): train, score the training rows, weight the human
 * rows scoring in the top `share` of training humans `factor`× and retrain, `rounds` times.
 */
function hardHumans({ share = 0.05, factor = 4, rounds = 1, perSource = false, before = (rows) => rows } = {}) {
  return {
    train: (rows, ranks, settings) => {
      let weighted = before(rows);
      let model = train(weighted, ranks, settings);
      for (let round = 0; round < rounds; round += 1) {
        const logits = weighted.map((r) => rowLogit(model, r));
        // The cut among all training humans, or (perSource) among each source's own humans: the
        // lines are set per source, so every source's tail is the one to push down.
        const cuts = new Map();
        const humansOf = Map.groupBy(
          weighted.map((r, i) => ({ r, logit: logits[i] })).filter(({ r }) => r.label === 0),
          ({ r }) => (perSource ? r.group : "all"),
        );
        for (const [key, items] of humansOf) {
          const sorted = Float64Array.from(items.map((item) => item.logit)).sort();
          cuts.set(key, sorted[Math.floor((1 - share) * sorted.length)]);
        }
        weighted = weighted.map((r, i) =>
          r.label === 0 && logits[i] >= cuts.get(perSource ? r.group : "all") ? { ...r, weight: (r.weight ?? 1) * factor } : r,
        );
        model = train(weighted, ranks, settings);
      }
      return model;
    },
  };
}
VARIANTS.hardhuman = hardHumans();
VARIANTS.hardhumansrc = hardHumans({ perSource: true });

/** Every source (group) carries the same total weight within its label, on top of genreBalance. */
function sourceBalanced(rows) {
  const counts = new Map();
  const key = (r) => `${r.group}|${r.label}`;
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  const groupsOf = (label) => [...counts.keys()].filter((k) => k.endsWith(`|${label}`)).length;
  const perLabel = [0, 1].map((label) => rows.filter((r) => r.label === label).length / Math.max(1, groupsOf(label)));
  return rows.map((r) => ({ ...r, weight: (r.weight ?? 1) * (perLabel[r.label] / counts.get(key(r))) }));
}
VARIANTS.sourcebal = { train: (rows, ranks, settings) => train(sourceBalanced(rows), ranks, settings) };

const UNKNOWN_RANK = 60_000;
const RARE_FROM = 5000;
const meanOf = (v) => (v.length === 0 ? 0 : v.reduce((a, b) => a + b, 0) / v.length);
const sdOf = (v) => {
  if (v.length < 2) return 0;
  const m = meanOf(v);
  return Math.sqrt(meanOf(v.map((x) => (x - m) ** 2)));
};

/**
 * Word-frequency "language-model proxy": how surprising the words are (log frequency rank), and
 * how unevenly the surprise is spread over the text and its sentences. AI text picks likelier
 * words, more evenly. The corpus's own meanLogRank/logRankSpread/topThousandShare stay as they are.
 */
export function surpriseProfile(text, ranks) {
  const rankOf = (w) => ranks.get(w) ?? ranks.get(w.split("'")[0]) ?? UNKNOWN_RANK;
  const sentences = norm(text)
    .split(/(?<=[.!?])\s+/)
    .map((s) => (s.match(TOKEN) ?? []).filter((t) => /^[a-z]/.test(t)))
    .filter((s) => s.length > 0);
  const words = sentences.flat();
  const logRanks = words.map((w) => Math.log1p(rankOf(w)));
  const rare = words.map((w) => rankOf(w) >= RARE_FROM);
  let run = 0;
  let longest = 0;
  for (const r of rare) {
    run = r ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const content = words.filter((w) => !FUNCTION_SET.has(w)).map((w) => Math.log1p(rankOf(w)));
  const sentenceMeans = sentences.map((s) => meanOf(s.map((w) => Math.log1p(rankOf(w)))));
  const sentenceSpreads = sentences.filter((s) => s.length > 1).map((s) => sdOf(s.map((w) => Math.log1p(rankOf(w)))));
  const rarest = [...logRanks].sort((a, b) => b - a).slice(0, Math.max(1, Math.ceil(logRanks.length / 10)));
  let rarePairs = 0;
  for (let i = 1; i < rare.length; i += 1) if (rare[i] && rare[i - 1]) rarePairs += 1;
  return [
    meanOf(rare.map(Number)),
    Math.log1p(longest),
    meanOf(content),
    sdOf(content),
    sdOf(sentenceMeans),
    meanOf(sentenceSpreads),
    sentenceMeans.length === 0 ? 0 : Math.max(...sentenceMeans) - meanOf(sentenceMeans),
    meanOf(rarest),
    rare.length < 2 ? 0 : rarePairs / (rare.length - 1),
  ];
}
VARIANTS.surprise = { augment: (item, ranks) => withDense(item, surpriseProfile(item.text, ranks)) };

/**
 * NBSVM (Wang & Manning 2012): every sparse bucket scaled by its naive-Bayes log-count ratio
 * between machine and human training rows, then the same logistic model, regularised harder.
 */
function nbScaled({ smoothing = 1, l2 = 1 } = {}) {
  const size = 1 << features.HASH_BITS;
  const scale = (row, ratio) => ({
    ...row,
    sparse: { indices: row.sparse.indices, values: row.sparse.values.map((v, k) => v * ratio[row.sparse.indices[k]]) },
  });
  return {
    train: (rows, ranks, settings) => {
      const sums = [new Float64Array(size).fill(smoothing), new Float64Array(size).fill(smoothing)];
      for (const r of rows) r.sparse.indices.forEach((index, k) => (sums[r.label][index] += r.sparse.values[k]));
      const totals = sums.map((s) => s.reduce((a, b) => a + b, 0));
      const ratio = Float64Array.from({ length: size }, (_, i) => Math.log(sums[1][i] / totals[1] / (sums[0][i] / totals[0])));
      const model = train(
        rows.map((r) => scale(r, ratio)),
        ranks,
        { ...settings, l2 },
      );
      return { logit: (item) => rowLogit(model, scale(item, ratio)) };
    },
  };
}
VARIANTS.nbsvm = nbScaled();
VARIANTS.hardhuman2 = hardHumans({ share: 0.02, factor: 3, rounds: 2 });

/** Bagging over shuffle seeds: the mean logit of `count` models that differ only in their seed. */
function seedAverage(count) {
  return {
    train: (rows, ranks, settings) => {
      const models = Array.from({ length: count }, (_, k) => train(rows, ranks, { ...settings, seed: settings.seed + k }));
      return { logit: (item) => models.reduce((sum, model) => sum + rowLogit(model, item), 0) / count };
    },
  };
}
VARIANTS.seeds3 = seedAverage(3);

/**
 * Dense features clipped to `limit` standard deviations of the training rows, in training and when
 * scoring: a text from an unseen source with an extreme measure (many brackets, numerals, long
 * sentences) cannot push its score further than the training texts did.
 */
function clippedDense(limit) {
  return {
    train: (rows, ranks, settings) => {
      const { denseMean, denseScale } = denseStatistics(rows);
      const clip = (item) => ({
        ...item,
        dense: item.dense.map((v, i) => Math.min(denseMean[i] + limit * denseScale[i], Math.max(denseMean[i] - limit * denseScale[i], v))),
      });
      const model = train(rows.map(clip), ranks, settings);
      return { logit: (item) => rowLogit(model, clip(item)) };
    },
  };
}
VARIANTS.clip3 = clippedDense(3);

/**
 * Source bagging: the mean logit of `count` models, the k-th trained without every k-th training
 * source (sorted by name), so that no cue only one source teaches carries the whole score.
 */
function sourceBagging(count) {
  return {
    train: (rows, ranks, settings) => {
      const groups = [...new Set(rows.map((r) => r.group))].sort();
      const models = Array.from({ length: count }, (_, k) =>
        train(
          rows.filter((r) => groups.indexOf(r.group) % count !== k),
          ranks,
          settings,
        ),
      );
      return { logit: (item) => models.reduce((sum, model) => sum + rowLogit(model, item), 0) / count };
    },
  };
}
VARIANTS.srcbag4 = sourceBagging(4);

// The shipped model with another shuffle seed only: how far the figures move by chance alone.
VARIANTS.seed20 = { settings: { seed: 20 } };
VARIANTS.seed21 = { settings: { seed: 21 } };
VARIANTS.hardhuman2seed20 = { ...VARIANTS.hardhuman2, settings: { seed: 20 } };
VARIANTS.hardhuman2seed21 = { ...VARIANTS.hardhuman2, settings: { seed: 21 } };
