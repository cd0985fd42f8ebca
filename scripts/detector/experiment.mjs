// Measures a variant of the detector's model held out by source, as `npm run eval:detector` does
// (same folds, same line rule, same budgets' figures), without writing the weights or the accuracy
// note: for trying a change before retraining. Variants are in experiment-variants.mjs.
//   VARIANT=name node scripts/detector/experiment.mjs   (figures also go to /tmp/detector-experiment-<name>.txt)
// The 2025 rows never trained on (cogfingerprint) are scored by a model trained on every training
// source and judged at the variant's 80–199-word lines: an approximation of the shipped detector.
import { writeFileSync } from "node:fs";
import { CURRENT_CHAT_MODELS, loadCorpus, loadMeasuredOnly, loadVocabulary } from "./corpus.mjs";
import {
  COMPOSED_LENGTHS,
  composeTexts,
  documentProbability,
  fitDocumentCombination,
  isCalibrationRow,
  scoreFolds,
} from "./cross-source.mjs";
import { strictnessTable, shown } from "./strictness-lines.mjs";
import { SETTINGS, rowLogit, train } from "./logistic.mjs";
import { fitPlatt, percent, rocAuc } from "./metrics.mjs";
import { lengthBandOf } from "./app-modules.mjs";
import { VARIANTS } from "./experiment-variants.mjs";

const name = process.env.VARIANT ?? "base";
const variant = VARIANTS[name];
if (!variant) throw new Error(`VARIANT must be one of ${Object.keys(VARIANTS).join(", ")}`);
const started = Date.now();
const vocabulary = loadVocabulary();
const ranks = new Map(vocabulary.map((word, rank) => [word, rank]));
const augment = (item) => (variant.augment ? variant.augment(item, ranks) : item);
const rows = loadCorpus(vocabulary).map(augment);
const measuredOnly = loadMeasuredOnly(vocabulary, rows.length).map(augment);
const composed = COMPOSED_LENGTHS.flatMap((lengths) => composeTexts(rows, ranks, lengths)).map((item) => ({
  ...augment(item),
  sections: item.sections.map(augment),
}));
const settings = { ...SETTINGS, ...variant.settings };
const fit = (trainRows) => (variant.train ?? train)(trainRows, ranks, settings);
const logitOf = (fitted, item) => (fitted.logit ? fitted.logit(item) : rowLogit(fitted, item));
const oof = scoreFolds(rows, composed, ranks, () => {}, { fit, logitOf });
const combination = fitDocumentCombination(oof.composed);
const pasted = strictnessTable([...oof.scored, ...oof.composed]);
const documents = strictnessTable([
  ...oof.scored,
  ...oof.composed.map((c) => ({ ...c, probability: documentProbability(c.sectionLogits, combination) })),
]);

const rate = (items, test) => (items.length === 0 ? null : items.filter(test).length / items.length);
const flagged = (item, level) => item.flaggedAt.includes(level);
const paragraphs = pasted.judged.filter((item) => !item.composed);
const humans = paragraphs.filter((item) => item.label === 0);
const chat = paragraphs.filter((i) => i.label === 1 && CURRENT_CHAT_MODELS.includes(i.model) && lengthBandOf(i.words) === "80-199");
const longDocuments = documents.judged.filter((i) => i.composed && i.label === 1 && i.words >= 350);

const full = fit(rows.filter((row) => !isCalibrationRow(row)));
const fullCalibration = fitPlatt(rows.filter(isCalibrationRow).map((row) => ({ label: row.label, score: logitOf(full, row) })));
const balancedLine = (words) => pasted.table[lengthBandOf(words)].find((line) => line.level === "balanced").likelyAiFrom;
const never = measuredOnly.map((row) => ({
  ...row,
  probability: 1 / (1 + Math.exp(-(fullCalibration.plattA * logitOf(full, row) + fullCalibration.plattB))),
}));
const neverFlagged = (row) => shown(row.probability) >= balancedLine(row.words);

const lines = [
  `VARIANT ${name}`,
  `current chat-model paragraphs 80-199 caught at Balanced ${percent(rate(chat, (i) => flagged(i, "balanced")))} (of ${chat.length})`,
  `documents 350+ caught at Balanced ${percent(rate(longDocuments, (i) => flagged(i, "balanced")))} (of ${longDocuments.length})`,
  `human paragraphs 'Likely human' ${percent(rate(humans, (i) => i.likelyHuman))}`,
  `AUC of the paragraphs ${rocAuc(paragraphs.map((i) => ({ label: i.label, score: i.probability })))?.toFixed(4)}`,
  ...Object.entries(pasted.table).map(
    ([band, levels]) =>
      `  pasted ${band}: ${levels.map((l) => `${l.level} ${l.likelyAiFrom} FP ${percent(l.falsePositiveRate)} caught ${percent(l.catchRate)}`).join(" | ")}`,
  ),
  ...Object.entries(documents.table).map(
    ([band, levels]) =>
      `  documents ${band}: ${levels.map((l) => `${l.level} ${l.likelyAiFrom} FP ${percent(l.falsePositiveRate)} caught ${percent(l.catchRate)}`).join(" | ")}`,
  ),
  ...[...Map.groupBy(humans, (i) => i.group)]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([group, items]) => [group, items, rate(items, (i) => flagged(i, "balanced")), rate(items, (i) => flagged(i, "strict"))])
    .filter(([, , balanced, strict]) => balanced > 0 || strict > 0)
    .map(
      ([group, items, balanced, strict]) =>
        `  false positives ${group} (${items.length} humans): Balanced ${percent(balanced)}, Strict ${percent(strict)}`,
    ),
  `never trained on (approximate): AI 80-199 caught ${percent(
    rate(
      never.filter((r) => r.label === 1 && lengthBandOf(r.words) === "80-199"),
      neverFlagged,
    ),
  )}, humans flagged ${percent(
    rate(
      never.filter((r) => r.label === 0),
      neverFlagged,
    ),
  )}, AUC ${rocAuc(never.map((r) => ({ label: r.label, score: r.probability })))?.toFixed(3)}`,
  `took ${((Date.now() - started) / 1000).toFixed(0)} s`,
];
console.log(lines.join("\n"));
writeFileSync(`/tmp/detector-experiment-${name}.txt`, `${lines.join("\n")}\n`);
