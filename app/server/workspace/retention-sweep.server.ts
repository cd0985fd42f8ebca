import { nowSeconds } from "../account/secure-random.server";
import { hashLegacyShareTokens } from "../conversations/shared-conversations.server";
import { serverEnv } from "../env.server";
import { log } from "../log.server";
import { exportObjectKey } from "./data-export.server";
import { ownedMediaKeys } from "./history.server";
import { HISTORY_RETENTION_SECONDS, UNUSED_SIGN_IN_TOKEN_GRACE_SECONDS } from "./retention.server";

// The retention rules (privacy policy 'Data Storage and Retention'), applied by the Cron Trigger.
// Each kind is deleted in bounded batches, so one run never outgrows a Worker's limits; whatever is
// left is taken by the next run, and running twice deletes nothing more than running once.

export const SWEEP_BATCH = 500;
/** R2 list pages of expired-media candidates looked at per run (1,000 objects each). */
const MEDIA_LIST_PAGES = 5;

export type SweepReport = {
  historyItems: number;
  media: number;
  exports: number;
  signInTokens: number;
  sessions: number;
  activity: number;
  reports: number;
  batches: number;
  revokedShares: number;
  chatFiles: number;
};

export async function sweepExpiredData(now = nowSeconds(), batch = SWEEP_BATCH): Promise<SweepReport> {
  const db = serverEnv().DB;
  const bucket = serverEnv().MEDIA;

  const items = await db
    .prepare("SELECT seq, media_id, upload_media_id FROM history_items WHERE expires_at <= ? LIMIT ?")
    .bind(now, batch)
    .all<{ seq: number; media_id: string | null; upload_media_id: string | null }>();
  const itemMedia = items.results.flatMap(ownedMediaKeys);
  if (itemMedia.length) await bucket.delete(itemMedia);
  if (items.results.length) {
    await db
      .prepare(`DELETE FROM history_items WHERE seq IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(items.results.map((row) => row.seq)))
      .run();
  }

  const exports = await db.prepare("SELECT id FROM data_exports WHERE expires_at <= ? LIMIT ?").bind(now, batch).all<{ id: string }>();
  if (exports.results.length) {
    await bucket.delete(exports.results.map((row) => exportObjectKey(row.id)));
    await db
      .prepare("DELETE FROM data_exports WHERE id IN (SELECT value FROM json_each(?))")
      .bind(JSON.stringify(exports.results.map((row) => row.id)))
      .run();
  }

  // Rows that only expire: at most `batch` of each table a run, oldest first by their time column.
  const deleteBefore = (table: string, column: string, before: number) =>
    db.prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${column} <= ? LIMIT ?)`).bind(before, batch).run();
  const tokens = await deleteBefore("sign_in_tokens", "expires_at", now - UNUSED_SIGN_IN_TOKEN_GRACE_SECONDS);
  const sessions = await deleteBefore("sessions", "expires_at", now);
  const activity = await deleteBefore("activity", "created_at", now - HISTORY_RETENTION_SECONDS);
  // Detection reports: a visitor's after 24 hours, a subscriber's with the history's retention; a share link goes with its report.
  const reports = await deleteBefore("reports", "expires_at", now);
  // Batch scans' tables live as long as their reports.
  const batches = await deleteBefore("batches", "expires_at", now);
  // A revoked share link's row (its messages already erased) counts toward the hourly share limit for a day.
  const revokedShares = await deleteBefore("shared_conversations", "revoked_at", now - 86_400);
  // Share links made before migration 0011 still stored as their raw token (docs/decisions/057).
  await hashLegacyShareTokens(batch);

  const media = await deleteExpiredMedia(bucket, now, batch);
  // Files on chat messages (tools/chat-attachments.server.ts): a day after they were sent.
  const chatFiles = await deleteExpiredMedia(bucket, now, batch, "chat-files/");
  const report = {
    historyItems: items.results.length,
    media: media + itemMedia.length,
    exports: exports.results.length,
    signInTokens: tokens.meta.changes ?? 0,
    sessions: sessions.meta.changes ?? 0,
    activity: activity.meta.changes ?? 0,
    reports: reports.meta.changes ?? 0,
    batches: batches.meta.changes ?? 0,
    revokedShares: revokedShares.meta.changes ?? 0,
    chatFiles,
  };
  log("info", "retention sweep", report);
  return report;
}

/** Demo and subscriber media past its `expiresAt` (the bucket's lifecycle rule is only a backstop). */
async function deleteExpiredMedia(bucket: R2Bucket, now: number, batch: number, prefix = "media/"): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MEDIA_LIST_PAGES && deleted < batch; page += 1) {
    const listing = await bucket.list({ prefix, cursor, include: ["customMetadata"] });
    const expired = listing.objects
      .filter((object) => !(Date.parse(object.customMetadata?.expiresAt ?? "") > now * 1000))
      .slice(0, batch - deleted)
      .map((object) => object.key);
    if (expired.length) await bucket.delete(expired);
    deleted += expired.length;
    if (!listing.truncated) break;
    cursor = listing.cursor;
  }
  return deleted;
}
