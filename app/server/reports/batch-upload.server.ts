import { BATCH_FILES_FIELD, batchLimits } from "~/forms/batch-limits";
import { formatCount } from "~/forms/format-count";
import { strictnessField } from "~/forms/strictness-field";
import type { Strictness } from "~/shared/strictness";
import { isMultipart, isRefusal, readBody } from "../request-body/read-body.server";
import type { BatchInput } from "./batches.server";

// A batch's multipart body (the page's form with or without JavaScript, and the API): up to 20
// file fields named 'files', 20 MB in all, read by the request-body room.

/** The files, plus room for the form's boundaries and headers. */
export const MAX_BATCH_BODY_BYTES = batchLimits.totalBytes + 256 * 1024;

const megabytes = Math.round(batchLimits.totalBytes / (1024 * 1024));
export const batchTooLarge = `This batch is too large: the files may be ${megabytes} MB in all. Send fewer or smaller files, or split the batch.`;

export type BatchUpload =
  | { inputs: BatchInput[]; strictness: Strictness }
  /** `field` names what to fix when it is not the files (the strictness level). */
  /** `field` names what to fix when it is not the files (the strictness level); `strictness`, the level read before the files were refused. */
  | { status: 400 | 413 | 415; message: string; field?: "strictness"; strictness?: Strictness };

export async function readBatchUpload(request: Request): Promise<BatchUpload> {
  if (!isMultipart(request)) return { status: 415, message: "Send the files as multipart/form-data, in file fields named 'files'." };
  const form = await readBody(request, { maxBytes: MAX_BATCH_BODY_BYTES, accepts: ["form"], files: [BATCH_FILES_FIELD] });
  if (isRefusal(form)) {
    if (form.refused === "too-large") return { status: 413, message: batchTooLarge };
    if (form.refused === "file-in-text-field") return { status: 400, message: `The field "${form.field}" must be text, not a file.` };
    return { status: 400, message: "The form could not be read. Please reload the page and try again." };
  }
  // The level every file is read at: a radio group on the page, a text field in the API.
  const strictness = strictnessField.safeParse(form.values.strictness);
  if (!strictness.success) return { status: 400, message: strictness.error.issues[0]!.message, field: "strictness" };
  // A file field left empty arrives as a nameless, empty file.
  const files = form.files.filter((file) => !(file.bytes.length === 0 && file.name === ""));
  if (files.length === 0) {
    return { status: 400, message: "Choose the files to scan: PDF, DOCX, TXT or Markdown.", strictness: strictness.data };
  }
  if (files.length > batchLimits.files) {
    return {
      status: 400,
      strictness: strictness.data,
      message: `A batch takes up to ${batchLimits.files} files; you chose ${formatCount(files.length)}. Remove ${files.length - batchLimits.files} and send it again.`,
    };
  }
  return {
    inputs: files.map((file) => ({ name: file.name || "unnamed file", bytes: async () => file.bytes })),
    strictness: strictness.data,
  };
}
