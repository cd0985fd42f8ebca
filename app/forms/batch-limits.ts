import { documentLimits } from "./document-limits";

// Limits of a batch scan (the page and POST /api/v1/detect/batch), shared by the page that states
// them and the server that enforces them. Why these values: docs/decisions/045-batch-scans.md.
export const batchLimits = {
  /** Files in one batch. */
  files: 20,
  /** The whole upload: two of the largest single files; one request holds it in memory while each file is read in turn. */
  totalBytes: 2 * documentLimits.fileBytes,
  /** Text scanned in one batch (UTF-16 code units): ~150,000 words, the CPU the bench measures for a full batch. */
  characters: 1_000_000,
} as const;

/** The multipart field that carries the files, on the page and in the API. */
export const BATCH_FILES_FIELD = "files";
