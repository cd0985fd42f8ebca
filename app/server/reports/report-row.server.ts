import type { DetectionResult } from "~/shared/ai-types";
import type { ReportView } from "~/shared/report";
import { serverEnv } from "../env.server";
import type { StoredResult } from "./report-scoring.server";
import type { ReportsRow } from "../data/rows.server";

// A report as D1 keeps it (the reports table), and as its pages, PDF, API and export show it.

export const reportsDb = () => serverEnv().DB;

/** What a report's pages read of its row (`SELECT *` gives more: the owner, the stored size). */
export type Row = Omit<ReportsRow, "email" | "owner_hash" | "stored_bytes">;

export function reportView(row: Row): ReportView {
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
