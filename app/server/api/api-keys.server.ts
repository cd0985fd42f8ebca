import { isoTime, nowSeconds } from "../clock.server";
import { randomToken, sha256Hex } from "../account/secure-random.server";
import { serverEnv } from "../env.server";
import type { ApiKeysRow } from "../data/rows.server";

// Developer API keys (docs/architecture.md 'Developer API'): 256 random bits behind a recognisable
// prefix, shown once, stored only as their SHA-256. Revoking sets revoked_at, and authentication
// only matches unrevoked rows, so a revoked key stops working with the next request.
export const API_KEY_PREFIX = "cf_live_";
export const MAX_LIVE_KEYS = 10;
/** How much of the secret the dashboard shows to recognise a key by. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export type ApiKeySummary = { id: string; name: string; prefix: string; createdAt: number; lastUsedAt: number | null };

export type CreatedApiKey = { ok: true; key: ApiKeySummary; secret: string } | { ok: false; reason: "too-many" };

export async function createApiKey(email: string, name: string): Promise<CreatedApiKey> {
  const secret = `${API_KEY_PREFIX}${randomToken()}`;
  const key = { id: crypto.randomUUID(), name, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), createdAt: nowSeconds(), lastUsedAt: null };
  // One conditional INSERT: two simultaneous creations can never make an eleventh live key.
  const { meta } = await serverEnv()
    .DB.prepare(
      `INSERT INTO api_keys (id, email, name, prefix, key_hash, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6
       WHERE (SELECT COUNT(*) FROM api_keys WHERE email = ?2 AND revoked_at IS NULL) < ?7`,
    )
    .bind(key.id, email, name, key.prefix, await sha256Hex(secret), key.createdAt, MAX_LIVE_KEYS)
    .run();
  return meta.changes === 1 ? { ok: true, key, secret } : { ok: false, reason: "too-many" };
}

/** The account's live keys, newest first. */
export async function listApiKeys(email: string): Promise<ApiKeySummary[]> {
  const { results } = await serverEnv()
    .DB.prepare(
      `SELECT id, name, prefix, created_at AS createdAt, last_used_at AS lastUsedAt FROM api_keys
       WHERE email = ? AND revoked_at IS NULL ORDER BY created_at DESC, rowid DESC`,
    )
    .bind(email)
    .all<ApiKeySummary>();
  return results;
}

/** Revokes one of the account's keys; false when it has no such live key. */
export async function revokeApiKey(email: string, id: string): Promise<boolean> {
  const { meta } = await serverEnv()
    .DB.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND email = ? AND revoked_at IS NULL")
    .bind(nowSeconds(), id, email)
    .run();
  return meta.changes === 1;
}

export type ApiCaller = { keyId: string; email: string };

/** The caller behind `Authorization: Bearer <key>`, marking the key as used; undefined for anything else. */
export async function authenticateApiKey(request: Request): Promise<ApiCaller | undefined> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "");
  const secret = match?.[1];
  if (!secret?.startsWith(API_KEY_PREFIX) || secret.length > 200) return undefined;
  const row = await serverEnv()
    .DB.prepare("UPDATE api_keys SET last_used_at = ? WHERE key_hash = ? AND revoked_at IS NULL RETURNING id, email")
    .bind(nowSeconds(), await sha256Hex(secret))
    .first<Pick<ApiKeysRow, "id" | "email">>();
  return row ? { keyId: row.id, email: row.email } : undefined;
}

/** The account's API keys, never their secrets (only a hash is stored). */
export async function exportedApiKeys(email: string) {
  const { results: rows } = await serverEnv()
    .DB.prepare("SELECT name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE email = ? ORDER BY created_at")
    .bind(email)
    .all<Pick<ApiKeysRow, "name" | "prefix" | "created_at" | "last_used_at" | "revoked_at">>();
  return rows.map((row) => ({
    name: row.name,
    prefix: row.prefix,
    createdAt: isoTime(row.created_at),
    lastUsedAt: isoTime(row.last_used_at),
    revokedAt: isoTime(row.revoked_at),
  }));
}
