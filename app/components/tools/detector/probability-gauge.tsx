import { detectorVerdict } from "~/content/detector-verdict";

/** A half-circle gauge of the AI probability; it sweeps to its value once (CSS, reduced-motion aware). */
export function ProbabilityGauge({ probability }: { probability: number }) {
  const radius = 80;
  const length = Math.PI * radius;
  const tone = probability >= 70 ? "text-rose-400" : probability >= 40 ? "text-amber-300" : "text-emerald-400";
  const verdict = detectorVerdict(probability);
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
      <figcaption className={`mt-1 font-semibold ${tone}`}>{verdict}</figcaption>
    </figure>
  );
}
