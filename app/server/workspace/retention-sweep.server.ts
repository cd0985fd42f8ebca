import { nowSeconds } from "../clock.server";
import { hashLegacyShareTokens } from "../conversations/shared-conversations.server";
import { serverEnv } from "../env.server";
import { eraseAgain } from "./account-deletion.server";
import { describeError, log } from "../log.server";
import type { SweepReport } from "../data/table-entry.server";
import { tableEntries } from "../data/tables.server";

// The retention rules (privacy policy 'Data Storage and Retention', each table's in the registry), applied by the Cron Trigger.
// Each kind is deleted in bounded batches, so one run never outgrows a Worker's limits; whatever is
// left is taken by the next run, and running twice deletes nothing more than running once.

export const SWEEP_BATCH = 500;
/** R2 list pages of expired-media candidates looked at per run (1,000 objects each). */
const MEDIA_LIST_PAGES = 5;

export type { SweepReport };

export async function sweepExpiredData(now = nowSeconds(), batch = SWEEP_BATCH): Promise<SweepReport> {
  const db = serverEnv().DB;
  const bucket = serverEnv().MEDIA;
  const report: SweepReport = {
    historyItems: 0,
    media: 0,
    exports: 0,
    signInTokens: 0,
    sessions: 0,
    activity: 0,
    reports: 0,
    batches: 0,
    revokedShares: 0,
    chatFiles: 0,
    erasedAgain: 0,
  };
  // What was still being written for a deleted account when it was deleted goes with its second erase.
  // A failure there (logged) does not keep this run's retention from being applied.
  report.erasedAgain = await eraseAgain(now).catch((error: unknown) => (log("error", "second erase failed", describeError(error)), 0));

  // Each table the registry (data/tables.server.ts) says the cron sweeps: at most `batch` rows a run, with the R2 objects they point at.
  for (const [table, entry] of tableEntries) {
    const { retention } = entry;
    if (retention.kind !== "swept") continue;
    const before = now - retention.afterSeconds;
    if (entry.objects) {
      const rows = await db
        .prepare(`SELECT rowid AS row_id, ${entry.objects.columns.join(", ")} FROM ${table} WHERE ${retention.column} <= ? LIMIT ?`)
        .bind(before, batch)
        .all<Record<string, string | null> & { row_id: number }>();
      const keys = rows.results.flatMap(entry.objects.keys);
      if (keys.length) await bucket.delete(keys);
      if (retention.objectsReport) report[retention.objectsReport] += keys.length;
      if (rows.results.length) {
        await db
          .prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT value FROM json_each(?))`)
          .bind(JSON.stringify(rows.results.map((row) => row.row_id)))
          .run();
      }
      report[retention.report] += rows.results.length;
    } else {
      const { meta } = await db
        .prepare(`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${retention.column} <= ? LIMIT ?)`)
        .bind(before, batch)
        .run();
      report[retention.report] += meta.changes ?? 0;
    }
  }
  // Share links made before migration 0011 still stored as their raw token (docs/decisions/057).
  await hashLegacyShareTokens(batch);

  report.media += await deleteExpiredMedia(bucket, now, batch);
  // Files on chat messages (tools/chat-file-store.server.ts): a day after they were sent.
  report.chatFiles += await deleteExpiredMedia(bucket, now, batch, "chat-files/");
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
