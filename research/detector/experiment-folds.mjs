// What the AUC experiments (auc-experiment.mjs, lm-experiment.mjs, gbdt-experiment.mjs) do with each fold's model, as
// eval-detector.mjs does: Platt-calibrate it on the validation sources not held out, choose the
// threshold there (2% FPR), score the held-out rows; then the pooled and per-source figures.
import { chooseThreshold, fitPlatt, rocAuc } from "../../scripts/detector/metrics.mjs";
import { model as detectorModel } from "../../scripts/detector/app-modules.mjs";

/** Out-of-fold entries ({ group, label, score, raw, flagged }) of one fold's held-out rows; `logitOf` is the fold's model. */
export function scoreFold(logitOf, calibrationRows, heldOut, group) {
  const calibration = fitPlatt(calibrationRows.map((r) => ({ label: r.label, score: logitOf(r) })));
  const calScored = calibrationRows.map((r) => ({ label: r.label, probability: detectorModel.calibrate(logitOf(r), calibration) }));
  const threshold = chooseThreshold(calScored, 0.02);
  return heldOut.map((r) => {
    const raw = logitOf(r);
    const probability = detectorModel.calibrate(raw, calibration);
    return { group, label: r.label, score: probability, raw, flagged: probability >= threshold };
  });
}

/** Per-group AUC lines and the one-line summary: pooled (and on raw logits), mean per source, FPR, TPR. */
export function summarise(outOfFold, groups) {
  const per = groups.map((g) => [g, rocAuc(outOfFold.filter((s) => s.group === g))]);
  const aucs = per.map(([, a]) => a).filter((a) => a !== null);
  const humans = outOfFold.filter((s) => s.label === 0), ai = outOfFold.filter((s) => s.label === 1);
  const fpr = humans.filter((s) => s.flagged).length / humans.length, tpr = ai.filter((s) => s.flagged).length / ai.length;
  const pooled = rocAuc(outOfFold), pooledRaw = rocAuc(outOfFold.map((s) => ({ ...s, score: s.raw })));
  return {
    perGroup: per.map(([g, a]) => `  ${g.replace("scott-matkosky/AI_Text_Detector", "L2R")} ${a === null ? "—" : a.toFixed(3)}`).join("\n"),
    line: `pooled AUC ${pooled.toFixed(4)} (raw logits ${pooledRaw.toFixed(4)}), mean per-source ${(aucs.reduce((t, a) => t + a, 0) / aucs.length).toFixed(4)}, FPR ${(100 * fpr).toFixed(1)}%, TPR ${(100 * tpr).toFixed(1)}%`,
  };
}
