import type { StrictnessLine, StrictnessReading } from "./ai-types";
import { LENGTH_BANDS, STRICTNESS_LEVELS, strictnessLevels, type Strictness } from "./strictness";

// How a strictness reading reads to a person, on the detector page, a report and its PDF alike.

const label = (level: Strictness) => strictnessLevels[level].label;

/** "Strict", "Strict or Balanced", "Strict, Balanced and Sensitive". */
function listed(levels: readonly Strictness[], joiner: "and" | "or"): string {
  const labels = levels.map(label);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} ${joiner} ${labels.at(-1)}`;
}

/**
 * Where the text falls across the levels (what a 'Mixed' verdict, or one flagged at a looser level
 * only, means): "Flagged at Sensitive, not at Balanced or Strict" — the levels it misses nearest first.
 */
export function flaggedSentence(flaggedAt: readonly Strictness[]): string {
  const notAt = [...STRICTNESS_LEVELS].reverse().filter((level) => !flaggedAt.includes(level));
  if (flaggedAt.length === 0) return `Not flagged as AI at any level (${listed(STRICTNESS_LEVELS, "and")}).`;
  if (notAt.length === 0) return `Flagged as AI at every level (${listed(STRICTNESS_LEVELS, "and")}).`;
  return `Flagged at ${listed(flaggedAt, "and")}, not at ${listed(notAt, "or")}.`;
}

/** A measured share as the page shows it (one decimal), or "not measured yet" until training measured it. */
export const measuredRate = (share: number | null) => (share === null ? "not measured yet" : `${Math.round(share * 1000) / 10}%`);

/** The line of the reading's own level. */
export const ownLine = (reading: StrictnessReading): StrictnessLine | undefined =>
  reading.lines.find((candidate) => candidate.level === reading.level);

/** "40–79 words": the band's words, as the reading's scope states them. */
export const bandLabel = (reading: StrictnessReading) => LENGTH_BANDS.find((band) => band.id === reading.band)?.label ?? reading.band;

/** "Balanced: 'Likely AI' from 85%, 'Mixed' from 50% (the lines for texts of 80–199 words)": the level and the line it drew. */
export function strictnessLineText(reading: StrictnessReading): string {
  const line = ownLine(reading);
  if (!line) return label(reading.level);
  const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
  return `${label(reading.level)}: 'Likely AI' from ${percent(line.likelyAiFrom)}, 'Mixed' from ${percent(line.mixedFrom)} (the lines for texts of ${bandLabel(reading)})`;
}
