import accuracy from "~/content/detector-accuracy.json";
import { reportCaps } from "~/forms/report-caps";
import type { DetectionResult } from "~/shared/ai-types";
import { DEFAULT_STRICTNESS, type Strictness } from "~/shared/strictness";
import type { ReportFigures, ReportSummary, ReportView } from "~/shared/report";
import { nowSeconds, randomToken, sha256Hex } from "../account/secure-random.server";
import { InputError } from "../tools/input-error.server";
import { scoreSource, type ReportSource, type StoredResult } from "./report-scoring.server";
import weightsJson from "../detector/detector-weights.json";
import { serverEnv } from "../env.server";
import { HISTORY_RETENTION_SECONDS } from "../workspace/retention.server";
import { signReceipt, type ReceiptFacts } from "./receipts.server";
import { ReportStorageFull, storedReportBytes } from "./report-caps.server";

export type { ReportSource };

// Detection reports (docs/decisions/043): made from the text alone, scored here by the trained
// detector (never from a verdict a client sends), kept for their owner and shareable by a link
// whose token is stored only as its SHA-256. Every query names the owner or a live link: another
// owner's id is as unknown as a made-up one. Expired reports are invisible before the cron deletes them.

/** Who may open and manage a report: a subscriber's account, a visitor's owner cookie (hashed), or both. */
export type ReportViewer = { email?: string; visitorHash?: string };
/** Who a new report belongs to: exactly one of them. */
export type ReportOwner = { email: string } | { visitorHash: string };

/** A visitor's report lives as long as a visitor's media; a subscriber's as long as their history. */
export const VISITOR_REPORT_SECONDS = 24 * 60 * 60;
export const SUBSCRIBER_REPORT_SECONDS = HISTORY_RETENTION_SECONDS;

/** The scoring model's name in reports and receipts; both engines' headline probability is its (decision 005). */
export const REPORT_ENGINE = "contentforge-trained-detector";

type Row = {
  id: string;
  text: string;
  result: string;
  engine: string;
  detector_version: string;
  text_sha256: string;
  receipt_payload: string | null;
  receipt_signature: string | null;
  receipt_key_id: string | null;
  created_at: number;
  expires_at: number;
  shared_at: number | null;
  revoked_at: number | null;
  share_hash: string | null;
};

/**
 * A row stays well inside D1's 2,000,000-byte limit on a string and a row (read 2026-11-26 at
 * developers.cloudflare.com/d1/platform/limits): 200,000 characters are at most 600,000 bytes of
 * UTF-8, and a long document's sentences are stored as spans, ~20 bytes each. Only a text cut into
 * tens of thousands of one-word sentences could pass this, and it is refused with a message.
 */
const MAX_ROW_BYTES = 1_800_000;

const db = () => serverEnv().DB;
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Hex ids of 128 random bits. */
export const isReportId = (id: string | undefined): id is string => typeof id === "string" && /^[0-9a-f]{32}$/.test(id);
/** Share tokens: 256 random bits, base64url. */
export const isShareToken = (token: string | undefined): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

let detectorVersionMemo: Promise<string> | undefined;

/** The weights the detector runs, by their SHA-256 (of the JSON as parsed and written back): changes whenever training does. */
export function detectorVersion(): Promise<string> {
  detectorVersionMemo ??= sha256Hex(JSON.stringify(weightsJson)).then((hash) => `weights-sha256:${hash.slice(0, 16)}`);
  return detectorVersionMemo;
}

/** The figures the tool page quotes, as measured for the detector in this build. */
export function currentFigures(): ReportFigures {
  return {
    measured: accuracy.measured,
    falsePositiveRate: accuracy.likelyAi.falsePositiveRate,
    currentChatModelsCaught: accuracy.likelyAi.currentChatModelsCaught,
    auc: accuracy.crossSource.auc ?? null,
  };
}

/**
 * Scores the text (or an uploaded document's text), signs a receipt when a key is configured,
 * stores the report; its id. A document that fits the text box is scored whole, as pasted text; a
 * longer one section by section, as on the detector page; the receipt's SHA-256 is of the whole text.
 */
export async function createReport(
  source: string | ReportSource,
  owner: ReportOwner,
  now = nowSeconds(),
  strictness: Strictness = DEFAULT_STRICTNESS,
): Promise<string> {
  return (await createScoredReport(source, owner, now, strictness)).id;
}

/** createReport, answering what a batch's table shows of the report too. */
export async function createScoredReport(
  source: string | ReportSource,
  owner: ReportOwner,
  now = nowSeconds(),
  strictness: Strictness = DEFAULT_STRICTNESS,
): Promise<{ id: string; words: number; verdict: DetectionResult["verdict"]; probability: number | null }> {
  const id = [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  const email = "email" in owner ? owner.email : null;
  // A full account is refused before the scoring's work; the insert below checks again, exactly.
  if (email) {
    const stored = await storedReportBytes(email, now);
    if (
      stored + utf8Bytes(typeof source === "string" ? source : source.paragraphs.map((paragraph) => paragraph.text).join("")) >
      reportCaps.storedBytes
    ) {
      throw new ReportStorageFull(stored);
    }
  }
  const scored = scoreSource(source, strictness);
  const { text, result } = scored;
  const [sha256, version] = await Promise.all([sha256Hex(text), detectorVersion()]);
  const stored: StoredResult = { ...scored.stored, figures: currentFigures() };
  const resultJson = JSON.stringify(stored);
  const storedBytes = utf8Bytes(text) + utf8Bytes(resultJson);
  if (storedBytes > MAX_ROW_BYTES) {
    throw new InputError(
      "text",
      "This document is cut into too many tiny sentences to keep as a report. Remove lists of single words or split the document.",
    );
  }
  const receipt = await signReceipt({
    reportId: id,
    sha256,
    file: stored.file ?? null,
    verdict: result.verdict,
    strictness: receiptStrictness(result),
    probability: result.probability,
    engine: REPORT_ENGINE,
    detectorVersion: version,
    createdAt: now,
  });
  const expiresAt = now + (email ? SUBSCRIBER_REPORT_SECONDS : VISITOR_REPORT_SECONDS);
  // An account's report goes in only while its live reports and this one fit the stored-bytes cap
  // (one statement, so concurrent reports cannot pass it together); a visitor's has no account.
  const inserted = await db()
    .prepare(
      `INSERT INTO reports (id, email, owner_hash, text, result, engine, detector_version, text_sha256,
         receipt_payload, receipt_signature, receipt_key_id, created_at, expires_at, stored_bytes)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14
       WHERE ?2 IS NULL
         OR (SELECT COALESCE(SUM(stored_bytes), 0) FROM reports WHERE email = ?2 AND expires_at > ?12) + ?14 <= ?15`,
    )
    .bind(
      id,
      email,
      "visitorHash" in owner ? owner.visitorHash : null,
      text,
      resultJson,
      REPORT_ENGINE,
      version,
      sha256,
      receipt?.payload ?? null,
      receipt?.signature ?? null,
      receipt?.keyId ?? null,
      now,
      expiresAt,
      storedBytes,
      reportCaps.storedBytes,
    )
    .run();
  if (email && inserted.meta.changes === 0) throw new ReportStorageFull(await storedReportBytes(email, now));
  return { id, words: stored.words, verdict: result.verdict, probability: result.probability };
}

/** The level a report's verdict was given at and that level's line, as its receipt states them. */
function receiptStrictness({ strictness }: DetectionResult): ReceiptFacts["strictness"] {
  const line = strictness?.lines.find((candidate) => candidate.level === strictness.level);
  if (!strictness || !line) return null;
  return { level: strictness.level, band: strictness.band, line: { likelyAiFrom: line.likelyAiFrom, mixedFrom: line.mixedFrom } };
}

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
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
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
        createdAt: iso(createdAt),
        keptUntil: iso(expiresAt),
        sharedByLinkSince: sharing.state === "shared" ? iso(sharing.sharedAt) : null,
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

function reportView(row: Row): ReportView {
  const stored = JSON.parse(row.result) as StoredResult;
  const result: DetectionResult = stored.document
    ? {
        ...stored.result,
        sentences: (stored.spans ?? []).map(([start, end, score]) => ({ text: row.text.slice(start, end), start, end, score })),
        document: { ...stored.document, text: row.text },
      }
    : stored.result;
  return {
    id: row.id,
    text: row.text,
    result,
    words: stored.words,
    ...(stored.file ? { file: stored.file } : {}),
    figures: stored.figures,
    engine: row.engine,
    detectorVersion: row.detector_version,
    sha256: row.text_sha256,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    receipt:
      row.receipt_payload && row.receipt_signature && row.receipt_key_id
        ? { payload: row.receipt_payload, signature: row.receipt_signature, keyId: row.receipt_key_id, algorithm: "Ed25519" }
        : null,
    sharing:
      row.share_hash && row.shared_at !== null
        ? { state: "shared", sharedAt: row.shared_at }
        : row.revoked_at !== null
          ? { state: "revoked", revokedAt: row.revoked_at }
          : { state: "private" },
  };
}
