import { documentLimits } from "~/forms/document-limits";
import type { ExtractedDocument } from "../documents/extract.server";
import { refusals } from "../documents/refusal.server";
import type { InputValues, ToolForm, ToolUpload } from "./tool-definition.server";

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
  values: InputValues;
  fieldErrors?: Record<string, string>;
  status?: 400 | 413;
  document?: ExtractedDocument & { name: string };
};

/** The form with its document's file, not yet read. */
export type UploadedDocumentForm = Omit<DocumentForm, "document"> & { file?: { name: string; bytes: Uint8Array } };

/**
 * A text tool's document upload (the detector, the humanizer): `complete` makes the read form the
 * tool's input by its rules; the document's extraction waits until the run is paid for.
 */
export function documentUpload<Result>(complete: (read: DocumentForm) => ToolForm<Result>): ToolUpload<Result> {
  return {
    field: DOCUMENT_FIELD,
    maxBytes: MAX_DOCUMENT_FORM_BYTES,
    tooLarge: refusals.tooLarge(),
    describe: "a PDF, DOCX, TXT or Markdown file of up to 10 MB as a file field named 'document'",
    accept: async ({ values, files }) => deferDocument(withDocumentFile(values, files[0]), complete),
  };
}

/** The form's values with the document's file, if one was chosen. */
function withDocumentFile(values: InputValues, file: { name: string; bytes: Uint8Array } | undefined): UploadedDocumentForm {
  // A file field left empty arrives as a nameless, empty file.
  if (!file || (file.bytes.length === 0 && file.name === "")) return { values };
  return { values, file: { name: file.name, bytes: file.bytes } };
}

/**
 * The tool's form (`complete` makes a read form its input: the detector's, the humanizer's rules):
 * as it is without a document; with one, its extraction deferred until the pipeline took the allowance.
 */
function deferDocument<Result>(form: UploadedDocumentForm, complete: (read: DocumentForm) => ToolForm<Result>): ToolForm<Result> {
  const { file, ...read } = form;
  const withoutDocument = complete(read);
  if (!file) return withoutDocument;
  return { ...withoutDocument, extract: async () => complete(await extractDocumentInto(read.values, file)) };
}

/** The form's values with the document's text extracted, or the refusal beside its field. */
async function extractDocumentInto(values: InputValues, { name, bytes }: { name: string; bytes: Uint8Array }): Promise<DocumentForm> {
  // Loaded on the first document only: pdf.js is large, and pasted text never needs it.
  const { extractDocument } = await import("../documents/extract.server");
  const extracted = await extractDocument({ name, bytes });
  if (!extracted.ok) {
    return { values, fieldErrors: { [DOCUMENT_FIELD]: extracted.message }, status: extracted.refusal === "too-large" ? 413 : 400 };
  }
  return { values, document: { ...extracted, name } };
}
