import type { DetectionVerdict } from "./ai-types";
import type { Strictness } from "./strictness";

// A batch scan as its page, its CSV and the API show it (app/server/reports/batches.server.ts
// stores it), and the table's sort, which the page does by links so it works without JavaScript.

/** One file of a batch: scanned (its report's id and figures) or not (its problem). */
export type BatchRow = {
  name: string;
  words: number | null;
  verdict: DetectionVerdict | null;
  /** 0–100; null when not scanned or not scored. */
  probability: number | null;
  reportId: string | null;
  problem: string | null;
};

export type BatchView = {
  id: string;
  channel: "web" | "api";
  files: number;
  scanned: number;
  rows: BatchRow[];
  /** The level every file was read at; null for batches scanned before levels existed. */
  strictness: Strictness | null;
  /** Unix seconds. */
  createdAt: number;
};

export const batchSortKeys = ["file", "words", "verdict", "probability"] as const;
export type BatchSortKey = (typeof batchSortKeys)[number];
export type BatchSort = { key: BatchSortKey | null; descending: boolean };

/** The sort a page address asks for (?sort=probability&dir=desc); anything else is the files' order. */
export function batchSortOf(params: URLSearchParams): BatchSort {
  const key = params.get("sort");
  return {
    key: batchSortKeys.includes(key as BatchSortKey) ? (key as BatchSortKey) : null,
    descending: params.get("dir") === "desc",
  };
}

// Verdicts from the most to the least AI-like, then the unscored and the files not scanned.
const verdictRank: Record<string, number> = { "likely-ai": 0, mixed: 1, "likely-human": 2, "too-short": 3, "english-only": 4 };

/** The rows in the asked order; rows without the value (not scanned, not scored) always last. */
export function sortBatchRows(rows: BatchRow[], { key, descending }: BatchSort): BatchRow[] {
  if (!key) return rows;
  const value = (row: BatchRow): string | number | null =>
    key === "file"
      ? row.name.toLowerCase()
      : key === "words"
        ? row.words
        : key === "probability"
          ? row.probability
          : row.verdict === null
            ? null
            : (verdictRank[row.verdict] ?? 5);
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return descending ? -order : order;
  });
}

/** '5 of 7 files scanned', as one string (no React text-node seams). */
export const scannedSummary = (batch: Pick<BatchView, "files" | "scanned">) =>
  `${batch.scanned} of ${batch.files} file${batch.files === 1 ? "" : "s"} scanned`;
