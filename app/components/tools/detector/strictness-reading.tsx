import type { DetectionEngine, StrictnessReading } from "~/shared/ai-types";
import { strictnessLevels } from "~/shared/strictness";
import { bandLabel, flaggedSentence, measuredRate, ownLine } from "~/shared/strictness-wording";

/**
 * Beside the verdict: the level it was given at, that level's measured false-positive and catch
 * rates for texts of this length (the weights file's, from cross-source validation; "not measured
 * yet" until training measured them), and the levels at which this text would be flagged.
 */
export function StrictnessReadingNote({ reading, engine }: { reading: StrictnessReading; engine?: DetectionEngine }) {
  const line = ownLine(reading);
  const { label, aim } = strictnessLevels[reading.level];
  return (
    <section
      aria-labelledby="strictness-reading-heading"
      className="mt-4 rounded-xl border border-white/10 bg-slate-950/40 p-4 text-sm text-slate-300"
    >
      <h3 id="strictness-reading-heading" className="font-semibold text-white">
        Verdict at {label}
      </h3>
      <p className="mt-1">{`${label} aims at ${aim}.`}</p>
      {line ? (
        <p className="mt-1">
          {`For texts of ${bandLabel(reading)}, measured on held-out sources: human texts wrongly flagged `}
          <strong className="text-white">{measuredRate(line.falsePositiveRate)}</strong>
          {", AI texts caught "}
          <strong className="text-white">{measuredRate(line.catchRate)}</strong>.
        </p>
      ) : null}
      <p className="mt-1">{flaggedSentence(reading.flaggedAt)}</p>
      {engine ? (
        // With a language-model scorer configured, the page names the engine whose line decided (decision 059).
        <p className="mt-1">
          {"Decided by: "}
          <strong className="text-white">{engine.label}</strong>
          {engine.score !== undefined ? ` (Binoculars score ${engine.score}; lower reads as AI)` : ""}
          {engine.note ? ` (the language-model scorer gave no score: ${engine.note})` : ""}
        </p>
      ) : null}
    </section>
  );
}
