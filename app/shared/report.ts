import { verdictCaptions } from "~/content/detector-verdict";
import { limits } from "~/forms/limits";
import type { DetectionResult } from "./ai-types";
import { strictnessLineText } from "./strictness-wording";

// A detection report as its pages, its PDF and the API show it (the server builds it from the
// stored row, app/server/reports/). The measured figures are the ones in force when it was scored,
// kept with the report, so a report never quotes figures of a later detector.

/** What the evaluation measured for the detector that scored the report (app/content/detector-accuracy.json). */
export type ReportFigures = {
  /** When the figures were measured (YYYY-MM-DD). */
  measured: string;
  /** Human texts wrongly called 'Likely AI' (0–1), held out by source. */
  falsePositiveRate: number;
  /** Text from current chat models called 'Likely AI' (0–1). */
  currentChatModelsCaught: number;
  /** ROC AUC held out by source. */
  auc: number | null;
};

export type ReportReceipt = { payload: string; signature: string; keyId: string; algorithm: "Ed25519" };

/** The uploaded document a report is of (a long one's sections are in `result.document`). */
export type ReportFile = { name: string; kind: "pdf" | "docx" | "txt" | "md"; pages?: number };

export type ReportView = {
  id: string;
  text: string;
  result: DetectionResult;
  words: number;
  file?: ReportFile;
  figures: ReportFigures;
  engine: string;
  detectorVersion: string;
  sha256: string;
  /** Unix seconds. */
  createdAt: number;
  expiresAt: number;
  /** Null when the server had no signing key when the report was made. */
  receipt: ReportReceipt | null;
  sharing: { state: "private" } | { state: "shared"; sharedAt: number } | { state: "revoked"; revokedAt: number };
};

/** Engine names as a report shows them. */
export const reportEngineNames: Record<string, string> = {
  "contentforge-trained-detector": "ContentForge trained detector (offline model)",
};

/** How a sentence's score reads, with the result's own band edges (as on the detector page). */
export type SentenceBand = "ai" | "mixed" | "human";
export function sentenceBand(score: number, bands: DetectionResult["bands"]): SentenceBand {
  return score >= bands.likelyAi ? "ai" : score >= bands.mixedFrom ? "mixed" : "human";
}

const percent = (fraction: number) => `${Math.round(fraction * 1000) / 10}%`;

/** A time as the report states it, the same on the server and in the browser: '2026-11-26 09:41 UTC'. */
export function reportTime(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** The measured error rates in one sentence, with their scope (docs/decisions/003). */
export function reportAccuracy(figures: ReportFigures, likelyAiFrom: number): string {
  const auc = figures.auc === null ? "" : `; ROC AUC ${figures.auc.toFixed(2)}`;
  return (
    `At 'Likely AI' (from ${Math.round(likelyAiFrom * 100)}%) this detector wrongly called ${percent(figures.falsePositiveRate)} of human texts AI ` +
    `and caught ${percent(figures.currentChatModelsCaught)} of the text from current chat models, on data sets held out of training ` +
    `(measured ${figures.measured}${auc}). No detector is proof: treat a verdict as one signal, never as evidence on its own.`
  );
}

/** The report's statements as text, for the PDF (the page lays the same out as HTML). */
export function reportFacts(report: ReportView) {
  const { result } = report;
  const headline =
    result.probability === null
      ? result.verdict === "english-only"
        ? "English only for now: the detector gives no score for other languages"
        : `${verdictCaptions["too-short"]}: ${report.words} words, at least ${limits.detectorMinWords} needed`
      : `${verdictCaptions[result.verdict]}: ${result.probability}% AI probability`;
  const rows: [string, string][] = [
    ...(report.file ? [["File", report.file.name] as [string, string]] : []),
    ["Scanned", reportTime(report.createdAt)],
    ["Engine", reportEngineNames[report.engine] ?? report.engine],
    ["Detector version", report.detectorVersion],
    ["Words", String(report.words)],
    // Reports stored before levels have none.
    ...(result.strictness ? [["Strictness", strictnessLineText(result.strictness)] as [string, string]] : []),
    ["Report", report.id],
  ];
  return {
    headline,
    range: result.range ? `Likely range ${result.range.low}\u2013${result.range.high}%` : undefined,
    rows,
    accuracy: reportAccuracy(report.figures, result.bands.likelyAi),
  };
}

/** One line of the reports list (/reports). */
export type ReportSummary = {
  id: string;
  verdict: DetectionResult["verdict"];
  probability: number | null;
  excerpt: string;
  /** The uploaded document's name, when the report is of one. */
  fileName: string | null;
  createdAt: number;
  shared: boolean;
};
