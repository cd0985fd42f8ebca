import type { ToolId } from "~/content/tools";
import { consumeQuota, formatResetDate, quotaUsedUp } from "../billing/quotas.server";
import { entitledSubscriber } from "../billing/subscriber.server";
import { consumeDemoAllowance, retryAfterText } from "./demo-limit.server";

// Who may run an AI action now: a subscriber spends their plan's quota (and skips the demo rate
// limit); a visitor spends the demo allowance of their IP.
export type ToolAllowance =
  | {
      allowed: true;
      subscriber: boolean;
      /** Gives the units back when the provider call fails. */
      release: () => Promise<void>;
      /** The subscriber's account, whose workspace keeps the result; absent for demo visitors. */
      account?: { email: string };
    }
  | { allowed: false; subscriber: boolean; message: string; retryAfterSeconds: number; upgradeUrl?: string };

export async function takeToolAllowance(request: Request, tool: ToolId, units: number): Promise<ToolAllowance> {
  const subscriber = await entitledSubscriber(request);
  if (subscriber) {
    const claim = await consumeQuota(subscriber, tool, units);
    if (claim.ok) return { allowed: true, subscriber: true, release: claim.refund, account: { email: subscriber.email } };
    return {
      allowed: false,
      subscriber: true,
      message: `${quotaUsedUp(subscriber, tool, claim.quota)} Your quota resets on ${formatResetDate(claim.resetsAt)}. Upgrade your plan for more.`,
      retryAfterSeconds: Math.max(1, claim.resetsAt - Math.floor(Date.now() / 1000)),
      upgradeUrl: "/pricing",
    };
  }
  const allowance = await consumeDemoAllowance(request, tool);
  if (allowance.allowed) return { allowed: true, subscriber: false, release: async () => {} };
  return {
    allowed: false,
    subscriber: false,
    message: `You have reached the demo limit. Please try again in ${retryAfterText(allowance.retryAfterSeconds)}, or subscribe for higher limits.`,
    retryAfterSeconds: allowance.retryAfterSeconds,
  };
}
