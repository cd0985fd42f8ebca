import { DurableObject } from "cloudflare:workers";
import {
  demoActionsLeft,
  giveBackDemoAction,
  takeDemoAction,
  type DemoAllowance,
  type DemoCounters,
  type DemoLimits,
} from "./demo-window.server";

// Demo abuse protection: one Durable Object per client IP counts AI actions in a sliding minute
// and a fixed day (demo-window.ts). A Durable Object handles one call at a time, so counts are exact.

export class DemoRateLimiter extends DurableObject<Env> {
  async consume(limits: DemoLimits, now: number = Date.now(), actions = 1): Promise<DemoAllowance> {
    const stored = await this.ctx.storage.get<Partial<DemoCounters>>("counters");
    const { allowance, counters } = takeDemoAction(stored, limits, now, actions);
    if (counters) await this.ctx.storage.put("counters", counters);
    return allowance;
  }

  /** Gives back the day's count of the actions taken at `takenAt`, whose run failed. */
  async giveBack(takenAt: number, limits: DemoLimits, actions = 1): Promise<void> {
    const counters = giveBackDemoAction(await this.ctx.storage.get<Partial<DemoCounters>>("counters"), takenAt, limits, actions);
    if (counters) await this.ctx.storage.put("counters", counters);
  }

  /** What is left, for the chat's allowance line; takes nothing. */
  async left(limits: DemoLimits, now: number = Date.now()): Promise<ReturnType<typeof demoActionsLeft>> {
    return demoActionsLeft(await this.ctx.storage.get<Partial<DemoCounters>>("counters"), limits, now);
  }
}
