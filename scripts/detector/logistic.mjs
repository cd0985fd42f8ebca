// Logistic regression trained with FTRL-Proximal (McMahan et al., 2013): per-coordinate
// learning rates suit hashed n-grams, and its L1 term leaves most buckets exactly zero, which is
// what lets the shipped file stay small. Deterministic: a seeded shuffle, no threads.
import { features, model as detectorModel } from "./app-modules.mjs";

export const SETTINGS = { epochs: 5, alpha: 1.2, beta: 1, l1: 1, l2: 0.1, seed: 19, balanceGenres: true };

const SPARSE_SIZE = 1 << features.HASH_BITS;

/** Mean and scale of every dense feature over the training rows. */
export function denseStatistics(rows) {
  const DENSE_SIZE = rows[0].dense.length;
  const denseMean = new Float64Array(DENSE_SIZE);
  const denseScale = new Float64Array(DENSE_SIZE);
  for (const row of rows) row.dense.forEach((v, i) => (denseMean[i] += v / rows.length));
  for (const row of rows) row.dense.forEach((v, i) => (denseScale[i] += (v - denseMean[i]) ** 2 / rows.length));
  denseScale.forEach((v, i) => (denseScale[i] = Math.sqrt(v) || 1));
  return { denseMean, denseScale };
}

/**
 * Weights that give human and machine texts equal weight inside each genre: where a source is
 * one-sided (learner essays are all human, ArguGPT all machine), the genre alone must not decide.
 */
export function genreBalance(rows) {
  const counts = new Map();
  const key = (row) => `${row.genre}|${row.label}`;
  for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  return rows.map((row) => {
    const own = counts.get(key(row));
    const other = counts.get(`${row.genre}|${1 - row.label}`) ?? 0;
    return other === 0 ? 1 : (own + other) / 2 / own;
  });
}

/** Trains on rows ({ sparse, dense, label, genre }) and returns a LinearModel. */
export function train(rows, ranks, settings = SETTINGS) {
  // Dense width from the rows, not DENSE_FEATURES: experiments add dense features of their own.
  const DENSE_SIZE = rows[0].dense.length;
  const { denseMean, denseScale } = denseStatistics(rows);
  const balance = settings.balanceGenres ? genreBalance(rows) : rows.map(() => 1);
  const prepared = rows.map((row, rowIndex) => {
    const standardised = detectorModel.standardise(row.dense, { denseMean, denseScale });
    const size = row.sparse.indices.length;
    const indices = new Int32Array(size + DENSE_SIZE + 1);
    const values = new Float64Array(size + DENSE_SIZE + 1);
    indices.set(row.sparse.indices);
    values.set(row.sparse.values);
    for (let j = 0; j < DENSE_SIZE; j += 1) {
      indices[size + j] = SPARSE_SIZE + j;
      values[size + j] = standardised[j];
    }
    indices[size + DENSE_SIZE] = SPARSE_SIZE + DENSE_SIZE; // the bias
    values[size + DENSE_SIZE] = 1;
    // `row.weight` (optional) lets experiments reweight single rows (decision 069's second round).
    const own = (row.weight ?? 1) * (row.label === 0 ? (settings.humanWeight ?? 1) : 1);
    return { indices, values, label: row.label, weight: balance[rowIndex] * own };
  });
  const total = SPARSE_SIZE + DENSE_SIZE + 1;
  const z = new Float64Array(total);
  const n = new Float64Array(total);
  const weightOf = (i) => {
    const zi = z[i];
    // Dense features and the bias are few and always present: no L1 on them.
    const l1 = i >= SPARSE_SIZE ? 0 : settings.l1;
    if (Math.abs(zi) <= l1) return 0;
    return -(zi - Math.sign(zi) * l1) / ((settings.beta + Math.sqrt(n[i])) / settings.alpha + settings.l2);
  };
  const random = mulberry32(settings.seed);
  const order = prepared.map((_, i) => i);
  const weights = new Float64Array(total);
  for (let epoch = 0; epoch < settings.epochs; epoch += 1) {
    shuffle(order, random);
    for (const k of order) {
      const { indices, values, label, weight } = prepared[k];
      let logit = 0;
      for (let m = 0; m < indices.length; m += 1) {
        weights[indices[m]] = weightOf(indices[m]);
        logit += weights[indices[m]] * values[m];
      }
      const gradient = weight * (detectorModel.logistic(logit) - label);
      for (let m = 0; m < indices.length; m += 1) {
        const i = indices[m];
        const g = gradient * values[m];
        const sigma = (Math.sqrt(n[i] + g * g) - Math.sqrt(n[i])) / settings.alpha;
        z[i] += g - sigma * weights[i];
        n[i] += g * g;
      }
    }
  }
  const final = Float64Array.from({ length: total }, (_, i) => weightOf(i));
  return {
    bias: final[SPARSE_SIZE + DENSE_SIZE],
    sparse: final.subarray(0, SPARSE_SIZE),
    dense: final.subarray(SPARSE_SIZE, SPARSE_SIZE + DENSE_SIZE),
    denseMean,
    denseScale,
    ranks,
  };
}

/** The logit of a prepared corpus row under a LinearModel. */
export function rowLogit(linear, row) {
  const standardised = detectorModel.standardise(row.dense, linear);
  return linear.bias + detectorModel.denseLogit(standardised, linear.dense) + detectorModel.sparseLogit(row.sparse, linear.sparse);
}

export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle(items, random) {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
}
