import type { UsageAnalytics } from "~/shared/usage-analytics";
import { secondaryButtonClass } from "~/components/ui/page-shell";
import { BarList, DailyUsageChart, HourChart, PeriodsTable } from "./analytics-charts";

/** The dashboard's analytics: Basic for every plan, Advanced (with a CSV) on Pro and Startup. */
export function AnalyticsSection({ analytics }: { analytics: UsageAnalytics }) {
  const figures = analytics.advancedFigures;
  // A new subscriber has nothing to draw: say so instead of empty charts.
  const used = analytics.days.some((day) => Object.values(day.counts).some((count) => count > 0));
  return (
    <section id="analytics" aria-labelledby="analytics-heading" className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="analytics-heading" className="text-2xl font-bold text-white">
          {analytics.advanced ? "Advanced analytics" : "Analytics"}
        </h2>
        {analytics.advanced ? (
          <a href="/dashboard/analytics.csv" download className={secondaryButtonClass}>
            Download CSV
          </a>
        ) : null}
      </div>
      <h3 className="mt-4 font-semibold text-white">Results per day this period</h3>
      {used ? (
        <DailyUsageChart days={analytics.days} />
      ) : (
        <p className="mt-3 rounded-xl border border-dashed border-white/15 p-5 text-slate-300">
          No results yet this period. Run any tool while signed in and your daily figures appear here.
        </p>
      )}
      <h3 className="mt-6 font-semibold text-white">This period and the three before</h3>
      <PeriodsTable periods={analytics.periods} quotas={analytics.quotas} />
      {figures ? (
        <div className="mt-6 grid gap-6 md:grid-cols-2">
          <p className="text-slate-300 md:col-span-2">
            Words processed this period:{" "}
            <strong className="text-2xl text-white tabular-nums">{figures.words.toLocaleString("en-US")}</strong>
          </p>
          <BarList
            title="Detector verdicts"
            bars={[
              { label: "Likely AI-written", value: figures.verdicts.ai, colour: "#fb7185" },
              { label: "Mixed signals", value: figures.verdicts.mixed, colour: "#fbbf24" },
              { label: "Likely human-written", value: figures.verdicts.human, colour: "#34d399" },
            ]}
          />
          <BarList
            title="Web versus API"
            bars={[
              { label: "Web", value: figures.sources.web, colour: "#a78bfa" },
              { label: "API", value: figures.sources.api, colour: "#38bdf8" },
            ]}
          />
          {used ? (
            <div className="md:col-span-2">
              <HourChart hours={figures.hours} />
            </div>
          ) : null}
        </div>
      ) : (
        <p className="mt-6 text-sm text-slate-300">
          Words processed, detector verdicts, web versus API calls, busiest hours and a CSV download come with Advanced analytics on the Pro
          and Startup plans.
        </p>
      )}
    </section>
  );
}
