import type { ToolId } from "~/content/tools";
import { consumeQuota, formatResetDate, quotaUsedUp } from "../billing/quotas.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { nowSeconds } from "../clock.server";
import { consumeDemoAllowance, retryAfterText } from "./demo-limit.server";

// Whether a caller may run an AI action now: a subscriber spends their plan's quota (and skips the
// demo rate limit); a visitor spends the demo allowance of their address.
export type ToolAllowance =
  | {
      allowed: true;
      /**
       * Gives the units back when the provider call fails (`count` of them: a batch's failed files);
       * a visitor gets the day's demo action back, not its place in the minute.
       */
      release: (count?: number) => Promise<void>;
    }
  | {
      allowed: false;
      message: string;
      retryAfterSeconds: number;
      /** A subscriber's quota: when it resets (unix seconds) and where to get more. */
      resetsAt?: number;
      upgradeUrl?: string;
    };

/** `units` of the plan's quota for a subscriber; `demoActions` of the demo allowance for a visitor. */
export async function takeToolAllowance(caller: ToolCaller, tool: ToolId, units: number, demoActions = 1): Promise<ToolAllowance> {
  if (caller.kind === "visitor") {
    const allowance = await consumeDemoAllowance(caller.request, tool, demoActions);
    if (allowance.allowed) return { allowed: true, release: allowance.giveBack ?? (async () => {}) };
    return {
      allowed: false,
      message: `You have reached the demo limit. Please try again in ${retryAfterText(allowance.retryAfterSeconds)}, or subscribe for higher limits.`,
      retryAfterSeconds: allowance.retryAfterSeconds,
    };
  }
  const { subscriber } = caller;
  const claim = await consumeQuota(subscriber, tool, units);
  if (claim.ok) return { allowed: true, release: claim.refund };
  const usedUp = quotaUsedUp(subscriber, tool, claim.quota);
  return {
    allowed: false,
    // A person on the site reads a date and an upgrade link; a program reads an ISO timestamp.
    message:
      caller.kind === "api-key"
        ? `${usedUp} It resets at ${new Date(claim.resetsAt * 1000).toISOString()}.`
        : `${usedUp} Your quota resets on ${formatResetDate(claim.resetsAt)}. Upgrade your plan for more.`,
    retryAfterSeconds: Math.max(1, claim.resetsAt - nowSeconds()),
    resetsAt: claim.resetsAt,
    upgradeUrl: "/pricing",
  };
}
