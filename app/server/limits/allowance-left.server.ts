import type { ChatAllowance } from "~/shared/chat-allowance";
import { formatResetDate, quotaPeriod, usageInPeriod } from "../billing/quotas.server";
import type { ToolId } from "~/content/tools";
import { demoAllowanceLeft } from "./demo-limit.server";
import type { ToolCaller } from "../tools/tool-caller.server";

/**
 * What is left of a tool's allowance, as a page's loader reads it (so it is fresh after every post,
 * and after a streamed reply when the page revalidates): read only, nothing is taken. The same
 * numbers the pipeline spends: the tool's demo bucket (demo-limit.server.ts) or the plan's quota.
 */
export async function allowanceLeft(caller: ToolCaller, tool: ToolId): Promise<ChatAllowance> {
  if (caller.kind === "visitor") {
    const { today, perDay } = await demoAllowanceLeft(caller.request, tool);
    return { kind: "demo", left: today, perDay };
  }
  const { subscriber } = caller;
  const quota = subscriber.plan.quotas[tool];
  const period = quotaPeriod(subscriber.subscription);
  const used = quota === null ? 0 : ((await usageInPeriod(subscriber.customerId, period))[tool] ?? 0);
  return {
    kind: "plan",
    plan: subscriber.plan.name,
    quota,
    left: quota === null ? null : Math.max(0, quota - used),
    resetsOn: formatResetDate(period.end),
  };
}
