import { formatCount } from "~/forms/format-count";

/** One tool's usage this period against its quota, as a labelled progress bar (or 'Unlimited'). */
export function UsageMeter({
  id,
  label,
  unit,
  used,
  quota,
}: {
  id: string;
  label: string;
  unit: string;
  used: number;
  quota: number | null;
}) {
  const labelId = `usage-${id}`;
  const percent = quota ? Math.min(100, Math.round((used / quota) * 100)) : 0;
  const full = quota !== null && used >= quota;
  return (
    <li className="rounded-2xl border border-white/10 bg-slate-900/60 p-4">
      <div className="flex items-baseline justify-between gap-3">
        <span id={labelId} className="font-semibold text-white">
          {label}
        </span>
        <span className="text-sm tabular-nums text-slate-300">
          {quota === null ? `${formatCount(used)} ${unit} · Unlimited` : `${formatCount(used)} / ${formatCount(quota)} ${unit}`}
        </span>
      </div>
      {quota === null ? null : (
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={quota}
          aria-valuenow={Math.min(used, quota)}
          aria-valuetext={`${used} of ${quota} ${unit} used`}
          className="mt-3 h-2.5 overflow-hidden rounded-full bg-slate-700"
        >
          <div
            className={`h-full rounded-full ${full ? "bg-rose-500" : "bg-gradient-to-r from-violet-500 to-fuchsia-500"}`}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}
