// Where each strictness level's 'Likely AI' line sits in each length band (decision 058). The
// budget is per source, not pooled: a line placed on pooled human scores let a few sources (learner
// essays, e-mails) carry most of the false positives. So in each band the line is the lowest at
// which every source with enough human texts to show the rate (1 / rate of them) stays at or under
// it, the smaller sources taken together stay under it, and so does the band as a whole. Strict and
// Balanced hold every source to their rate (the budget is per source); Sensitive aims at
// about 1 in 20 of the band and holds every source to twice that.
// The rates stored with a line are measured held out: each source judged at lines placed without it.
import { LENGTH_BANDS, STRICTNESS_LEVELS, lengthBandOf, strictnessLevels } from "./app-modules.mjs";

// Probabilities as the page shows them: whole percents, 1–99; lines on the same grid.
export const shown = (probability) => Math.min(99, Math.max(1, Math.round(100 * probability))) / 100;
const GRID = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);

const rate = (items, test) => (items.length === 0 ? null : items.filter(test).length / items.length);

/** The lowest grid line at which at most `target` of `humans` reach it (0.99 when none does). */
function lowestLine(humans, target) {
  const scores = humans.map((h) => shown(h.probability)).sort((a, b) => b - a);
  const allowed = Math.floor(target * scores.length + 1e-9);
  // The allowed-th highest score may be flagged; the line must sit above the next one.
  const next = scores[allowed];
  if (next === undefined) return GRID[0];
  return Math.min(0.99, Math.round(100 * next + 1) / 100);
}

const SOURCE_ALLOWANCE = { strict: 1, balanced: 1, sensitive: 2 };

/** The line for one band from its human items: the band within `target`, every source within `sourceTarget`. */
export function placeLine(humans, target, sourceTarget = target) {
  const bySource = new Map();
  for (const h of humans) bySource.set(h.group, [...(bySource.get(h.group) ?? []), h]);
  const enough = Math.ceil(1 / sourceTarget);
  const small = [];
  let line = lowestLine(humans, target);
  for (const items of bySource.values()) {
    if (items.length >= enough) line = Math.max(line, lowestLine(items, sourceTarget));
    else small.push(...items);
  }
  if (small.length > 0) line = Math.max(line, lowestLine(small, sourceTarget));
  return line;
}

// 'Likely human' is for what most human text scores: under the line below which this share of the
// band's human texts fall (never above Sensitive's line). Between it and a level's line: 'Mixed'.
export const HUMAN_SHARE = 0.85;

function likelyHumanLine(humans) {
  const scores = humans.map((h) => shown(h.probability)).sort((a, b) => a - b);
  const at = scores[Math.min(scores.length - 1, Math.ceil(HUMAN_SHARE * scores.length) - 1)];
  return at === undefined ? 0.5 : Math.min(0.99, Math.round(100 * at + 1) / 100);
}

/** Lines per band and level from scored items ({ label, group, words, probability }), and each band's `mixedFrom`. */
export function placeLines(items) {
  const table = {};
  for (const band of LENGTH_BANDS) {
    const humans = items.filter((item) => item.label === 0 && lengthBandOf(item.words) === band.id);
    const lines = {};
    for (const level of [...STRICTNESS_LEVELS].reverse()) {
      const target = strictnessLevels[level].targetFalsePositiveRate;
      const placed = placeLine(humans, target, target * SOURCE_ALLOWANCE[level]);
      // A stricter level never flags what a less strict one does not.
      lines[level] = Math.max(placed, ...Object.values(lines));
    }
    table[band.id] = lines;
  }
  // A shorter text carries less evidence: its line never sits under a longer band's at the same
  // level. This also guards the short band, where each source has few texts (decision 058).
  const bands = LENGTH_BANDS.map((band) => band.id);
  for (let i = bands.length - 2; i >= 0; i -= 1) {
    for (const level of STRICTNESS_LEVELS) table[bands[i]][level] = Math.max(table[bands[i]][level], table[bands[i + 1]][level]);
  }
  for (const band of LENGTH_BANDS) {
    const humans = items.filter((item) => item.label === 0 && lengthBandOf(item.words) === band.id);
    table[band.id].mixedFrom = Math.min(likelyHumanLine(humans), table[band.id].sensitive);
  }
  return table;
}

/**
 * Each group judged at lines placed without it: per band and level, the held-out false-positive
 * and catch rates, and every item's verdict at every level (`flaggedAt`).
 */
export function heldOutVerdicts(items) {
  const groups = [...new Set(items.map((item) => item.group))].sort();
  const judged = [];
  for (const group of groups) {
    const lines = placeLines(items.filter((item) => item.group !== group));
    for (const item of items.filter((i) => i.group === group)) {
      const bandLines = lines[lengthBandOf(item.words)];
      judged.push({
        ...item,
        lines: bandLines,
        flaggedAt: STRICTNESS_LEVELS.filter((level) => shown(item.probability) >= bandLines[level]),
        likelyHuman: shown(item.probability) < bandLines.mixedFrom,
      });
    }
  }
  return judged;
}

/** The table the weights file holds: each band's lines, strictest first, with held-out rates. */
export function strictnessTable(items) {
  const lines = placeLines(items);
  const judged = heldOutVerdicts(items);
  const table = {};
  for (const band of LENGTH_BANDS) {
    const inBand = judged.filter((item) => lengthBandOf(item.words) === band.id);
    table[band.id] = STRICTNESS_LEVELS.map((level) => ({
      level,
      likelyAiFrom: lines[band.id][level],
      // One 'Likely human' line for every level: the verdict changes with the level only between
      // 'Mixed' and 'Likely AI', and the analysis says at which levels a text is flagged.
      mixedFrom: lines[band.id].mixedFrom,
      falsePositiveRate: rate(
        inBand.filter((item) => item.label === 0),
        (item) => item.flaggedAt.includes(level),
      ),
      catchRate: rate(
        inBand.filter((item) => item.label === 1),
        (item) => item.flaggedAt.includes(level),
      ),
    }));
  }
  return { table, judged };
}
