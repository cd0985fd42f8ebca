import { nowSeconds } from "../account/secure-random.server";
import { serverEnv } from "../env.server";

// Requests per API key per minute (API_RATE_LIMIT_PER_MINUTE, 60 by default; 0 = no limit). A fixed
// one-minute window counted in D1 by one conditional upsert, so 50 concurrent calls are counted
// exactly. The answer carries the IETF draft's RateLimit-Policy / RateLimit fields
// (draft-ietf-httpapi-ratelimit-headers-10), and Retry-After when refused.
const WINDOW_SECONDS = 60;
const POLICY = "per-key";

export type RateLimitVerdict = { allowed: boolean; headers: Record<string, string> };

export function apiRateLimitPerMinute(): number {
  const limit = Number(serverEnv().API_RATE_LIMIT_PER_MINUTE ?? "60");
  return Number.isFinite(limit) && limit >= 0 ? Math.floor(limit) : 60;
}

export async function takeApiRequest(keyId: string, now = nowSeconds()): Promise<RateLimitVerdict> {
  const limit = apiRateLimitPerMinute();
  if (limit === 0) return { allowed: true, headers: {} };
  const windowStart = now - (now % WINDOW_SECONDS);
  const resetSeconds = windowStart + WINDOW_SECONDS - now;
  const db = serverEnv().DB;
  const row = await db
    .prepare(
      `INSERT INTO api_rate_windows (key_id, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT (key_id, window_start) DO UPDATE SET count = count + 1 WHERE count < ?3
       RETURNING count`,
    )
    .bind(keyId, windowStart, limit)
    .first<{ count: number }>();
  // The first request of a window also clears the key's finished windows.
  if (row?.count === 1) await db.prepare("DELETE FROM api_rate_windows WHERE key_id = ? AND window_start < ?").bind(keyId, windowStart).run();
  const remaining = row ? limit - row.count : 0;
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${POLICY}";q=${limit};w=${WINDOW_SECONDS}`,
    RateLimit: `"${POLICY}";r=${remaining};t=${resetSeconds}`,
  };
  if (!row) headers["Retry-After"] = String(resetSeconds);
  return { allowed: row !== null, headers };
}
