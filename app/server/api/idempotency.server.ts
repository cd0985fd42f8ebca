import { nowSeconds } from "../clock.server";
import { sha256Hex } from "../account/secure-random.server";
import { serverEnv } from "../env.server";
import { problem } from "./problem.server";
import type { ApiIdempotencyRow } from "../data/rows.server";

// `Idempotency-Key` on POST: the first request with a key claims it (one INSERT that only one of
// any number of simultaneous requests wins), runs, and stores its answer for 24 hours; a retry gets
// that answer again without running or spending quota. Answers a retry could change (429, 5xx)
// are not kept: the claim is dropped and the next attempt runs afresh.
const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
// A claim still without an answer after this long was abandoned (the client left a chat stream
// before its end, or the isolate died): a retry with the same body takes it over rather than
// getting 409 for a day. Longer than any request runs (the longest, speech, is about a minute).
const ABANDONED_CLAIM_SECONDS = 5 * 60;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export type StoredAnswer = { status: number; contentType: string; body: string };

export type IdempotencyClaim =
  { kind: "none" } | { kind: "claimed"; store: (answer: StoredAnswer) => Promise<void> } | { kind: "answered"; response: Response };

export async function claimIdempotencyKey(request: Request, keyId: string, body: string): Promise<IdempotencyClaim> {
  const idempotencyKey = request.headers.get("idempotency-key");
  if (idempotencyKey === null) return { kind: "none" };
  if (!KEY_SHAPE.test(idempotencyKey)) {
    return {
      kind: "answered",
      response: problem("invalid-request", "The Idempotency-Key header must be 1 to 255 visible ASCII characters.", {
        extra: { errors: { "Idempotency-Key": "Use 1 to 255 visible ASCII characters, e.g. a UUID." } },
      }),
    };
  }
  const db = serverEnv().DB;
  const now = nowSeconds();
  const requestHash = await sha256Hex(`${request.method} ${new URL(request.url).pathname}\n${body}`);
  await db
    .prepare("DELETE FROM api_idempotency WHERE key_id = ? AND created_at <= ?")
    .bind(keyId, now - IDEMPOTENCY_TTL_SECONDS)
    .run();
  const claimed = await db
    .prepare(
      `INSERT INTO api_idempotency (key_id, idempotency_key, request_hash, created_at) VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT (key_id, idempotency_key) DO UPDATE SET created_at = ?4
       WHERE api_idempotency.status IS NULL AND api_idempotency.request_hash = ?3 AND api_idempotency.created_at <= ?5
       RETURNING created_at`,
    )
    .bind(keyId, idempotencyKey, requestHash, now, now - ABANDONED_CLAIM_SECONDS)
    .first();
  if (claimed) {
    return {
      kind: "claimed",
      store: async ({ status, contentType, body: answer }) => {
        const statement =
          status === 429 || status >= 500
            ? db.prepare("DELETE FROM api_idempotency WHERE key_id = ? AND idempotency_key = ?").bind(keyId, idempotencyKey)
            : db
                .prepare("UPDATE api_idempotency SET status = ?, content_type = ?, body = ? WHERE key_id = ? AND idempotency_key = ?")
                .bind(status, contentType, answer, keyId, idempotencyKey);
        await statement.run();
      },
    };
  }
  const first = await db
    .prepare("SELECT request_hash, status, content_type, body FROM api_idempotency WHERE key_id = ? AND idempotency_key = ?")
    .bind(keyId, idempotencyKey)
    .first<Pick<ApiIdempotencyRow, "request_hash" | "status" | "content_type" | "body">>();
  if (first && first.request_hash !== requestHash) {
    return {
      kind: "answered",
      response: problem(
        "idempotency-key-reused",
        "This Idempotency-Key was first used with another request body or endpoint. Use a new key for a new request.",
      ),
    };
  }
  if (!first || first.status === null) {
    return {
      kind: "answered",
      response: problem(
        "idempotency-conflict",
        "The first request with this Idempotency-Key has not finished yet. Retry in a few seconds.",
        {
          headers: { "Retry-After": "2" },
        },
      ),
    };
  }
  return {
    kind: "answered",
    response: new Response(first.body, {
      status: first.status,
      headers: { "Content-Type": first.content_type ?? "application/json", "Cache-Control": "no-store", "Idempotent-Replayed": "true" },
    }),
  };
}
