import type { DetectionVerdict, StrictnessLine, StrictnessReading } from "~/shared/ai-types";
import { ownLine } from "~/shared/strictness-wording";
import { LENGTH_BANDS, lengthBandOf, STRICTNESS_LEVELS, strictnessLevels, type LengthBandId, type Strictness } from "~/shared/strictness";
import type { DetectorWeightsFile, StrictnessTable } from "./detector-weights.server";

// The verdict at the level the person picked: each level's lines for the text's length band come
// from the weights file, where training placed them by cross-source validation (decision 058).

/** A weights file without a table (trained before levels) gives every level its one pair of lines, unmeasured. */
export function strictnessTable(file: Pick<DetectorWeightsFile, "strictness" | "aiThreshold" | "mixedFrom">): StrictnessTable {
  if (file.strictness) return file.strictness;
  const line = (level: Strictness): StrictnessLine => ({
    level,
    likelyAiFrom: file.aiThreshold,
    mixedFrom: file.mixedFrom,
    falsePositiveRate: null,
    catchRate: null,
  });
  const lines = STRICTNESS_LEVELS.map(line);
  return Object.fromEntries(LENGTH_BANDS.map((band) => [band.id, lines])) as StrictnessTable;
}

/** Where a probability (0–1) of a text of `words` words falls, read at `level`. */
export function readStrictness(table: StrictnessTable, probability: number, words: number, level: Strictness): StrictnessReading {
  const band: LengthBandId = lengthBandOf(words);
  const lines = table[band];
  return {
    level,
    band,
    lines,
    flaggedAt: lines.filter((line) => probability >= line.likelyAiFrom).map((line) => line.level),
  };
}

/** The verdict a reading gives at its own level. */
export function verdictOf(reading: StrictnessReading, probability: number): DetectionVerdict {
  const line = ownLine(reading)!;
  return probability >= line.likelyAiFrom ? "likely-ai" : probability >= line.mixedFrom ? "mixed" : "likely-human";
}

/**
 * Where the text falls across the levels, in words: what a 'Mixed' answer (or any scored one)
 * means, e.g. "Flagged at Sensitive, not at Balanced or Strict; the verdict is given at Balanced."
 */
export function whereItFalls(reading: StrictnessReading): string {
  // Least strict first: the order in which a rising score crosses the lines.
  const levels = [...STRICTNESS_LEVELS].reverse();
  const label = (level: Strictness) => strictnessLevels[level].label;
  const flagged = levels.filter((level) => reading.flaggedAt.includes(level)).map(label);
  const notFlagged = levels.filter((level) => !reading.flaggedAt.includes(level)).map(label);
  const where =
    flagged.length === 0
      ? `Not flagged at any level, ${label("sensitive")} included`
      : notFlagged.length === 0
        ? `Flagged at every level, ${label("strict")} included`
        : `Flagged at ${flagged.join(" and ")}, not at ${notFlagged.join(" or ")}`;
  return `${where}; the verdict is given at ${label(reading.level)}.`;
}
