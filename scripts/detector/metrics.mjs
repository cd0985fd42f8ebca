// Figures the training and evaluation scripts print: ROC AUC, accuracy, rates at a threshold,
// expected calibration error; and the two fits made on validation data (Platt, threshold).

const logistic = (x) => 1 / (1 + Math.exp(-x));

/** ROC AUC by ranks (ties count half); null when one class is missing. */
export function rocAuc(scored) {
  const positives = scored.filter((s) => s.label === 1).length;
  const negatives = scored.length - positives;
  if (positives === 0 || negatives === 0) return null;
  const sorted = [...scored].sort((a, b) => a.score - b.score);
  let rankSum = 0;
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j < sorted.length && sorted[j].score === sorted[i].score) j += 1;
    const averageRank = (i + 1 + j) / 2;
    for (let k = i; k < j; k += 1) if (sorted[k].label === 1) rankSum += averageRank;
    i = j;
  }
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** Accuracy, false-positive rate (human called AI) and true-positive rate at a threshold. */
export function atThreshold(scored, threshold) {
  const humans = scored.filter((s) => s.label === 0);
  const ai = scored.filter((s) => s.label === 1);
  const flagged = (s) => s.probability >= threshold;
  const rate = (items, test) => (items.length === 0 ? null : items.filter(test).length / items.length);
  return {
    n: scored.length,
    accuracy: rate(scored, (s) => flagged(s) === (s.label === 1)),
    fpr: rate(humans, flagged),
    tpr: rate(ai, flagged),
  };
}

/** Expected calibration error over ten equal-width probability bins. */
export function calibrationError(scored, bins = 10) {
  let error = 0;
  for (let b = 0; b < bins; b += 1) {
    const inBin = scored.filter((s) => Math.min(bins - 1, Math.floor(s.probability * bins)) === b);
    if (inBin.length === 0) continue;
    const predicted = inBin.reduce((t, s) => t + s.probability, 0) / inBin.length;
    const observed = inBin.filter((s) => s.label === 1).length / inBin.length;
    error += (inBin.length / scored.length) * Math.abs(predicted - observed);
  }
  return error;
}

/** Platt scaling: Newton's method with backtracking (Lin, Lin and Weng, 2007), smoothed targets. */
export function fitPlatt(scored) {
  const positives = scored.filter((s) => s.label === 1).length;
  const negatives = scored.length - positives;
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (negatives + 2);
  const target = (s) => (s.label === 1 ? high : low);
  const loss = (a, b) =>
    scored.reduce((total, s) => {
      const f = a * s.score + b;
      // log(1 + e^f) - t f, written to stay finite for large |f|
      return total + Math.max(f, 0) + Math.log1p(Math.exp(-Math.abs(f))) - target(s) * f;
    }, 0);
  let a = 1;
  let b = 0;
  let current = loss(a, b);
  for (let step = 0; step < 100; step += 1) {
    let ga = 0,
      gb = 0,
      haa = 1e-12,
      hab = 0,
      hbb = 1e-12;
    for (const s of scored) {
      const p = logistic(a * s.score + b);
      const d = p - target(s);
      const w = p * (1 - p);
      ga += d * s.score;
      gb += d;
      haa += w * s.score * s.score;
      hab += w * s.score;
      hbb += w;
    }
    if (Math.abs(ga) + Math.abs(gb) < 1e-9) break;
    const det = haa * hbb - hab * hab;
    const da = -(hbb * ga - hab * gb) / det;
    const db = -(haa * gb - hab * ga) / det;
    let size = 1;
    while (size > 1e-10 && loss(a + size * da, b + size * db) > current + 1e-4 * size * (ga * da + gb * db)) size /= 2;
    if (size <= 1e-10) break;
    a += size * da;
    b += size * db;
    current = loss(a, b);
  }
  return { plattA: a, plattB: b };
}

/**
 * The default threshold: the lowest probability (on a 1% grid, never under 50%) at which at most
 * `maxFpr` of the validation human texts are called AI.
 */
export function chooseThreshold(scored, maxFpr) {
  const humans = scored.filter((s) => s.label === 0);
  for (let t = 0.5; t < 1; t = Math.round((t + 0.01) * 100) / 100) {
    if (humans.filter((s) => s.probability >= t).length / humans.length <= maxFpr) return t;
  }
  return 0.99;
}

/**
 * The 'likely human' threshold: the lowest probability (on a 1% grid) under which at least `share`
 * of the validation human texts fall, never above `ceiling` (the 'likely AI' threshold).
 */
export function chooseHumanThreshold(scored, share, ceiling) {
  const humans = scored.filter((s) => s.label === 0);
  for (let t = 0.01; t < ceiling; t = Math.round((t + 0.01) * 100) / 100) {
    if (humans.filter((s) => s.probability < t).length / humans.length >= share) return t;
  }
  return ceiling;
}

/** The standard deviation of a list of numbers (0 for fewer than two). */
export function standardDeviation(values) {
  if (values.length < 2) return 0;
  const mean = values.reduce((t, v) => t + v, 0) / values.length;
  return Math.sqrt(values.reduce((t, v) => t + (v - mean) ** 2, 0) / values.length);
}

export function lengthBand(words) {
  if (words < 80) return "40-79 words";
  if (words < 150) return "80-149 words";
  if (words < 250) return "150-249 words";
  return "250+ words";
}

export const percent = (x) => (x === null || x === undefined ? "—" : `${(100 * x).toFixed(1)}%`);
export const fixed = (x, digits = 3) => (x === null || x === undefined ? "—" : x.toFixed(digits));
