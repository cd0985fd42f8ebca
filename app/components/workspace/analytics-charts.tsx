import { quotaUnits } from "~/content/plans";
import type { ToolId } from "~/content/tools";
import type { UsageAnalytics } from "~/shared/usage-analytics";

// Server-drawn SVG charts (they need no JavaScript). Each chart is decoration over a table that
// carries the same figures, so a screen reader reads the table and skips the picture. Colours are
// the tools' own (DESIGN.md) at the 400 step: at least 3:1 against the dark card.

const TOOLS = Object.keys(quotaUnits) as ToolId[];
export const toolColours: Record<ToolId, string> = {
  detector: "#22d3ee",
  humanizer: "#34d399",
  writer: "#a78bfa",
  voiceover: "#fbbf24",
  imagine: "#f472b6",
  chat: "#38bdf8",
};
const axisText = "#cbd5e1";
const gridLine = "#334155";

function Legend() {
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-300" aria-hidden="true">
      {TOOLS.map((tool) => (
        <li key={tool} className="flex items-center gap-1.5">
          <span className="inline-block size-3 rounded-sm" style={{ background: toolColours[tool] }} />
          {quotaUnits[tool].label}
        </li>
      ))}
    </ul>
  );
}

/** Results per tool per day of this period: stacked bars, and the table behind them. */
export function DailyUsageChart({ days }: { days: UsageAnalytics["days"] }) {
  const width = 640;
  const height = 180;
  const top = 16;
  const bottom = 24;
  const max = Math.max(1, ...days.map((day) => TOOLS.reduce((sum, tool) => sum + day.counts[tool], 0)));
  const slot = width / days.length;
  const scale = (value: number) => (value / max) * (height - top - bottom);
  return (
    <figure className="mt-4">
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true" data-chart="daily-usage">
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke={gridLine} />
        <text x={0} y={top - 4} fill={axisText} fontSize={11}>
          {max} {max === 1 ? "result" : "results"}
        </text>
        {days.map((day, index) => {
          let y = height - bottom;
          return (
            <g key={day.date}>
              {TOOLS.map((tool) => {
                const h = scale(day.counts[tool]);
                y -= h;
                return h > 0 ? (
                  <rect key={tool} x={index * slot + slot * 0.15} y={y} width={slot * 0.7} height={h} fill={toolColours[tool]} />
                ) : null;
              })}
            </g>
          );
        })}
        <text x={0} y={height - 6} fill={axisText} fontSize={11}>
          {days[0]?.date}
        </text>
        <text x={width} y={height - 6} fill={axisText} fontSize={11} textAnchor="end">
          {days.at(-1)?.date}
        </text>
      </svg>
      <Legend />
      <figcaption className="sr-only">Results per tool per day in this period; the figures are in the table that follows.</figcaption>
      {/* The wrapper is what is hidden: a table ignores sr-only's 1px width and widened a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>Results per tool per day in this period</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {TOOLS.map((tool) => (
                <th key={tool} scope="col">
                  {quotaUnits[tool].label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{day.date}</th>
                {TOOLS.map((tool) => (
                  <td key={tool}>{day.counts[tool]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** Units per tool this period and in the three before, against the quota: a visible table with bars. */
export function PeriodsTable({ periods, quotas }: Pick<UsageAnalytics, "periods" | "quotas">) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm text-slate-200">
        <caption className="sr-only">Units used per tool in this period and the three before, with the quota</caption>
        <thead className="text-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Tool
            </th>
            {periods.map((period, index) => (
              <th key={period.start} scope="col" className="py-2 pr-3">
                {index === 0 ? "This period" : `From ${period.start}`}
              </th>
            ))}
            <th scope="col" className="py-2">
              Quota
            </th>
          </tr>
        </thead>
        <tbody>
          {TOOLS.map((tool) => {
            const quota = quotas[tool];
            const max = Math.max(1, quota ?? 0, ...periods.map((period) => period.used[tool]));
            return (
              <tr key={tool} className="border-t border-white/10">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {quotaUnits[tool].label}
                </th>
                {periods.map((period) => (
                  <td key={period.start} className="py-2 pr-3 tabular-nums">
                    <span className="flex items-center gap-2">
                      <svg viewBox="0 0 60 8" className="h-2 w-14 shrink-0" aria-hidden="true">
                        <rect width={60} height={8} rx={2} fill={gridLine} />
                        <rect width={(Math.min(period.used[tool], max) / max) * 60} height={8} rx={2} fill={toolColours[tool]} />
                      </svg>
                      {period.used[tool]}
                    </span>
                  </td>
                ))}
                <td className="py-2 tabular-nums">{quota === null ? "Unlimited" : `${quota} ${quotaUnits[tool].unit}`}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Labelled horizontal bars (verdicts, web versus API), with their numbers written beside them. */
export function BarList({ title, bars }: { title: string; bars: { label: string; value: number; colour: string }[] }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <div>
      <h4 className="font-semibold text-white">{title}</h4>
      <dl className="mt-2 space-y-2 text-sm">
        {bars.map((bar) => (
          <div key={bar.label} className="grid grid-cols-[9rem_1fr_3rem] items-center gap-2">
            <dt className="text-slate-300">{bar.label}</dt>
            <dd className="contents">
              <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="h-3 w-full" aria-hidden="true">
                <rect width={100} height={10} rx={2} fill={gridLine} />
                <rect width={(bar.value / max) * 100} height={10} rx={2} fill={bar.colour} />
              </svg>
              <span className="text-right tabular-nums text-slate-100">{bar.value}</span>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Results per hour of the day (UTC): 24 bars, and the table behind them. */
export function HourChart({ hours }: { hours: number[] }) {
  const width = 480;
  const height = 120;
  const max = Math.max(1, ...hours);
  const slot = width / 24;
  return (
    <figure>
      <h4 className="font-semibold text-white">Busiest hours (UTC)</h4>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-2 h-auto w-full" aria-hidden="true" data-chart="hours">
        <line x1={0} x2={width} y1={height - 18} y2={height - 18} stroke={gridLine} />
        {hours.map((count, hour) => {
          const h = (count / max) * (height - 30);
          return <rect key={hour} x={hour * slot + 2} y={height - 18 - h} width={slot - 4} height={h} fill="#a78bfa" />;
        })}
        {[0, 6, 12, 18].map((hour) => (
          <text key={hour} x={hour * slot + 2} y={height - 4} fill={axisText} fontSize={11}>
            {String(hour).padStart(2, "0")}:00
          </text>
        ))}
      </svg>
      <div className="sr-only">
        <table>
          <caption>Results per hour of the day (UTC) in this period</caption>
          <tbody>
            {hours.map((count, hour) => (
              <tr key={hour}>
                <th scope="row">{String(hour).padStart(2, "0")}:00</th>
                <td>{count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
