import { z } from "~/forms/zod";
import { detectorForm } from "./tool-forms";

// Detection reports: the form that makes one (the text, with the detector form's rules: the
// server scores it again, so a verdict is never taken from the browser) and the owner's actions.

export const createReportForm = z.object({
  // Line breaks are kept as LF whatever the browser sent (forms send CRLF), so the text's SHA-256 is
  // the one of the text as the report shows it and downloads it.
  text: detectorForm.shape.text.transform((text) => text.replace(/\r\n?/g, "\n")),
});

export const reportIntents = ["share", "revoke", "delete"] as const;

export const reportOwnerForm = z.object({
  intent: z.enum(reportIntents, { message: "Unknown action. A report can be shared, its link revoked, or deleted." }),
});

export type ReportIntent = (typeof reportIntents)[number];
