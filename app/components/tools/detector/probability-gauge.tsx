import type { DetectionVerdict } from "~/server/ai/types";

type Band = Exclude<DetectionVerdict, "too-short">;

const BANDS: Record<Band, { tone: string; caption: string }> = {
  "likely-ai": { tone: "text-rose-400", caption: "Likely AI-written" },
  mixed: { tone: "text-amber-300", caption: "Mixed: no confident call" },
  "likely-human": { tone: "text-emerald-400", caption: "Likely human-written" },
};

/**
 * A half-circle gauge of the calibrated AI probability with the model's band; it sweeps to its
 * value once (CSS, reduced-motion aware).
 */
export function ProbabilityGauge({ probability, verdict }: { probability: number; verdict: Band }) {
  const radius = 80;
  const length = Math.PI * radius;
  const { tone, caption: verdictCaption } = BANDS[verdict];
  return (
    <figure className="flex flex-col items-center">
      <svg viewBox="0 0 200 110" className="w-56" role="img" aria-label={`AI probability ${probability}%`}>
        <path
          d="M20 100 A80 80 0 0 1 180 100"
          fill="none"
          stroke="currentColor"
          strokeWidth="14"
          strokeLinecap="round"
          className="text-slate-800"
        />
        <path
          d="M20 100 A80 80 0 0 1 180 100"
          fill="none"
          stroke="currentColor"
          strokeWidth="14"
          strokeLinecap="round"
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
      <figcaption className={`mt-1 font-semibold ${tone}`}>{verdictCaption}</figcaption>
    </figure>
  );
}
