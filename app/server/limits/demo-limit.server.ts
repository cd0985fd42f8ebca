import type { ToolId } from "~/content/tools";
import { serverEnv } from "../env.server";
import { nowMilliseconds } from "../clock.server";
import { setting } from "../settings.server";
import { clientKey } from "./client-key.server";
import type { DemoAllowance, DemoLimits } from "./demo-window.server";

// Per-client limits on demo AI actions (vars DEMO_LIMIT_PER_MINUTE / DEMO_LIMIT_PER_DAY, 0 = off).
export function demoLimits(): DemoLimits {
  return { perMinute: setting("DEMO_LIMIT_PER_MINUTE"), perDay: setting("DEMO_LIMIT_PER_DAY") };
}

/** Chat has its own bucket with this many times the other tools' allowance (see consumeDemoAllowance). */
export const CHAT_ALLOWANCE_FACTOR = 3;

/**
 * Takes one demo action of the client's allowance. A chat is many short messages, so it counts in
 * a bucket of its own with three times the allowance: a short conversation does not end after ten
 * messages, and does not use up the minute of the other tools either.
 */
export async function consumeDemoAllowance(
  request: Request,
  tool?: ToolId,
  actions = 1,
): Promise<DemoAllowance & { giveBack?: (count?: number) => Promise<void> }> {
  const { limits, stub } = demoBucket(request, tool);
  if (limits.perMinute === 0 && limits.perDay === 0) return { allowed: true };
  const takenAt = nowMilliseconds();
  const allowance = await stub().consume(limits, takenAt, actions);
  if (!allowance.allowed) return allowance;
  // A run that fails after this gives the day's action back (demo-window.server.ts): once, and
  // only when something failed (a count of 0 means nothing did).
  let given = false;
  const giveBack = async (count = 1) => {
    if (given || count <= 0) return;
    given = true;
    await stub().giveBack(takenAt, limits, actions);
  };
  return { ...allowance, giveBack };
}

/** The demo actions the client has left of the tool's bucket, without taking one (null: no limit). */
export async function demoAllowanceLeft(request: Request, tool?: ToolId): Promise<{ today: number | null; perDay: number }> {
  const { limits, stub } = demoBucket(request, tool);
  if (limits.perDay === 0) return { today: null, perDay: 0 };
  const { today } = await stub().left(limits, nowMilliseconds());
  return { today, perDay: limits.perDay };
}

function demoBucket(request: Request, tool?: ToolId) {
  const base = demoLimits();
  const chat = tool === "chat";
  const limits = chat ? { perMinute: base.perMinute * CHAT_ALLOWANCE_FACTOR, perDay: base.perDay * CHAT_ALLOWANCE_FACTOR } : base;
  const stub = () => {
    const env = serverEnv();
    const key = clientKey(request);
    return env.DEMO_LIMITER.get(env.DEMO_LIMITER.idFromName(chat ? `chat:${key}` : key));
  };
  return { limits, stub };
}

export function retryAfterText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}
