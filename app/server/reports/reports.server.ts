import type { DetectionResult } from "~/shared/ai-types";
import type { ReportSummary, ReportView } from "~/shared/report";
import { isoTime, nowSeconds } from "../clock.server";
import { randomToken, sha256Hex } from "../account/secure-random.server";
import { HISTORY_RETENTION_SECONDS } from "../workspace/retention.server";
import { reportView, reportsDb as db, type Row } from "./report-row.server";
import type { ReportsRow } from "../data/rows.server";

// Detection reports (docs/decisions/043): made from the text alone (create-report.server.ts), kept
// for their owner and shareable by a link whose token is stored only as its SHA-256. Every query names the owner or a live link: another
// owner's id is as unknown as a made-up one. Expired reports are invisible before the cron deletes them.

/** Who may open and manage a report: a subscriber's account, a visitor's owner cookie (hashed), or both. */
export type ReportViewer = { email?: string; visitorHash?: string };
/** Who a new report belongs to: exactly one of them. */
export type ReportOwner = { email: string } | { visitorHash: string };

/** A visitor's report lives as long as a visitor's media; a subscriber's as long as their history. */
export const VISITOR_REPORT_SECONDS = 24 * 60 * 60;
export const SUBSCRIBER_REPORT_SECONDS = HISTORY_RETENTION_SECONDS;

/** Hex ids of 128 random bits. */
export const isReportId = (id: string | undefined): id is string => typeof id === "string" && /^[0-9a-f]{32}$/.test(id);
/** Share tokens: 256 random bits, base64url. */
export const isShareToken = (token: string | undefined): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

// The owner condition every owner query shares (?1 the id, ?2 now, ?3 the email, ?4 the visitor hash).
const OWNED = "id = ?1 AND expires_at > ?2 AND ((?3 IS NOT NULL AND email = ?3) OR (?4 IS NOT NULL AND owner_hash = ?4))";
const ownerBinds = (viewer: ReportViewer, id: string, now: number) => [id, now, viewer.email ?? null, viewer.visitorHash ?? null];
const canOwn = (viewer: ReportViewer) => Boolean(viewer.email || viewer.visitorHash);

/** The viewer's own live report, or undefined. */
export async function findOwnReport(viewer: ReportViewer, id: string, now = nowSeconds()): Promise<ReportView | undefined> {
  if (!canOwn(viewer) || !isReportId(id)) return undefined;
  const row = await db()
    .prepare(`SELECT * FROM reports WHERE ${OWNED}`)
    .bind(...ownerBinds(viewer, id, now))
    .first<Row>();
  return row ? reportView(row) : undefined;
}

/** The report a live share link opens, or undefined (unknown, revoked or expired). */
export async function findSharedReport(token: string, now = nowSeconds()): Promise<ReportView | undefined> {
  if (!isShareToken(token)) return undefined;
  const row = await db()
    .prepare("SELECT * FROM reports WHERE share_hash = ? AND expires_at > ?")
    .bind(await sha256Hex(token), now)
    .first<Row>();
  return row ? reportView(row) : undefined;
}

/** A subscriber's own report for the API, or undefined. */
export function findAccountReport(email: string, id: string): Promise<ReportView | undefined> {
  return findOwnReport({ email }, id);
}

/**
 * Makes a new share link for the viewer's report and returns its token (shown once: only its hash
 * is kept). A link made before stops working. Undefined when the report is not the viewer's.
 */
export async function shareReport(viewer: ReportViewer, id: string, now = nowSeconds()): Promise<string | undefined> {
  if (!canOwn(viewer) || !isReportId(id)) return undefined;
  const token = randomToken();
  const { meta } = await db()
    .prepare(`UPDATE reports SET share_hash = ?5, shared_at = ?2, revoked_at = NULL WHERE ${OWNED}`)
    .bind(...ownerBinds(viewer, id, now), await sha256Hex(token))
    .run();
  return meta.changes ? token : undefined;
}

/** Ends the share link at once; true when the report is the viewer's (revoking twice changes nothing more). */
export async function revokeReportLink(viewer: ReportViewer, id: string, now = nowSeconds()): Promise<boolean> {
  if (!canOwn(viewer) || !isReportId(id)) return false;
  const { meta } = await db()
    .prepare(
      `UPDATE reports SET share_hash = NULL, shared_at = NULL,
         revoked_at = CASE WHEN share_hash IS NULL THEN revoked_at ELSE ?2 END WHERE ${OWNED}`,
    )
    .bind(...ownerBinds(viewer, id, now))
    .run();
  return (meta.changes ?? 0) > 0;
}

/** Deletes the viewer's report (and so its link); a stranger's id or a second delete changes nothing. */
export async function deleteReport(viewer: ReportViewer, id: string, now = nowSeconds()): Promise<void> {
  if (!canOwn(viewer) || !isReportId(id)) return;
  await db()
    .prepare(`DELETE FROM reports WHERE ${OWNED}`)
    .bind(...ownerBinds(viewer, id, now))
    .run();
}

/** The viewer's live reports, newest first (at most `limit`). */
export async function listReports(viewer: ReportViewer, limit = 50, now = nowSeconds()): Promise<ReportSummary[]> {
  if (!canOwn(viewer)) return [];
  const { results } = await db()
    .prepare(
      `SELECT id, substr(text, 1, 160) AS excerpt, json_extract(result, '$.result.verdict') AS verdict,
         json_extract(result, '$.result.probability') AS probability, json_extract(result, '$.file.name') AS file_name, created_at, share_hash IS NOT NULL AS shared
       FROM reports WHERE expires_at > ?1 AND ((?2 IS NOT NULL AND email = ?2) OR (?3 IS NOT NULL AND owner_hash = ?3))
       ORDER BY created_at DESC, id LIMIT ?4`,
    )
    .bind(now, viewer.email ?? null, viewer.visitorHash ?? null, limit)
    .all<{
      id: string;
      excerpt: string;
      verdict: DetectionResult["verdict"];
      probability: number | null;
      file_name: string | null;
      created_at: number;
      shared: number;
    }>();
  return results.map((row) => ({
    id: row.id,
    verdict: row.verdict,
    probability: row.probability,
    excerpt: row.excerpt,
    fileName: row.file_name,
    createdAt: row.created_at,
    shared: row.shared === 1,
  }));
}

/** 'Export my data': the account's reports with their texts, results and receipts (never a share link: only its hash is kept). */
export async function exportedReports(email: string, origin: string, page = 500): Promise<unknown[]> {
  const reports: unknown[] = [];
  // Paged by id so many reports are read in bounded queries.
  for (let after = ""; ;) {
    const { results } = await db()
      .prepare("SELECT * FROM reports WHERE email = ? AND id > ? ORDER BY id LIMIT ?")
      .bind(email, after, page)
      .all<Row>();
    for (const row of results) {
      const { id, text, result, words, file, figures, engine, detectorVersion, sha256, createdAt, expiresAt, receipt, sharing } =
        reportView(row);
      reports.push({
        id,
        url: `${origin}/reports/${id}`,
        createdAt: isoTime(createdAt),
        keptUntil: isoTime(expiresAt),
        sharedByLinkSince: sharing.state === "shared" ? isoTime(sharing.sharedAt) : null,
        text,
        sha256,
        words,
        ...(file ? { file } : {}),
        engine,
        detectorVersion,
        result,
        figures,
        receipt,
      });
    }
    if (results.length < page) return reports;
    after = results.at(-1)!.id;
  }
}

/** Bytes the account's live reports keep. */
export async function storedReportBytes(email: string, now = nowSeconds()): Promise<number> {
  const row = await db()
    .prepare("SELECT COALESCE(SUM(stored_bytes), 0) AS bytes FROM reports WHERE email = ? AND expires_at > ?")
    .bind(email, now)
    .first<{ bytes: number }>();
  return row?.bytes ?? 0;
}

/**
 * Stores a report; an account's only while its live reports and this one fit `storedBytesCap` (one
 * statement, so concurrent reports cannot pass it together; a visitor's has no account). False when it did not fit.
 */
export async function insertReport(
  row: Omit<ReportsRow, "share_hash" | "shared_at" | "revoked_at">,
  storedBytesCap: number,
): Promise<boolean> {
  const inserted = await db()
    .prepare(
      `INSERT INTO reports (id, email, owner_hash, text, result, engine, detector_version, text_sha256,
         receipt_payload, receipt_signature, receipt_key_id, created_at, expires_at, stored_bytes)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14
       WHERE ?2 IS NULL
         OR (SELECT COALESCE(SUM(stored_bytes), 0) FROM reports WHERE email = ?2 AND expires_at > ?12) + ?14 <= ?15`,
    )
    .bind(
      row.id,
      row.email,
      row.owner_hash,
      row.text,
      row.result,
      row.engine,
      row.detector_version,
      row.text_sha256,
      row.receipt_payload,
      row.receipt_signature,
      row.receipt_key_id,
      row.created_at,
      row.expires_at,
      row.stored_bytes,
      storedBytesCap,
    )
    .run();
  return inserted.meta.changes === 1;
}
