import { verdictCaptions } from "~/content/detector-verdict";
import type { DetectionVerdict } from "~/shared/ai-types";

type Band = Exclude<DetectionVerdict, "too-short" | "english-only">;

const tones: Record<Band, string> = {
  "likely-ai": "text-rose-400",
  mixed: "text-amber-300",
  "likely-human": "text-emerald-400",
};

/** The gauge's half circle: drawn once as the track, once over it as the value. */
const arc = { d: "M20 100 A80 80 0 0 1 180 100", fill: "none", stroke: "currentColor", strokeWidth: "14", strokeLinecap: "round" } as const;

/**
 * A half-circle gauge of the calibrated AI probability with the model's band; it sweeps to its
 * value once (CSS, reduced-motion aware).
 */
export function ProbabilityGauge({
  probability,
  verdict,
  range,
}: {
  probability: number;
  verdict: Band;
  range: { low: number; high: number } | null;
}) {
  const radius = 80;
  const length = Math.PI * radius;
  const tone = tones[verdict];
  const verdictCaption = verdictCaptions[verdict];
  return (
    <figure className="flex flex-col items-center">
      <svg viewBox="0 0 200 110" className="w-56" role="img" aria-label={`AI probability ${probability}%`}>
        <path {...arc} className="text-slate-800" />
        <path
          {...arc}
          className={`gauge-sweep ${tone}`}
          style={{
            strokeDasharray: length,
            strokeDashoffset: length * (1 - probability / 100),
            ["--gauge-length" as string]: length,
          }}
        />
        <text x="100" y="92" textAnchor="middle" className="fill-white text-[28px] font-bold">
          {probability}%
        </text>
      </svg>
      <figcaption className="mt-1 text-center">
        <span className={`block font-semibold ${tone}`}>{verdictCaption}</span>
        {range ? (
          <span className="block text-sm text-slate-400">
            Likely range {range.low}–{range.high}%
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
