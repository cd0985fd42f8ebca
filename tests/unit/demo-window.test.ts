import { describe, expect, it } from "vitest";
import { giveBackDemoAction, takeDemoAction, type DemoCounters, type DemoLimits } from "~/server/limits/demo-window.server";

/** Runs actions at the given instants, keeping what the Durable Object would store. */
function run(limits: DemoLimits, times: number[], start?: Partial<DemoCounters>) {
  let stored = start;
  return times.map((now) => {
    const { allowance, counters } = takeDemoAction(stored, limits, now);
    if (counters) stored = counters;
    return allowance;
  });
}

const DAY = 86_400_000;

describe("demo limit window", () => {
  it("counts the last 60 seconds, so a minute boundary gives no second allowance", () => {
    const [first, second, third] = run({ perMinute: 1, perDay: 0 }, [59_900, 60_100, 119_901]);
    expect(first).toEqual({ allowed: true });
    expect(second).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(third).toEqual({ allowed: true });
  });

  it("says when the oldest action in the window turns a minute old", () => {
    const results = run({ perMinute: 3, perDay: 0 }, [0, 10_000, 20_000, 30_500]);
    expect(results.slice(0, 3)).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }]);
    expect(results[3]).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // At 60 s the first action leaves the window: one more is allowed, then none until 70 s.
    expect(run({ perMinute: 3, perDay: 0 }, [0, 10_000, 20_000, 60_001, 60_002]).slice(3)).toEqual([
      { allowed: true },
      { allowed: false, retryAfterSeconds: 10 },
    ]);
  });

  it("refused actions do not count", () => {
    const results = run({ perMinute: 1, perDay: 0 }, [0, 1_000, 2_000, 60_001]);
    expect(results.map((r) => r.allowed)).toEqual([true, false, false, true]);
  });

  it("limits a UTC day and resets at midnight", () => {
    const noon = 10 * DAY + DAY / 2;
    const results = run({ perMinute: 0, perDay: 2 }, [noon, noon + 1, noon + 2, 11 * DAY]);
    expect(results.map((r) => r.allowed)).toEqual([true, true, false, true]);
    expect(results[2]).toEqual({ allowed: false, retryAfterSeconds: DAY / 2 / 1000 });
  });

  it("stores no more times than the minute limit, and none when it is off", () => {
    // Five stored times under a limit lowered to 2: free once the fourth (at 4 ms) is a minute old.
    const lowered = takeDemoAction({ recent: [1, 2, 3, 4, 5], day: 0, dayCount: 5 }, { perMinute: 2, perDay: 0 }, 50_000);
    expect(lowered.allowance).toEqual({ allowed: false, retryAfterSeconds: 11 });
    expect(takeDemoAction({ recent: [40_000], day: 0, dayCount: 1 }, { perMinute: 2, perDay: 0 }, 50_000).counters).toEqual({
      recent: [40_000, 50_000],
      day: 0,
      dayCount: 2,
    });
    expect(takeDemoAction(undefined, { perMinute: 0, perDay: 5 }, 1_000).counters?.recent).toEqual([]);
  });

  it("starts afresh from counters stored in the earlier fixed-window shape", () => {
    const legacy = { minute: 0, minuteCount: 9, day: 0, dayCount: 3 } as unknown as Partial<DemoCounters>;
    expect(takeDemoAction(legacy, { perMinute: 1, perDay: 10 }, 5_000)).toEqual({
      allowance: { allowed: true },
      counters: { recent: [5_000], day: 0, dayCount: 4 },
    });
  });

  it("gives back a failed action's day count but not its place in the minute, and nothing on a later day", () => {
    const limits = { perMinute: 5, perDay: 2 };
    const first = takeDemoAction(undefined, limits, 1_000).counters!;
    const second = takeDemoAction(first, limits, 2_000).counters!;
    expect(takeDemoAction(second, limits, 3_000).allowance.allowed).toBe(false);
    const givenBack = giveBackDemoAction(second, 2_000, limits)!;
    expect(givenBack).toEqual({ recent: [1_000, 2_000], day: 0, dayCount: 1, givenBack: 1 });
    expect(takeDemoAction(givenBack, limits, 3_000).allowance).toEqual({ allowed: true });
    // Minute slots stay taken: with one a minute, a given-back action still waits out its minute.
    const paced = { perMinute: 1, perDay: 2 };
    const once = takeDemoAction(undefined, paced, 1_000).counters!;
    expect(takeDemoAction(giveBackDemoAction(once, 1_000, paced), paced, 2_000).allowance).toEqual({
      allowed: false,
      retryAfterSeconds: 59,
    });
    // An action of yesterday is not given back to today.
    expect(giveBackDemoAction(takeDemoAction(undefined, limits, DAY + 1).counters, 1_000, limits)).toBeUndefined();
  });

  it("gives back at most the day's allowance of failed actions, so failing runs stay bounded", () => {
    const limits = { perMinute: 0, perDay: 2 };
    let stored: DemoCounters | undefined;
    let calls = 0;
    for (let now = 1_000; now < 100_000; now += 1_000) {
      const { allowance, counters } = takeDemoAction(stored, limits, now);
      if (!allowance.allowed) break;
      calls += 1;
      stored = giveBackDemoAction(counters, now, limits) ?? counters;
    }
    // Two given back, then the day's two are spent: four runs in all.
    expect(calls).toBe(4);
    expect(stored).toMatchObject({ dayCount: 2, givenBack: 2 });
    // A new day starts with nothing given back.
    expect(takeDemoAction(stored, limits, DAY + 1).counters).toEqual({ recent: [], day: 1, dayCount: 1 });
  });

  it("takes a searched chat message as two actions of the day and of the minute, and gives both back", () => {
    const limits = { perMinute: 3, perDay: 5 };
    const searched = takeDemoAction(undefined, limits, 1_000, 2);
    expect(searched).toEqual({ allowance: { allowed: true }, counters: { recent: [1_000, 1_000], day: 0, dayCount: 2 } });
    // One action is left in the minute: another two-action message waits for the first two to age out.
    expect(takeDemoAction(searched.counters, limits, 2_000, 2).allowance).toEqual({ allowed: false, retryAfterSeconds: 59 });
    expect(takeDemoAction(searched.counters, limits, 2_000).allowance).toEqual({ allowed: true });
    // Four of the day's five are spent after a second search: a third is refused until tomorrow, a plain message is not.
    const twice = takeDemoAction(searched.counters, limits, 70_000, 2).counters!;
    expect(twice.dayCount).toBe(4);
    expect(takeDemoAction(twice, limits, 140_000, 2).allowance).toEqual({
      allowed: false,
      retryAfterSeconds: Math.ceil((DAY - 140_000) / 1000),
    });
    expect(takeDemoAction(twice, limits, 140_000).allowance).toEqual({ allowed: true });
    // A failed searched message gives both back to the day.
    expect(giveBackDemoAction(twice, 70_000, limits, 2)).toMatchObject({ dayCount: 2, givenBack: 2 });
  });
});
