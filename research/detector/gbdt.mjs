// Gradient-boosted decision trees for binary labels (logistic loss, Newton leaf values), grown
// depth-wise on per-feature quantile histograms: a small, deterministic (seeded subsampling, no
// threads) counterpart of XGBoost's "hist" method. Trained rows are numeric vectors; a tree splits
// on `value <= threshold`.
import { mulberry32 } from "../../scripts/detector/logistic.mjs";

export const GBDT_SETTINGS = { trees: 300, depth: 4, learningRate: 0.05, lambda: 1, minChildHessian: 5, rowSample: 0.8, featureSample: 0.8, bins: 64, seed: 19 };

/** Up to `bins - 1` cut points per feature: quantiles of the distinct training values. */
export function cutPoints(columns, bins) {
  return columns.map((column) => {
    const sorted = Float64Array.from(column).sort();
    const cuts = [];
    for (let b = 1; b < bins; b += 1) {
      const lo = sorted[Math.floor((b * sorted.length) / bins) - 1];
      const hi = sorted[Math.floor((b * sorted.length) / bins)];
      if (lo === undefined || hi === undefined || lo === hi) continue;
      const cut = (lo + hi) / 2;
      if (cuts.length === 0 || cut > cuts[cuts.length - 1]) cuts.push(cut);
    }
    return cuts;
  });
}

function binIndex(cuts, value) {
  let lo = 0, hi = cuts.length; // first cut >= value
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cuts[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Trains on `rows` (arrays of F numbers), labels 0/1, per-row weights and a per-row base margin
 * (the logit the trees add to). Returns { trees: [{ feature, threshold, leaf }] } where each tree is
 * a complete binary tree in breadth-first order (a node that did not split has threshold Infinity).
 */
export function trainGbdt(rows, labels, weights, baseMargin, settings = GBDT_SETTINGS) {
  const n = rows.length, F = rows[0].length;
  const columns = Array.from({ length: F }, (_, f) => Float64Array.from(rows, (r) => r[f]));
  const cuts = cutPoints(columns, settings.bins);
  // Row-major bins: the histogram pass reads one row's features together.
  const binned = new Uint8Array(n * F);
  columns.forEach((column, f) => column.forEach((v, i) => (binned[i * F + f] = binIndex(cuts[f], v))));
  const margin = Float64Array.from(baseMargin);
  const grad = new Float64Array(n), hess = new Float64Array(n);
  const random = mulberry32(settings.seed);
  const trees = [];
  const nodes = (1 << settings.depth) - 1;
  const node = new Int32Array(n);
  for (let t = 0; t < settings.trees; t += 1) {
    for (let i = 0; i < n; i += 1) {
      const p = 1 / (1 + Math.exp(-margin[i]));
      grad[i] = weights[i] * (p - labels[i]);
      hess[i] = weights[i] * Math.max(p * (1 - p), 1e-6);
    }
    const inSample = Uint8Array.from({ length: n }, () => (random() < settings.rowSample ? 1 : 0));
    const features = [];
    for (let f = 0; f < F; f += 1) if (random() < settings.featureSample) features.push(f);
    const feature = new Int32Array(nodes).fill(-1), threshold = new Float64Array(nodes).fill(Infinity), splitBin = new Int32Array(nodes);
    node.fill(0);
    for (let level = 0; level < settings.depth; level += 1) {
      const first = (1 << level) - 1, width = 1 << level;
      // Histograms per (node at this level, feature, bin): gradient and hessian sums.
      const G = new Float64Array(width * F * settings.bins), H = new Float64Array(width * F * settings.bins);
      const nodeG = new Float64Array(width), nodeH = new Float64Array(width);
      for (let i = 0; i < n; i += 1) {
        if (!inSample[i] || node[i] < 0) continue;
        const k = node[i] - first;
        nodeG[k] += grad[i];
        nodeH[k] += hess[i];
        const row = i * F, nodeBase = k * F;
        for (const f of features) {
          const at = (nodeBase + f) * settings.bins + binned[row + f];
          G[at] += grad[i];
          H[at] += hess[i];
        }
      }
      for (let k = 0; k < width; k += 1) {
        const parentScore = (nodeG[k] * nodeG[k]) / (nodeH[k] + settings.lambda);
        let best = 0, bestF = -1, bestB = -1;
        for (const f of features) {
          let gl = 0, hl = 0;
          const base = (k * F + f) * settings.bins;
          for (let b = 0; b < cuts[f].length; b += 1) {
            gl += G[base + b];
            hl += H[base + b];
            const gr = nodeG[k] - gl, hr = nodeH[k] - hl;
            if (hl < settings.minChildHessian || hr < settings.minChildHessian) continue;
            const gain = (gl * gl) / (hl + settings.lambda) + (gr * gr) / (hr + settings.lambda) - parentScore;
            if (gain > best + 1e-12) { best = gain; bestF = f; bestB = b; }
          }
        }
        if (bestF >= 0) {
          splitBin[first + k] = bestB;
          feature[first + k] = bestF;
          threshold[first + k] = cuts[bestF][bestB];
        }
      }
      // Route every row (sampled or not) one level down; rows under an unsplit node go left.
      for (let i = 0; i < n; i += 1) {
        const at = node[i];
        const f = feature[at];
        node[i] = 2 * at + 1 + (f >= 0 && binned[i * F + f] > splitBin[at] ? 1 : 0);
      }
    }
    // Leaves: Newton step on the sampled rows.
    const leafG = new Float64Array(nodes + 1), leafH = new Float64Array(nodes + 1);
    for (let i = 0; i < n; i += 1) {
      if (!inSample[i]) continue;
      leafG[node[i] - nodes] += grad[i];
      leafH[node[i] - nodes] += hess[i];
    }
    const leaf = Float64Array.from(leafG, (g, j) => (-g / (leafH[j] + settings.lambda)) * settings.learningRate);
    for (let i = 0; i < n; i += 1) margin[i] += leaf[node[i] - nodes];
    trees.push({ feature: [...feature], threshold: [...threshold], leaf: [...leaf] });
  }
  return { depth: settings.depth, trees };
}

/** The trees' summed output for one vector (add the base margin for the logit). */
export function predictGbdt(model, x) {
  let total = 0;
  const nodes = (1 << model.depth) - 1;
  for (const tree of model.trees) {
    let at = 0;
    while (at < nodes) at = 2 * at + 1 + (tree.feature[at] >= 0 && x[tree.feature[at]] > tree.threshold[at] ? 1 : 0);
    total += tree.leaf[at - nodes];
  }
  return total;
}
