import { documentLimits } from "~/forms/document-limits";
import { MAX_FORM_BYTES, readUploadForm, type FormValues } from "~/forms/parse-form.server";
import type { ExtractedDocument } from "../documents/extract.server";
import type { ReadForm } from "./run-tool-action.server";
import { refusals } from "../documents/refusal.server";
import { isMultipart, oversizedUploadForm } from "../fields-around-upload.server";

// A text tool's form that may carry a document (the detector, the humanizer): the text fields, and
// the document's text once extracted, or the refusal beside the file field with everything typed
// kept. Nothing is stored: the document is read in memory and only its text goes on. Extraction
// is the tool pipeline's deferred extraction: it starts only once the run's allowance is taken.

/** The file, plus room for the text fields (the pasted text itself is at most 10,000 characters). */
export const MAX_DOCUMENT_FORM_BYTES = documentLimits.fileBytes + 128 * 1024;

/** The file field's name on the pages and in the API's multipart bodies. */
export const DOCUMENT_FIELD = "document";

/** The form with its document extracted. */
export type DocumentForm = {
  values: FormValues;
  fieldErrors?: Record<string, string>;
  status?: 400 | 413;
  document?: ExtractedDocument & { name: string };
};

/** The form with its document's file, not yet read. */
export type UploadedDocumentForm = Omit<DocumentForm, "document"> & { file?: { name: string; bytes: Uint8Array } };

export async function readDocumentForm(request: Request): Promise<UploadedDocumentForm> {
  // Over the limit without JavaScript: the page comes back with the message and the typed fields.
  const oversized = await oversizedUploadForm(request, MAX_DOCUMENT_FORM_BYTES, DOCUMENT_FIELD, refusals.tooLarge());
  if (oversized) return oversized;
  // Only a multipart body can carry a file: a plain form keeps the text forms' 64 KB limit.
  const { values, files, fileNames } = await readUploadForm(request, isMultipart(request) ? MAX_DOCUMENT_FORM_BYTES : MAX_FORM_BYTES);
  return withDocumentFile(values, files[DOCUMENT_FIELD], fileNames[DOCUMENT_FIELD] ?? "");
}

/** The form's values with the document's file, if one was chosen. */
export function withDocumentFile(values: FormValues, bytes: Uint8Array | undefined, name: string): UploadedDocumentForm {
  // A file field left empty arrives as a nameless, empty file.
  if (!bytes || (bytes.length === 0 && name === "")) return { values };
  return { values, file: { name, bytes } };
}

/**
 * The tool's form (`complete` makes a read form its input: the detector's, the humanizer's rules):
 * as it is without a document; with one, its extraction deferred until the pipeline took the allowance.
 */
export function deferDocument<Result>(form: UploadedDocumentForm, complete: (read: DocumentForm) => ReadForm<Result>): ReadForm<Result> {
  const { file, ...read } = form;
  const withoutDocument = complete(read);
  if (!file) return withoutDocument;
  return { ...withoutDocument, extract: async () => complete(await extractDocumentInto(read.values, file)) };
}

/** The form's values with the document's text extracted, or the refusal beside its field. */
async function extractDocumentInto(values: FormValues, { name, bytes }: { name: string; bytes: Uint8Array }): Promise<DocumentForm> {
  // Loaded on the first document only: pdf.js is large, and pasted text never needs it.
  const { extractDocument } = await import("../documents/extract.server");
  const extracted = await extractDocument({ name, bytes });
  if (!extracted.ok) {
    return { values, fieldErrors: { [DOCUMENT_FIELD]: extracted.message }, status: extracted.refusal === "too-large" ? 413 : 400 };
  }
  return { values, document: { ...extracted, name } };
}
