import { serverEnv } from "../env.server";
import { nowSeconds } from "../clock.server";
import { randomToken, sha256Hex } from "./secure-random.server";
import type { SignInTokensRow } from "../data/rows.server";

// The emailed sign-in link's token: 256 random bits, stored only as a hash, bound to one address,
// valid for 15 minutes and usable once. Using it is one conditional UPDATE, so of any number of
// simultaneous clicks exactly one signs in.
export const SIGN_IN_TOKEN_LIFETIME_SECONDS = 15 * 60;
const KEEP_DEAD_TOKENS_SECONDS = 24 * 60 * 60;

/** `claimsCustomerId`: the visitor's checkout whose customer the link binds to the account when used (docs/decisions/055). */
export type TokenState =
  { usable: true; email: string; claimsCustomerId: string | null } | { usable: false; reason: "unknown" | "expired" | "used" };

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

function db(): D1Database {
  return serverEnv().DB;
}

/** A new token for the address; the caller mails it and never stores it. */
export async function issueSignInToken(email: string, { claimsCustomerId }: { claimsCustomerId?: string } = {}): Promise<string> {
  const token = randomToken();
  const now = nowSeconds();
  await db().batch([
    db()
      .prepare("INSERT INTO sign_in_tokens (token_hash, email, created_at, expires_at, claims_customer_id) VALUES (?, ?, ?, ?, ?)")
      .bind(await sha256Hex(token), email, now, now + SIGN_IN_TOKEN_LIFETIME_SECONDS, claimsCustomerId ?? null),
    // Dead tokens are kept a day, so a late click still hears 'expired' or 'already used'.
    db()
      .prepare("DELETE FROM sign_in_tokens WHERE expires_at < ?")
      .bind(now - KEEP_DEAD_TOKENS_SECONDS),
  ]);
  return token;
}

/** What the token would do if used now, without using it (the confirm page's GET). */
export async function inspectSignInToken(token: string | null): Promise<TokenState> {
  if (!token || !tokenPattern.test(token)) return { usable: false, reason: "unknown" };
  const row = await db()
    .prepare("SELECT email, expires_at, used_at, claims_customer_id FROM sign_in_tokens WHERE token_hash = ?")
    .bind(await sha256Hex(token))
    .first<Pick<SignInTokensRow, "email" | "expires_at" | "used_at" | "claims_customer_id">>();
  if (!row) return { usable: false, reason: "unknown" };
  if (row.used_at !== null) return { usable: false, reason: "used" };
  if (row.expires_at <= nowSeconds()) return { usable: false, reason: "expired" };
  return { usable: true, email: row.email, claimsCustomerId: row.claims_customer_id };
}

/** Uses the token: its address if this call was the one that used it, else why not. */
export async function consumeSignInToken(token: string): Promise<TokenState> {
  if (!tokenPattern.test(token)) return { usable: false, reason: "unknown" };
  const now = nowSeconds();
  const used = await db()
    .prepare(
      "UPDATE sign_in_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING email, claims_customer_id",
    )
    .bind(now, await sha256Hex(token), now)
    .first<Pick<SignInTokensRow, "email" | "claims_customer_id">>();
  return used ? { usable: true, email: used.email, claimsCustomerId: used.claims_customer_id } : inspectSignInToken(token);
}
