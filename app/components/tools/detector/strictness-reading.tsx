import type { StrictnessReading } from "~/shared/ai-types";
import { LENGTH_BANDS, STRICTNESS_LEVELS, strictnessLevels, type Strictness } from "~/shared/strictness";

const label = (level: Strictness) => strictnessLevels[level].label;

const rate = (share: number | null) => (share === null ? "not measured yet" : `${Math.round(share * 1000) / 10}%`);

/** "Strict", "Strict or Balanced", "Strict, Balanced or Sensitive". */
function listed(levels: Strictness[], joiner: "and" | "or"): string {
  const labels = levels.map(label);
  return labels.length <= 1 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} ${joiner} ${labels.at(-1)}`;
}

/** Where the text falls across the levels: what a 'Mixed' verdict, or one at a looser level only, means. */
export function flaggedSentence(flaggedAt: Strictness[]): string {
  const notAt = STRICTNESS_LEVELS.filter((level) => !flaggedAt.includes(level));
  if (flaggedAt.length === 0) return `Not flagged as AI at any level (${listed([...STRICTNESS_LEVELS], "and")}).`;
  if (notAt.length === 0) return `Flagged as AI at every level (${listed([...STRICTNESS_LEVELS], "and")}).`;
  return `Flagged at ${listed(flaggedAt, "and")}, not at ${listed(notAt, "or")}.`;
}

/**
 * Beside the verdict: the level it was given at, that level's measured false-positive and catch
 * rates for texts of this length (the weights file's, from cross-source validation; "not measured
 * yet" until training measured them), and the levels at which this text would be flagged.
 */
export function StrictnessReadingNote({ reading }: { reading: StrictnessReading }) {
  const line = reading.lines.find((candidate) => candidate.level === reading.level);
  const band = LENGTH_BANDS.find((candidate) => candidate.id === reading.band);
  return (
    <section
      aria-labelledby="strictness-reading-heading"
      className="mt-4 rounded-xl border border-white/10 bg-slate-950/40 p-4 text-sm text-slate-300"
    >
      <h3 id="strictness-reading-heading" className="font-semibold text-white">
        Verdict at {label(reading.level)}
      </h3>
      <p className="mt-1">
        {label(reading.level)} aims at {strictnessLevels[reading.level].aim}.
      </p>
      {line ? (
        <p className="mt-1">
          For texts of {band?.label ?? reading.band}, measured on held-out sources: human texts wrongly flagged{" "}
          <strong className="text-white">{rate(line.falsePositiveRate)}</strong>, AI texts caught{" "}
          <strong className="text-white">{rate(line.catchRate)}</strong>.
        </p>
      ) : null}
      <p className="mt-1">{flaggedSentence(reading.flaggedAt)}</p>
    </section>
  );
}
