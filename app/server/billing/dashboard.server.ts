import { quotaUnits } from "~/content/plans";
import type { ToolId } from "~/content/tools";
import { quotaPeriod, usageInPeriod, formatResetDate } from "./quotas.server";
import type { Subscriber } from "./subscriber.server";
import type { DashboardSummary } from "~/shared/dashboard-summary";

// What the dashboard shows a subscriber: plan, status, the date that matters next, and usage.
const statusLabels: Record<string, string> = {
  active: "Active",
  trialing: "Trial",
  past_due: "Payment overdue",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Awaiting payment",
  incomplete_expired: "Expired",
  paused: "Paused",
};

export async function dashboardSummary(subscriber: Subscriber): Promise<DashboardSummary> {
  const { subscription, plan } = subscriber;
  const period = quotaPeriod(subscription);
  const used = await usageInPeriod(subscriber.customerId, period);
  const end = subscription.currentPeriodEnd;
  let dateLine: string | null = null;
  if (end !== null) {
    if (subscription.status === "canceled") dateLine = `Ended on ${formatResetDate(end)}`;
    else if (subscription.cancelAtPeriodEnd) dateLine = `Ends on ${formatResetDate(end)}`;
    else dateLine = `Renews on ${formatResetDate(end)}`;
  }
  return {
    planName: plan.name,
    status: subscription.status,
    statusLabel: statusLabels[subscription.status] ?? subscription.status,
    dateLine,
    periodLine: `Usage from ${formatResetDate(period.start)}; quotas reset on ${formatResetDate(period.end)}.`,
    usage: (Object.keys(quotaUnits) as ToolId[]).map((tool) => ({
      tool,
      ...quotaUnits[tool],
      used: used[tool] ?? 0,
      quota: plan.quotas[tool],
    })),
  };
}
