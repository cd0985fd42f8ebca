import { randomId } from "../account/secure-random.server";
import type { BatchRow, BatchView } from "~/shared/batch";
import { isStrictness, type Strictness } from "~/shared/strictness";
import { nowSeconds } from "../clock.server";
import { formatResetDate, quotaPeriod, quotaUsedUp, usageInPeriod } from "../billing/quotas.server";
import { quotaUnits } from "~/content/plans";
import { toCsv } from "../csv.server";
import { serverEnv } from "../env.server";
import { takeToolAllowance } from "../limits/tool-allowance.server";
import { describeError, log } from "../log.server";
import { InputError } from "../tools/input-error.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { readAll, unreadRow, type BatchInput, type Read } from "./batch-read.server";
import { createScoredReport } from "./create-report.server";
import { isReportId, SUBSCRIBER_REPORT_SECONDS } from "./reports.server";
import type { BatchesRow } from "../data/rows.server";
import type { Selected } from "../data/selected.server";

// Batch scans for subscribers (docs/decisions/045): up to 20 documents at once, each read with the
// detector page's limits and refusals and scanned into its own report. The quota is charged per
// file scanned: a unit for every file sent is taken in one conditional statement before any file
// is read (so concurrent batches can never overspend, and no file is extracted unpaid), a batch
// that does not fit is refused whole with how many scans are left, and the unit of a file that
// turns out unreadable, or then fails, is given back.

export type { BatchInput };

type Subscribed = Extract<ToolCaller, { kind: "subscriber" | "api-key" }>;

export type BatchOutcome =
  | { kind: "done"; batch: BatchView }
  /** The quota left is smaller than the readable files: nothing was scanned or charged. */
  | { kind: "refused"; message: string; retryAfterSeconds: number; rows: BatchRow[] };

const db = () => serverEnv().DB;

/** Charges, reads and scans the files at `strictness`; the stored batch, or the refusal when the quota left is too small. */
export async function runBatch(
  caller: Subscribed,
  inputs: BatchInput[],
  strictness: Strictness,
  now = nowSeconds(),
): Promise<BatchOutcome> {
  const allowance = await takeToolAllowance(caller, "detector", inputs.length);
  if (!allowance.allowed) {
    return {
      kind: "refused",
      message: await notEnoughQuota(caller, inputs.length),
      retryAfterSeconds: allowance.retryAfterSeconds,
      rows: inputs.map((input) => unreadRow(input.name)),
    };
  }
  let read: Read[];
  try {
    read = await readAll(inputs);
  } catch (error) {
    await allowance.release(inputs.length);
    throw error;
  }
  const readable = read.filter((file) => file.source).length;
  let failed = 0;
  const owner = { email: caller.subscriber.email };
  for (const file of read) {
    if (!file.source) continue;
    try {
      const { id, words, verdict, probability } = await createScoredReport(file.source, owner, now, strictness);
      file.row = { ...file.row, words, verdict, probability, reportId: id };
    } catch (error) {
      failed += 1;
      if (!(error instanceof InputError)) log("error", "batch file failed", { ...describeError(error) });
      file.row.problem = error instanceof InputError ? error.message : "This file could not be scanned. It was not charged; try it again.";
    }
  }
  // The files that could not be read, and those that failed, are not charged.
  await allowance.release(inputs.length - readable + failed);
  const batch: BatchView = {
    id: randomId(),
    channel: caller.kind === "api-key" ? "api" : "web",
    files: inputs.length,
    scanned: readable - failed,
    rows: read.map((file) => file.row),
    strictness,
    createdAt: now,
  };
  await db()
    .prepare(
      "INSERT INTO batches (id, email, channel, files, scanned, rows, strictness, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    )
    .bind(
      batch.id,
      caller.subscriber.email,
      batch.channel,
      batch.files,
      batch.scanned,
      JSON.stringify(batch.rows),
      strictness,
      now,
      now + SUBSCRIBER_REPORT_SECONDS,
    )
    .run();
  log("info", "batch scanned", { files: batch.files, scanned: batch.scanned, failed });
  return { kind: "done", batch };
}

/** The detector scans left this period, said before a batch is sent; null when the plan has no limit. */
export async function detectorScansLeft(subscriber: Subscribed["subscriber"]): Promise<number | null> {
  const quota = subscriber.plan.quotas.detector;
  if (quota === null) return null;
  const used = (await usageInPeriod(subscriber.customerId, quotaPeriod(subscriber.subscription))).detector ?? 0;
  return Math.max(0, quota - used);
}

/** 'This batch has 5 files to scan, and your plan has 3 scans left …': what to remove, or when it resets. */
async function notEnoughQuota(caller: Subscribed, readable: number): Promise<string> {
  const { subscriber } = caller;
  const quota = subscriber.plan.quotas.detector ?? 0;
  const period = quotaPeriod(subscriber.subscription);
  const left = (await detectorScansLeft(subscriber)) ?? 0;
  const { label, unit } = quotaUnits.detector;
  const resets =
    caller.kind === "api-key"
      ? `It resets at ${new Date(period.end * 1000).toISOString()}.`
      : `It resets on ${formatResetDate(period.end)}.`;
  if (left === 0) return `${quotaUsedUp(subscriber, "detector", quota)} ${resets} Nothing was scanned or charged.`;
  return (
    `This batch has ${readable} files to scan, and your ${subscriber.plan.name} plan has ${left} ${label} ${unit} left this period. ` +
    `Nothing was scanned or charged: remove ${readable - left} file${readable - left === 1 ? "" : "s"} and send the batch again, or upgrade your plan. ${resets}`
  );
}

type Row = Selected<BatchesRow, "id" | "channel" | "files" | "scanned" | "rows" | "strictness" | "created_at", { channel: "web" | "api" }>;

const view = (row: Row): BatchView => ({
  id: row.id,
  channel: row.channel,
  files: row.files,
  scanned: row.scanned,
  rows: JSON.parse(row.rows) as BatchRow[],
  strictness: isStrictness(row.strictness) ? row.strictness : null,
  createdAt: row.created_at,
});

/** The account's live batch, or undefined (another account's is as unknown as a made-up id). */
export async function findBatch(email: string, id: string | undefined, now = nowSeconds()): Promise<BatchView | undefined> {
  if (!isReportId(id)) return undefined;
  const row = await db().prepare("SELECT * FROM batches WHERE id = ? AND email = ? AND expires_at > ?").bind(id, email, now).first<Row>();
  return row ? view(row) : undefined;
}

/** The account's newest batches. */
export async function listBatches(email: string, limit = 20, now = nowSeconds()): Promise<BatchView[]> {
  const { results } = await db()
    .prepare("SELECT * FROM batches WHERE email = ? AND expires_at > ? ORDER BY created_at DESC, id LIMIT ?")
    .bind(email, now, limit)
    .all<Row>();
  return results.map(view);
}

/**
 * The results table as CSV: one row a file, the level its verdict was given at (empty for a file not
 * scanned, or a batch from before levels), the report's address, or the file's problem.
 */
export function batchCsv(batch: BatchView, origin: string): string {
  return toCsv([
    ["file", "words", "verdict", "strictness", "ai_probability_percent", "report", "problem"],
    ...batch.rows.map((row) => [
      row.name,
      row.words,
      row.verdict,
      row.reportId ? batch.strictness : null,
      row.probability,
      row.reportId ? `${origin}/reports/${row.reportId}` : null,
      row.problem,
    ]),
  ]);
}
