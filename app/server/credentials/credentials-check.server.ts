import { documentLimits } from "~/forms/document-limits";
import type { CredentialsReport, SourceTypeReading } from "~/shared/credentials-report";
import { describeError, log } from "../log.server";
import { sniffDocumentType } from "../documents/sniff.server";
import { isRefusal, readBody, type BodyRefusal } from "../request-body/read-body.server";
import { readCredentials, type ValidationState } from "./read-credentials.server";
import { xmpDigitalSourceTypes, type SourceFormat } from "./xmp-source-type.server";

// The credentials check (issue 44 item 4, decision 068): a file someone brings, read in memory and
// never stored; its C2PA manifest (read-credentials.server.ts) and its XMP AI-source label
// (xmp-source-type.server.ts), in words a person reads. The page and the API answer this report.

/** The file field on the page and in the API's multipart body. */
export const CREDENTIALS_FIELD = "file";
export const CREDENTIALS_TYPES_LABEL = "PNG, JPEG or WebP image, or a PDF";
/** The file, at the document limit, plus room for the multipart framing. */
export const MAX_CREDENTIALS_BODY_BYTES = documentLimits.fileBytes + 16 * 1024;

const megabytes = documentLimits.fileBytes / (1024 * 1024);

export const credentialsRefusals = {
  missing: `Choose a file to check: a ${CREDENTIALS_TYPES_LABEL} of up to ${megabytes} MB.`,
  empty: `This file is empty: choose a ${CREDENTIALS_TYPES_LABEL}.`,
  tooLarge: `This file is larger than ${megabytes} MB: choose a smaller ${CREDENTIALS_TYPES_LABEL}.`,
  unsupported: (kind: string) => `This file is ${kind}: the check reads a ${CREDENTIALS_TYPES_LABEL}.`,
  unreadable: (kind: string) => `This file could not be read as ${kind}: it may be damaged. Choose an intact ${CREDENTIALS_TYPES_LABEL}.`,
  malformed: "The form could not be read: choose the file again and resubmit.",
};

/** No credentials is an absence, never a verdict. */
export const ABSENCE_NOTE =
  "No Content Credentials is not evidence of human origin: most tools and sites strip or never write them, so a file without them may still have been made by AI.";

export type CredentialsCheck = { ok: true; report: CredentialsReport } | { ok: false; status: 400 | 413 | 415; message: string };

const formats = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp", pdf: "application/pdf" } as const;
const kinds: Record<string, string> = {
  png: "a PNG image",
  jpeg: "a JPEG image",
  webp: "a WebP image",
  pdf: "a PDF",
  gif: "a GIF image",
  zip: "a ZIP archive or an Office file",
  ole: "an old-format Office file",
  rtf: "a Rich Text (RTF) file",
  text: "plain text",
  binary: "not an image or a PDF",
};

/** The request's file, checked; a refusal says what to fix. `accepts` is the page's forms or the API's multipart. */
export async function checkCredentialsRequest(request: Request, accepts: "form" | "multipart"): Promise<CredentialsCheck> {
  const body = await readBody(request, { maxBytes: MAX_CREDENTIALS_BODY_BYTES, accepts: [accepts], files: [CREDENTIALS_FIELD] });
  if (isRefusal(body)) return refusalOf(body);
  const file = body.files.find((candidate) => candidate.field === CREDENTIALS_FIELD);
  if (!file || (file.bytes.length === 0 && file.name === "")) return { ok: false, status: 400, message: credentialsRefusals.missing };
  return checkCredentials(file.bytes);
}

function refusalOf(refusal: BodyRefusal): CredentialsCheck {
  if (refusal.refused === "too-large") return { ok: false, status: 413, message: credentialsRefusals.tooLarge };
  if (refusal.refused === "media-type" || refusal.refused === "method")
    return { ok: false, status: 415, message: `Send the file as multipart/form-data, in a file field named '${CREDENTIALS_FIELD}'.` };
  if (refusal.refused === "file-in-text-field")
    return {
      ok: false,
      status: 400,
      message: `Send the file in the field named '${CREDENTIALS_FIELD}'; '${refusal.field}' takes no file.`,
    };
  return { ok: false, status: 400, message: credentialsRefusals.malformed };
}

/** A file's credentials and XMP label, or why the file cannot be checked. */
export async function checkCredentials(bytes: Uint8Array): Promise<CredentialsCheck> {
  if (bytes.length === 0) return { ok: false, status: 400, message: credentialsRefusals.empty };
  if (bytes.length > documentLimits.fileBytes) return { ok: false, status: 413, message: credentialsRefusals.tooLarge };
  const sniffed = sniffDocumentType(bytes);
  const format: SourceFormat | undefined = sniffed in formats ? formats[sniffed as keyof typeof formats] : undefined;
  if (!format) return { ok: false, status: 400, message: credentialsRefusals.unsupported(kinds[sniffed] ?? "not an image or a PDF") };
  let summary;
  try {
    summary = await readCredentials(bytes, format);
  } catch (error) {
    // c2pa-rs refuses a container it cannot parse (a truncated image): the file, not the check, is at fault.
    log("info", "credentials check: unreadable file", { format, ...describeError(error) });
    return { ok: false, status: 400, message: credentialsRefusals.unreadable(kinds[sniffed]!) };
  }
  const xmp = await xmpDigitalSourceTypes(bytes, format);
  const found = summary.state !== "none";
  return {
    ok: true,
    report: {
      format,
      found,
      state: summary.state,
      stateWords: stateWords[summary.state],
      ...(summary.signer ? { signer: summary.signer } : {}),
      ...(summary.issuer ? { issuer: summary.issuer } : {}),
      ...(summary.claimGenerator ? { claimGenerator: summary.claimGenerator } : {}),
      actions: summary.actions.map((action) => ({
        action: action.action,
        ...(action.softwareAgent ? { softwareAgent: action.softwareAgent } : {}),
        ...(action.digitalSourceType ? { source: sourceReading(action.digitalSourceType) } : {}),
      })),
      ...(summary.digitalSourceType ? { aiSource: sourceReading(summary.digitalSourceType) } : {}),
      ingredients: summary.ingredients,
      failures: summary.failures,
      xmpSourceTypes: xmp.map(sourceReading),
      ...(found ? {} : { note: ABSENCE_NOTE }),
    },
  };
}

const stateWords: Record<ValidationState, string> = {
  valid: "Valid: signed, intact since it was signed, and by a signer a trusted authority vouches for.",
  tampered: "Tampered: the file was changed after it was signed (or its credentials are damaged).",
  untrusted: "Untrusted signer: intact, but signed by a certificate no trusted authority vouches for.",
  none: "No Content Credentials were found in this file.",
};

/** IPTC's digital source types (cv.iptc.org/newscodes/digitalsourcetype, read 2026-11-29), in words. */
const sourceWords: Record<string, string> = {
  trainedAlgorithmicMedia: "made by an AI model",
  compositeWithTrainedAlgorithmicMedia: "made by an AI model, composited with other material",
  compositeSynthetic: "made by an AI model or algorithm, composited with other material",
  algorithmicMedia: "made by an algorithm",
  algorithmicallyEnhanced: "enhanced by an algorithm",
  digitalCapture: "captured by a camera or recorder",
  negativeFilm: "scanned from a film negative",
  positiveFilm: "scanned from film",
  print: "scanned from a print",
  humanEdits: "edited by a person",
  compositeCapture: "composited from captured material",
  screenCapture: "a screen capture",
  minorHumanEdits: "lightly edited by a person",
  composite: "a composite",
  dataDrivenMedia: "made from data",
  digitalCreation: "made by a person with digital tools",
  virtualRecording: "recorded in a virtual environment",
};

/** A source type URI with its words; one outside IPTC's list keeps its own last segment. */
export function sourceReading(uri: string): SourceTypeReading {
  const code = uri.split("/").at(-1) ?? uri;
  return { uri, words: sourceWords[code] ?? `source type '${code}'`, ai: /trainedAlgorithmicMedia|compositeSynthetic/.test(code) };
}
