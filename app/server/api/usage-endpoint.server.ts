import { isoTime } from "../clock.server";
import { quotaUnits } from "~/content/plans";
import type { ToolId } from "~/content/tools";
import { quotaPeriod, usageInPeriod } from "../billing/quotas.server";
import type { Subscriber } from "../billing/subscriber.server";
import { usageResponse } from "./api-responses.server";
import { json } from "./tool-endpoint.server";

/** GET /api/v1/usage: the plan, its period, and each tool's units used against its limit. */
export async function usageJson(subscriber: Subscriber): Promise<Response> {
  const period = quotaPeriod(subscriber.subscription);
  const used = await usageInPeriod(subscriber.customerId, period);
  return json(
    usageResponse.parse({
      plan: { id: subscriber.plan.id, name: subscriber.plan.name },
      status: subscriber.subscription.status,
      period: { start: isoTime(period.start), end: isoTime(period.end) },
      tools: (Object.keys(quotaUnits) as ToolId[]).map((tool) => ({
        tool,
        ...quotaUnits[tool],
        used: used[tool] ?? 0,
        limit: subscriber.plan.quotas[tool],
      })),
    }),
  );
}
