import { DurableObject } from "cloudflare:workers";

// Demo abuse protection: one Durable Object per client IP counts AI actions in a fixed minute
// window and a fixed day window. A Durable Object handles one call at a time, so counts are exact.
export type DemoLimits = { perMinute: number; perDay: number };
export type DemoAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Counters = { minute: number; minuteCount: number; day: number; dayCount: number };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export class DemoRateLimiter extends DurableObject<Env> {
  async consume(limits: DemoLimits, now: number = Date.now()): Promise<DemoAllowance> {
    const minute = Math.floor(now / MINUTE_MS);
    const day = Math.floor(now / DAY_MS);
    const stored = await this.ctx.storage.get<Counters>("counters");
    const counters: Counters = {
      minute,
      minuteCount: stored?.minute === minute ? stored.minuteCount : 0,
      day,
      dayCount: stored?.day === day ? stored.dayCount : 0,
    };
    if (limits.perDay > 0 && counters.dayCount >= limits.perDay) {
      return { allowed: false, retryAfterSeconds: Math.ceil(((day + 1) * DAY_MS - now) / 1000) };
    }
    if (limits.perMinute > 0 && counters.minuteCount >= limits.perMinute) {
      return { allowed: false, retryAfterSeconds: Math.ceil(((minute + 1) * MINUTE_MS - now) / 1000) };
    }
    counters.minuteCount += 1;
    counters.dayCount += 1;
    await this.ctx.storage.put("counters", counters);
    return { allowed: true };
  }
}
