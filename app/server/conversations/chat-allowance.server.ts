import type { ChatAllowance } from "~/shared/chat-allowance";
import { formatResetDate, quotaPeriod, usageInPeriod } from "../billing/quotas.server";
import { demoAllowanceLeft } from "../limits/demo-limit.server";
import type { ToolCaller } from "../tools/tool-caller.server";

/**
 * The chat's allowance as the page's loader reads it (so it is fresh after every post, and after a
 * streamed reply when the page revalidates): read only, nothing is taken. The same numbers the
 * pipeline spends: the demo bucket of chat (demo-limit.server.ts) or the plan's `chat` quota.
 */
export async function chatAllowance(caller: ToolCaller): Promise<ChatAllowance> {
  if (caller.kind === "visitor") {
    const { today, perDay } = await demoAllowanceLeft(caller.request, "chat");
    return { kind: "demo", left: today, perDay };
  }
  const { subscriber } = caller;
  const quota = subscriber.plan.quotas.chat;
  const period = quotaPeriod(subscriber.subscription);
  const used = quota === null ? 0 : ((await usageInPeriod(subscriber.customerId, period)).chat ?? 0);
  return {
    kind: "plan",
    plan: subscriber.plan.name,
    quota,
    left: quota === null ? null : Math.max(0, quota - used),
    resetsOn: formatResetDate(period.end),
  };
}
