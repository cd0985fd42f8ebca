import { quotaUnits } from "~/content/plans";
import type { ToolId } from "~/content/tools";
import { isoTime, nowMilliseconds } from "../clock.server";
import { serverEnv } from "../env.server";
import { describeError, log } from "../log.server";
import type { Subscriber } from "./subscriber.server";
import { boundCustomerIds, type StoredSubscription } from "./subscriptions.server";
import type { UsageRow } from "../data/rows.server";
import type { Selected } from "../data/selected.server";

// Plan quotas: each AI action takes its units from the subscriber's allowance for this billing
// period BEFORE the provider is called, in one conditional upsert, so concurrent requests can never
// overspend. A failed provider call gives the units back.

/** Unix seconds. */
export type QuotaPeriod = { start: number; end: number };

export type QuotaClaim =
  | {
      ok: true;
      used: number;
      quota: number | null;
      /** Gives back `count` of the units taken (all of them by default): a batch refunds the files that failed. */
      refund: (count?: number) => Promise<void>;
    }
  | { ok: false; quota: number; resetsAt: number };

/** The subscription's billing period when it covers now; otherwise the calendar month (UTC). */
export function quotaPeriod(
  subscription: Pick<StoredSubscription, "currentPeriodStart" | "currentPeriodEnd">,
  now = nowMilliseconds(),
): QuotaPeriod {
  const nowSeconds = Math.floor(now / 1000);
  const { currentPeriodStart: start, currentPeriodEnd: end } = subscription;
  if (start !== null && end !== null && start <= nowSeconds && nowSeconds < end) return { start, end };
  const date = new Date(now);
  return {
    start: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000,
    end: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000,
  };
}

export async function consumeQuota(subscriber: Subscriber, tool: ToolId, units = 1): Promise<QuotaClaim> {
  const quota = subscriber.plan.quotas[tool];
  const period = quotaPeriod(subscriber.subscription);
  const db = serverEnv().DB;
  // Unlimited tools are still counted, for the dashboard. The INSERT path checks the first units
  // against the quota; the UPDATE path only adds while the total stays within it.
  const row = await db
    .prepare(
      `INSERT INTO usage (customer_id, tool, period_start, used)
       SELECT ?1, ?2, ?3, ?4 WHERE ?5 IS NULL OR ?4 <= ?5
       ON CONFLICT (customer_id, tool, period_start) DO UPDATE SET used = usage.used + excluded.used
       WHERE ?5 IS NULL OR usage.used + excluded.used <= ?5
       RETURNING used`,
    )
    .bind(subscriber.customerId, tool, period.start, units, quota)
    .first<Pick<UsageRow, "used">>();
  if (!row) return { ok: false, quota: quota ?? 0, resetsAt: period.end };
  const refund = async (count = units) => {
    if (count <= 0) return;
    try {
      await db
        .prepare("UPDATE usage SET used = MAX(used - ?, 0) WHERE customer_id = ? AND tool = ? AND period_start = ?")
        .bind(Math.min(count, units), subscriber.customerId, tool, period.start)
        .run();
    } catch (error) {
      log("error", "quota refund failed", { tool, ...describeError(error) });
    }
  };
  return { ok: true, used: row.used, quota, refund };
}

/** Units used per tool in the period (tools never used are absent). */
export async function usageInPeriod(customerId: string, period: QuotaPeriod): Promise<Partial<Record<ToolId, number>>> {
  const { results } = await serverEnv()
    .DB.prepare("SELECT tool, used FROM usage WHERE customer_id = ? AND period_start = ?")
    .bind(customerId, period.start)
    .all<Selected<UsageRow, "tool" | "used", { tool: ToolId }>>();
  return Object.fromEntries(results.map((row) => [row.tool, row.used]));
}

export function formatResetDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** What a subscriber is told when a tool's quota is used up, before the transport's own reset phrase. */
export function quotaUsedUp(subscriber: Subscriber, tool: ToolId, quota: number): string {
  const { label, unit } = quotaUnits[tool];
  return `You have used all ${quota} ${unit} of ${label} in your ${subscriber.plan.name} plan for this period.`;
}

/** The usage counters of the customers bound to the account, for 'Export my data'. */
export async function exportedUsage(email: string) {
  const customers = await boundCustomerIds(email);
  const { results } = await serverEnv()
    .DB.prepare(
      "SELECT tool, period_start, used FROM usage WHERE customer_id IN (SELECT value FROM json_each(?)) ORDER BY period_start, tool",
    )
    .bind(JSON.stringify(customers))
    .all<Pick<UsageRow, "tool" | "period_start" | "used">>();
  return results.map((row) => ({ tool: row.tool, periodStart: isoTime(row.period_start), used: row.used }));
}

/** The plan's counters of the periods up to `upTo` (newest first, at most 24 rows), for the analytics. */
export function recentUsage(customerId: string, upTo: number) {
  return serverEnv()
    .DB.prepare(
      "SELECT period_start, tool, used FROM usage WHERE customer_id = ? AND period_start <= ? ORDER BY period_start DESC LIMIT 24",
    )
    .bind(customerId, upTo)
    .all<Selected<UsageRow, "period_start" | "tool" | "used", { tool: ToolId }>>();
}
