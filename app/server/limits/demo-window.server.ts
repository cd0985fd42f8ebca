// The demo limit's arithmetic, apart from the Durable Object that stores it, so it can be tested
// at any instant. Minutes slide: a visitor gets `perMinute` actions in any 60 seconds, where a
// fixed window let them run twice that across a minute boundary. Days are fixed UTC days.
export type DemoLimits = { perMinute: number; perDay: number };
export type DemoAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * What the Durable Object stores: the latest action times (at most `perMinute`), the day's count
 * and how many of the day's actions were given back after failing.
 */
export type DemoCounters = { recent: number[]; day: number; dayCount: number; givenBack?: number };

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Decides `actions` actions at `now` (a chat message that searches the web is two, as it costs the
 * provider more); `counters` is what to store when they are allowed.
 */
export function takeDemoAction(
  stored: Partial<DemoCounters> | undefined,
  limits: DemoLimits,
  now: number,
  actions = 1,
): { allowance: DemoAllowance; counters?: DemoCounters } {
  const day = Math.floor(now / DAY_MS);
  const dayCount = stored?.day === day ? (stored.dayCount ?? 0) : 0;
  // Older stored shapes have no `recent`: they start with an empty minute.
  const recent = (Array.isArray(stored?.recent) ? stored.recent : []).filter((time) => time > now - MINUTE_MS);

  if (limits.perDay > 0 && dayCount + actions > limits.perDay) {
    return { allowance: { allowed: false, retryAfterSeconds: secondsUntil((day + 1) * DAY_MS, now) } };
  }
  // More actions at once than a minute holds wait for a whole free minute.
  const taken = limits.perMinute > 0 ? Math.min(actions, limits.perMinute) : actions;
  if (limits.perMinute > 0 && recent.length + taken > limits.perMinute) {
    // Free again once enough of the window's actions are a minute old.
    const freeing = recent[recent.length + taken - limits.perMinute - 1]!;
    return { allowance: { allowed: false, retryAfterSeconds: secondsUntil(freeing + MINUTE_MS, now) } };
  }
  for (let action = 0; action < taken; action++) recent.push(now);
  const givenBack = stored?.day === day ? (stored.givenBack ?? 0) : 0;
  return {
    allowance: { allowed: true },
    counters: {
      recent: limits.perMinute > 0 ? recent.slice(-limits.perMinute) : [],
      day,
      dayCount: dayCount + actions,
      ...(givenBack ? { givenBack } : {}),
    },
  };
}

function secondsUntil(time: number, now: number): number {
  return Math.max(1, Math.ceil((time - now) / 1000));
}

/** What is left at `now` without taking anything: actions today and in the sliding minute (null: no limit). */
export function demoActionsLeft(
  stored: Partial<DemoCounters> | undefined,
  limits: DemoLimits,
  now: number,
): { today: number | null; minute: number | null } {
  const day = Math.floor(now / DAY_MS);
  const dayCount = stored?.day === day ? (stored.dayCount ?? 0) : 0;
  const recent = (Array.isArray(stored?.recent) ? stored.recent : []).filter((time) => time > now - MINUTE_MS);
  return {
    today: limits.perDay > 0 ? Math.max(0, limits.perDay - dayCount) : null,
    minute: limits.perMinute > 0 ? Math.max(0, limits.perMinute - recent.length) : null,
  };
}

/**
 * Gives back the day's count of an action taken at `takenAt` whose run failed ("Please try again"
 * should not cost the visitor a demo action). Its slot in the sliding minute stays taken, so a run
 * that keeps failing is still paced, and at most `perDay` actions a day are given back, so failing
 * runs cost the provider at most twice the day's allowance. Undefined when nothing is given back.
 */
export function giveBackDemoAction(
  stored: Partial<DemoCounters> | undefined,
  takenAt: number,
  limits: DemoLimits,
  actions = 1,
): DemoCounters | undefined {
  const day = Math.floor(takenAt / DAY_MS);
  if (stored?.day !== day || !stored.dayCount) return undefined;
  const givenBack = stored.givenBack ?? 0;
  if (givenBack >= limits.perDay) return undefined;
  const back = Math.min(actions, stored.dayCount, limits.perDay - givenBack);
  return { recent: Array.isArray(stored.recent) ? stored.recent : [], day, dayCount: stored.dayCount - back, givenBack: givenBack + back };
}
