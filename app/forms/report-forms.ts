import { z } from "~/forms/zod";
import { documentLimits } from "./document-limits";
import { formatCount } from "./format-count";
import { strictnessField } from "./strictness-field";
import { detectorForm } from "./tool-forms";

// Detection reports: the form that makes one (the text, with the detector form's rules: the
// server scores it again, so a verdict is never taken from the browser) and the owner's actions.

export const createReportForm = z.object({
  // Line breaks are kept as LF whatever the browser sent (forms send CRLF), so the text's SHA-256 is
  // the one of the text as the report shows it and downloads it.
  text: detectorForm.shape.text.transform((text) => text.replace(/\r\n?/g, "\n")),
  // The level the detector page read the result at; the report is scored again at it.
  strictness: strictnessField,
});

/**
 * A report of an uploaded document longer than the text box: the extracted text the detector page
 * showed and the seal the server made of the file's facts when it extracted them (its name, kind,
 * pages and each paragraph's page: app/server/reports/file-seal.server.ts). The server splits the
 * text into paragraphs again and scores every section itself; it names the file only from the seal.
 */
export const createDocumentReportForm = z.object({
  text: z
    .string()
    .transform((text) => text.replace(/\r\n?/g, "\n"))
    .pipe(
      z
        .string()
        .trim()
        .min(1, "The document's text is missing. Upload it on the AI detector again.")
        .max(documentLimits.characters, `A document report takes up to ${formatCount(documentLimits.characters)} characters.`),
    ),
  // A seal lists each paragraph's page: a few characters a paragraph, well under this.
  seal: z
    .string()
    .trim()
    .min(1, "The document's details are missing. Upload it on the AI detector again.")
    .max(48_000, "The document's details are too long."),
  strictness: strictnessField,
});

export const reportIntents = ["share", "revoke", "delete"] as const;

export const reportOwnerForm = z.object({
  intent: z.enum(reportIntents, { message: "Unknown action. A report can be shared, its link revoked, or deleted." }),
});

export type ReportIntent = (typeof reportIntents)[number];
