import accuracy from "~/content/detector-accuracy.json";
import { reportCaps } from "~/forms/report-caps";
import type { DetectionResult } from "~/shared/ai-types";
import { DEFAULT_STRICTNESS, type Strictness } from "~/shared/strictness";
import type { ReportFigures } from "~/shared/report";
import { nowSeconds } from "../clock.server";
import { randomId, sha256Hex } from "../account/secure-random.server";
import { InputError } from "../tools/input-error.server";
import weightsJson from "../detector/detector-weights.json";
import { signReceipt, type ReceiptFacts } from "./receipts.server";
import { ReportStorageFull } from "./report-caps.server";
import { scoreSource, type ReportSource, type StoredResult } from "./report-scoring.server";
import { insertReport, storedReportBytes, SUBSCRIBER_REPORT_SECONDS, VISITOR_REPORT_SECONDS, type ReportOwner } from "./reports.server";

// Making a detection report (docs/decisions/043): scored here by the trained detector from the
// text alone (never from a verdict a client sends), its receipt signed, stored for its owner.

/** The scoring model's name in reports and receipts; both engines' headline probability is its (decision 005). */
export const REPORT_ENGINE = "contentforge-trained-detector";

/** What scored a report: the trained model, and the language models too when their line decided (decision 059). */
const engineOf = (result: DetectionResult) =>
  result.engine?.id === "binoculars" ? `${REPORT_ENGINE}+${result.engine.label}` : REPORT_ENGINE;

/**
 * A row stays well inside D1's 2,000,000-byte limit on a string and a row (read 2026-11-26 at
 * developers.cloudflare.com/d1/platform/limits): 200,000 characters are at most 600,000 bytes of
 * UTF-8, and a long document's sentences are stored as spans, ~20 bytes each. Only a text cut into
 * tens of thousands of one-word sentences could pass this, and it is refused with a message.
 */
const MAX_ROW_BYTES = 1_800_000;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

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
  const id = randomId();
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
  const scored = await scoreSource(source, strictness);
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
    engine: engineOf(result),
    detectorVersion: version,
    createdAt: now,
  });
  const expiresAt = now + (email ? SUBSCRIBER_REPORT_SECONDS : VISITOR_REPORT_SECONDS);
  // An account's report goes in only while its live reports and this one fit the stored-bytes cap.
  const inserted = await insertReport(
    {
      id,
      email,
      owner_hash: "visitorHash" in owner ? owner.visitorHash : null,
      text,
      result: resultJson,
      engine: engineOf(result),
      detector_version: version,
      text_sha256: sha256,
      receipt_payload: receipt?.payload ?? null,
      receipt_signature: receipt?.signature ?? null,
      receipt_key_id: receipt?.keyId ?? null,
      created_at: now,
      expires_at: expiresAt,
      stored_bytes: storedBytes,
    },
    reportCaps.storedBytes,
  );
  if (email && !inserted) throw new ReportStorageFull(await storedReportBytes(email, now));
  return { id, words: stored.words, verdict: result.verdict, probability: result.probability };
}

/** The level a report's verdict was given at and that level's line, as its receipt states them. */
function receiptStrictness({ strictness }: DetectionResult): ReceiptFacts["strictness"] {
  const line = strictness?.lines.find((candidate) => candidate.level === strictness.level);
  if (!strictness || !line) return null;
  return { level: strictness.level, band: strictness.band, line: { likelyAiFrom: line.likelyAiFrom, mixedFrom: line.mixedFrom } };
}
