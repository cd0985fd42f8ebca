import { serverEnv } from "../env.server";
import { clientKey } from "./client-key.server";
import type { DemoAllowance, DemoLimits } from "./demo-window";

// Per-client limits on demo AI actions (vars DEMO_LIMIT_PER_MINUTE / DEMO_LIMIT_PER_DAY, 0 = off).
export function demoLimits(): DemoLimits {
  const env = serverEnv();
  return {
    perMinute: nonNegativeInteger(env.DEMO_LIMIT_PER_MINUTE, 10),
    perDay: nonNegativeInteger(env.DEMO_LIMIT_PER_DAY, 100),
  };
}

export async function consumeDemoAllowance(request: Request): Promise<DemoAllowance> {
  const limits = demoLimits();
  if (limits.perMinute === 0 && limits.perDay === 0) return { allowed: true };
  const env = serverEnv();
  const stub = env.DEMO_LIMITER.get(env.DEMO_LIMITER.idFromName(clientKey(request)));
  return stub.consume(limits);
}


export function retryAfterText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** A limit from a var: a whole number of at least 0, else the fallback. */
export function nonNegativeInteger(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === "") return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback;
}
