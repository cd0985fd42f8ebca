import { clientKey } from "../limits/client-key.server";
import { serverEnv } from "../env.server";
import { setting } from "../settings.server";
import { nowSeconds } from "../clock.server";
import type { SignInRequestsRow } from "../data/rows.server";

// How many sign-in mails may be requested in an hour: per address (nobody's inbox gets flooded)
// and per client (nobody walks a list of addresses); vars SIGN_IN_LIMIT_PER_ADDRESS_PER_HOUR and
// SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR, 0 = no limit. Checking and recording a request is one
// INSERT … SELECT … WHERE, a single statement D1 runs alone, so concurrent requests count exactly.
const WINDOW_SECONDS = 60 * 60;

function signInLimits(): { perAddress: number; perClient: number } {
  const unlimitedIfZero = (limit: number) => (limit === 0 ? Number.MAX_SAFE_INTEGER : limit);
  return {
    perAddress: unlimitedIfZero(setting("SIGN_IN_LIMIT_PER_ADDRESS_PER_HOUR")),
    perClient: unlimitedIfZero(setting("SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR")),
  };
}

export type SignInAllowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

function db(): D1Database {
  return serverEnv().DB;
}

export async function takeSignInAllowance(request: Request, email: string): Promise<SignInAllowance> {
  const client = clientKey(request);
  const limits = signInLimits();
  const now = nowSeconds();
  const since = now - WINDOW_SECONDS;
  const [inserted] = await db().batch([
    db()
      .prepare(
        `INSERT INTO sign_in_requests (email, client, requested_at)
         SELECT ?1, ?2, ?3
         WHERE (SELECT COUNT(*) FROM sign_in_requests WHERE email = ?1 AND requested_at > ?4) < ?5
           AND (SELECT COUNT(*) FROM sign_in_requests WHERE client = ?2 AND requested_at > ?4) < ?6`,
      )
      .bind(email, client, now, since, limits.perAddress, limits.perClient),
    // Rows older than the window no longer count for anything.
    db()
      .prepare("DELETE FROM sign_in_requests WHERE requested_at <= ?")
      .bind(now - WINDOW_SECONDS),
  ]);
  if (inserted!.meta.changes === 1) return { allowed: true };
  return { allowed: false, retryAfterSeconds: await secondsUntilAllowed(email, client, limits, since, now) };
}

/** When the window frees a slot for both the address and the client. */
async function secondsUntilAllowed(
  email: string,
  client: string,
  limits: { perAddress: number; perClient: number },
  since: number,
  now: number,
): Promise<number> {
  const oldestToExpire = async (column: "email" | "client", value: string, limit: number) => {
    const row = await db()
      .prepare(
        `SELECT requested_at FROM sign_in_requests WHERE ${column} = ? AND requested_at > ? ORDER BY requested_at DESC LIMIT 1 OFFSET ?`,
      )
      .bind(value, since, limit - 1)
      .first<Pick<SignInRequestsRow, "requested_at">>();
    return row ? row.requested_at + WINDOW_SECONDS - now : 0;
  };
  const waits = await Promise.all([oldestToExpire("email", email, limits.perAddress), oldestToExpire("client", client, limits.perClient)]);
  return Math.max(1, ...waits);
}
