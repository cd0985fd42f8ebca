import { quotaUnits } from "~/content/plans";
import type { ToolId } from "~/content/tools";
import { quotaPeriod, recentUsage } from "../billing/quotas.server";
import type { Subscriber } from "../billing/subscriber.server";
import { nowSeconds } from "../clock.server";
import { serverEnv } from "../env.server";
import type { UsageAnalytics } from "~/shared/usage-analytics";
import type { ActivityRow } from "../data/rows.server";
import type { HistoryOutput } from "~/shared/history-output";

// The dashboard's analytics (spec §9: Basic Analytics; Advanced on Pro and Startup), from the
// activity rows the workspace records with each result and the plan's usage counters.

const DAY = 86_400;
/**
 * The period's start is Stripe's clock, the activity's time ours: a result produced in the first
 * moments of a subscription can be stamped a little before its start, and still belongs to it.
 */
const CLOCK_SKEW_SECONDS = 300;
const TOOLS = Object.keys(quotaUnits) as ToolId[];

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const zeros = () => Object.fromEntries(TOOLS.map((tool) => [tool, 0])) as Record<ToolId, number>;

/** The analytics' record of one result, written in the history's batch (history.server.ts): its words and the detector's band. */
export function activityStatement({
  email,
  tool,
  source,
  input,
  output,
  created_at,
}: Pick<ActivityRow, "email" | "tool" | "source" | "created_at"> & { input: Record<string, unknown>; output: HistoryOutput }) {
  const words = String(input.text ?? input.prompt ?? input.message ?? "")
    .split(/\s+/)
    .filter(Boolean).length;
  return serverEnv()
    .DB.prepare("INSERT INTO activity (email, tool, source, words, verdict, created_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(email, tool, source, words, verdictOf(output), created_at);
}

/** The detector's band in three buckets (too-short texts have none). */
function verdictOf(output: HistoryOutput): "ai" | "mixed" | "human" | null {
  if (output.tool !== "detector") return null;
  return output.verdict === "likely-ai" ? "ai" : output.verdict === "mixed" ? "mixed" : output.verdict === "likely-human" ? "human" : null;
}

export async function usageAnalytics(subscriber: Subscriber, now = nowSeconds()): Promise<UsageAnalytics> {
  const db = serverEnv().DB;
  const period = quotaPeriod(subscriber.subscription, now * 1000);
  const advanced = subscriber.plan.id !== "basic";
  const until = Math.min(period.end, now + 1);
  const [daily, usage, figures] = await Promise.all([
    db
      .prepare(
        "SELECT CAST(MAX(created_at - ?2, 0) / 86400 AS INTEGER) AS day, tool, COUNT(*) AS n FROM activity WHERE email = ?1 AND created_at >= ?2 - ?4 AND created_at < ?3 GROUP BY day, tool",
      )
      .bind(subscriber.email, period.start, until, CLOCK_SKEW_SECONDS)
      .all<{ day: number; tool: ToolId; n: number }>(),
    recentUsage(subscriber.customerId, period.start),
    advanced
      ? db
          .prepare(
            `SELECT COALESCE(SUM(words), 0) AS words,
               SUM(verdict = 'ai') AS ai, SUM(verdict = 'mixed') AS mixed, SUM(verdict = 'human') AS human,
               SUM(source = 'web') AS web, SUM(source = 'api') AS api,
               json_group_array(CAST((created_at % 86400) / 3600 AS INTEGER)) AS hours
             FROM activity WHERE email = ?1 AND created_at >= ?2 - ?4 AND created_at < ?3`,
          )
          .bind(subscriber.email, period.start, until, CLOCK_SKEW_SECONDS)
          .first<{
            words: number;
            ai: number | null;
            mixed: number | null;
            human: number | null;
            web: number | null;
            api: number | null;
            hours: string;
          }>()
      : Promise.resolve(null),
  ]);

  const dayCount = Math.max(1, Math.ceil((until - period.start) / DAY));
  const days = Array.from({ length: dayCount }, (_, index) => ({ date: isoDay(period.start + index * DAY), counts: zeros() }));
  // D1 may bind the period's start as a real number: the day index is floored here as well.
  for (const row of daily.results) {
    const day = days[Math.floor(row.day)];
    if (day) day.counts[row.tool] += row.n;
  }

  const periodStarts = [...new Set([period.start, ...usage.results.map((row) => row.period_start)])].sort((a, b) => b - a).slice(0, 4);
  const periods = periodStarts.map((start) => {
    const used = zeros();
    for (const row of usage.results) if (row.period_start === start && row.tool in used) used[row.tool] = row.used;
    return { start: isoDay(start), used };
  });

  const hours = Array.from({ length: 24 }, () => 0);
  if (figures) for (const hour of JSON.parse(figures.hours) as number[]) hours[Math.floor(hour)]! += 1;
  return {
    advanced,
    days,
    periods,
    quotas: subscriber.plan.quotas,
    ...(figures
      ? {
          advancedFigures: {
            words: figures.words,
            verdicts: { ai: figures.ai ?? 0, mixed: figures.mixed ?? 0, human: figures.human ?? 0 },
            sources: { web: figures.web ?? 0, api: figures.api ?? 0 },
            hours,
          },
        }
      : {}),
  };
}

/** The same figures as CSV (Advanced analytics): one row per figure. */
export function analyticsCsv(analytics: UsageAnalytics): string {
  const rows: (string | number)[][] = [["section", "key", "tool", "value"]];
  for (const day of analytics.days) for (const tool of TOOLS) rows.push(["results per day", day.date, tool, day.counts[tool]]);
  for (const period of analytics.periods) for (const tool of TOOLS) rows.push(["units per period", period.start, tool, period.used[tool]]);
  for (const tool of TOOLS) rows.push(["quota", "this period", tool, analytics.quotas[tool] ?? "unlimited"]);
  const figures = analytics.advancedFigures;
  if (figures) {
    rows.push(["words processed", "this period", "", figures.words]);
    for (const [verdict, count] of Object.entries(figures.verdicts)) rows.push(["detector verdicts", verdict, "detector", count]);
    for (const [source, count] of Object.entries(figures.sources)) rows.push(["calls", source, "", count]);
    figures.hours.forEach((count, hour) => rows.push(["results per hour (UTC)", String(hour).padStart(2, "0"), "", count]));
  }
  return `${rows.map((row) => row.join(",")).join("\r\n")}\r\n`;
}
