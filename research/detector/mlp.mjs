// A one-hidden-layer perceptron (tanh) for binary labels, stacked on a base logit: output =
// base + MLP(x). Inputs are standardised by the caller. Adam on seeded mini-batches; experiment only.
import { mulberry32 } from "../../scripts/detector/logistic.mjs";

export const MLP_SETTINGS = { hidden: 16, epochs: 20, batch: 64, learningRate: 1e-3, decay: 1e-4, seed: 19 };

export function trainMlp(rows, labels, weights, baseMargin, s = MLP_SETTINGS) {
  const F = rows[0].length, H = s.hidden, n = rows.length;
  const random = mulberry32(s.seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const params = new Float64Array(H * F + H + H + 1); // W1, b1, w2, b2
  for (let i = 0; i < H * F; i += 1) params[i] = gauss() / Math.sqrt(F);
  for (let i = 0; i < H; i += 1) params[H * F + H + i] = gauss() / Math.sqrt(H) * 0.1;
  const m = new Float64Array(params.length), v = new Float64Array(params.length), g = new Float64Array(params.length);
  const order = rows.map((_, i) => i);
  const h = new Float64Array(H);
  let step = 0;
  for (let epoch = 0; epoch < s.epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) { const j = Math.floor(random() * (i + 1)); [order[i], order[j]] = [order[j], order[i]]; }
    for (let start = 0; start < n; start += s.batch) {
      g.fill(0);
      const end = Math.min(n, start + s.batch);
      for (let t = start; t < end; t += 1) {
        const k = order[t], x = rows[k];
        let out = baseMargin[k] + params[H * F + 2 * H];
        for (let j = 0; j < H; j += 1) {
          let a = params[H * F + j];
          for (let f = 0; f < F; f += 1) a += params[j * F + f] * x[f];
          h[j] = Math.tanh(a);
          out += params[H * F + H + j] * h[j];
        }
        const d = weights[k] * (1 / (1 + Math.exp(-out)) - labels[k]) / (end - start);
        g[H * F + 2 * H] += d;
        for (let j = 0; j < H; j += 1) {
          g[H * F + H + j] += d * h[j];
          const dh = d * params[H * F + H + j] * (1 - h[j] * h[j]);
          g[H * F + j] += dh;
          for (let f = 0; f < F; f += 1) g[j * F + f] += dh * x[f];
        }
      }
      step += 1;
      for (let i = 0; i < params.length; i += 1) {
        const gi = g[i] + s.decay * params[i];
        m[i] = 0.9 * m[i] + 0.1 * gi;
        v[i] = 0.999 * v[i] + 0.001 * gi * gi;
        params[i] -= (s.learningRate * (m[i] / (1 - 0.9 ** step))) / (Math.sqrt(v[i] / (1 - 0.999 ** step)) + 1e-8);
      }
    }
  }
  return { F, H, params };
}

export function predictMlp({ F, H, params }, x) {
  let out = params[H * F + 2 * H];
  for (let j = 0; j < H; j += 1) {
    let a = params[H * F + j];
    for (let f = 0; f < F; f += 1) a += params[j * F + f] * x[f];
    out += params[H * F + H + j] * Math.tanh(a);
  }
  return out;
}
