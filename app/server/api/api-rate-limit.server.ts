import { sha256Hex } from "../account/secure-random.server";
import { nowSeconds } from "../clock.server";
import { serverEnv } from "../env.server";
import { setting } from "../settings.server";
import type { ApiRateWindowsRow } from "../data/rows.server";

// Requests per minute on /api/v1/, counted twice: per API key (API_RATE_LIMIT_PER_MINUTE, 60 by
// default) and per account across all its keys (API_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE, 120), so
// creating more keys never buys more requests; 0 turns a limit off. Each is a fixed one-minute
// window counted in D1 by one conditional upsert, so concurrent calls are counted exactly. The
// answer carries the IETF draft's RateLimit-Policy / RateLimit fields
// (draft-ietf-httpapi-ratelimit-headers-10), one item per policy, and Retry-After when refused.
const WINDOW_SECONDS = 60;

export type RateLimitVerdict = { allowed: boolean; refusedBy?: "per-key" | "per-account"; headers: Record<string, string> };

export function apiRateLimitPerMinute(): number {
  return setting("API_RATE_LIMIT_PER_MINUTE");
}

export function apiAccountRateLimitPerMinute(): number {
  return setting("API_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE");
}

type Window = { policy: "per-key" | "per-account"; bucket: string; limit: number };

export async function takeApiRequest(caller: { keyId: string; email: string }, now = nowSeconds()): Promise<RateLimitVerdict> {
  // The account's bucket is named by a digest (accountRateBucket): the table needs no address in it.
  const windows: Window[] = [
    { policy: "per-key" as const, bucket: caller.keyId, limit: apiRateLimitPerMinute() },
    { policy: "per-account" as const, bucket: await accountRateBucket(caller.email), limit: apiAccountRateLimitPerMinute() },
  ].filter((window) => window.limit > 0);
  if (windows.length === 0) return { allowed: true, headers: {} };
  const windowStart = now - (now % WINDOW_SECONDS);
  const resetSeconds = windowStart + WINDOW_SECONDS - now;

  const counted: { window: Window; count: number | null }[] = [];
  for (const window of windows) {
    const count = await takeOne(window, windowStart);
    counted.push({ window, count });
    if (count === null) break;
  }
  const refused = counted.find((entry) => entry.count === null);
  // A request the account refused does not spend the key's allowance either.
  if (refused) for (const entry of counted) if (entry.count !== null) await giveBack(entry.window, windowStart);

  // RateLimit names only the windows this request was counted against (a policy after the one that
  // refused was not looked at, so its remaining count is not known).
  const remaining = ({ window, count }: (typeof counted)[number]) => {
    if (count === null) return 0;
    return refused ? window.limit - count + 1 : window.limit - count;
  };
  const headers: Record<string, string> = {
    "RateLimit-Policy": windows.map((window) => `"${window.policy}";q=${window.limit};w=${WINDOW_SECONDS}`).join(", "),
    RateLimit: counted.map((entry) => `"${entry.window.policy}";r=${remaining(entry)};t=${resetSeconds}`).join(", "),
  };
  if (refused) headers["Retry-After"] = String(resetSeconds);
  return refused ? { allowed: false, refusedBy: refused.window.policy, headers } : { allowed: true, headers };
}

/** The account's row name in api_rate_windows. */
export async function accountRateBucket(email: string): Promise<string> {
  return `account:${await sha256Hex(email)}`;
}

/** The window's count after this request, or null when the window is full (nothing counted). */
async function takeOne(window: Window, windowStart: number): Promise<number | null> {
  const db = serverEnv().DB;
  const row = await db
    .prepare(
      `INSERT INTO api_rate_windows (key_id, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key_id, window_start) DO UPDATE SET count = count + 1 WHERE count < ?3
       RETURNING count`,
    )
    .bind(window.bucket, windowStart, window.limit)
    .first<Pick<ApiRateWindowsRow, "count">>();
  // The first request of a window also clears the bucket's finished windows.
  if (row?.count === 1)
    await db.prepare("DELETE FROM api_rate_windows WHERE key_id = ? AND window_start < ?").bind(window.bucket, windowStart).run();
  return row ? row.count : null;
}

async function giveBack(window: Window, windowStart: number): Promise<void> {
  await serverEnv()
    .DB.prepare("UPDATE api_rate_windows SET count = count - 1 WHERE key_id = ? AND window_start = ? AND count > 0")
    .bind(window.bucket, windowStart)
    .run();
}
