import { data } from "react-router";
import { sha256Hex } from "../account/secure-random.server";
import type { FormValues } from "~/shared/tool-action-data";
import { BodyTooLargeError, readFieldsAroundUpload, readLimited } from "./body-bytes.server";

// Every request body the app reads comes through here: a form (URL-encoded or multipart, with files
// where the rules allow them) or a JSON object, never buffered past its limit, refused with a typed
// reason (decision 018: a 4xx with a message, never a 500). What the refusal says is each
// transport's: the page's words, the chat stream's JSON, the API's problem documents.

/** The small forms' limit: text fields only. */
export const MAX_FORM_BYTES = 64 * 1024;

/** A file the body carried: its field, its name as the client sent it, its bytes. */
export type BodyFile = { field: string; name: string; bytes: Uint8Array };

/** A body read: its fields (strings from a form; any JSON value from JSON), its files, and a fingerprint of its content. */
export type Body = {
  kind: "form" | "json";
  values: Record<string, unknown>;
  files: BodyFile[];
  /** The same for the same content, whatever multipart boundary a retry picks (the Idempotency-Key compares it). */
  fingerprint: () => Promise<string>;
};

/** Why a body was not read. */
export type BodyRefusal = {
  refused: "method" | "media-type" | "too-large" | "malformed" | "not-an-object" | "file-in-text-field";
  /** The body was (or was to be) read as a form or as JSON. */
  as: "form" | "multipart" | "json";
  maxBytes: number;
  /** The text field that carried a file. */
  field?: string;
  /** A multipart upload over its limit (from its headers): the text fields read around the file, for a page to show again. */
  kept?: FormValues;
};

export type BodyRules = {
  /** The most a body may hold: a multipart one when `files` are allowed, else any. */
  maxBytes: number;
  /** The limit of a body with no file (a URL-encoded form beside an upload form); `maxBytes` by default. */
  textMaxBytes?: number;
  /** The bodies taken: forms, URL-encoded or multipart (the pages); multipart only; JSON (the developer API). */
  accepts: readonly ("form" | "multipart" | "json")[];
  /** Fields that may carry files; a file in any other field is refused. */
  files?: readonly string[];
};

export const isRefusal = (read: Body | BodyRefusal): read is BodyRefusal => "refused" in read;

export const isMultipart = (request: Request) =>
  request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data") ?? false;

const typeOf = (request: Request) => request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();

/** The body by the rules, or why not. */
export async function readBody(request: Request, rules: BodyRules): Promise<Body | BodyRefusal> {
  const type = typeOf(request);
  const multipart = type === "multipart/form-data";
  const as = type === "application/json" ? "json" : multipart ? "multipart" : "form";
  const maxBytes = multipart && rules.files?.length ? rules.maxBytes : (rules.textMaxBytes ?? rules.maxBytes);
  const refuse = (refused: BodyRefusal["refused"], more: Partial<BodyRefusal> = {}): BodyRefusal => ({ refused, as, maxBytes, ...more });
  if (request.method !== "POST") return refuse("method");
  const taken =
    (type === "application/x-www-form-urlencoded" && rules.accepts.includes("form")) ||
    (multipart && (rules.accepts.includes("form") || rules.accepts.includes("multipart"))) ||
    (as === "json" && rules.accepts.includes("json"));
  if (!taken) return refuse("media-type");
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) {
    // An upload over the limit: its text fields still come back to the page, beside the refusal.
    return refuse("too-large", multipart && rules.files?.length ? { kept: await readFieldsAroundUpload(request) } : {});
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readLimited(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refuse("too-large");
    throw error;
  }
  return as === "json" ? readJson(bytes, refuse) : readForm(request, bytes, rules, refuse);
}

function readJson(bytes: Uint8Array, refuse: (refused: BodyRefusal["refused"]) => BodyRefusal): Body | BodyRefusal {
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse("malformed");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return refuse("not-an-object");
  return { kind: "json", values: json as Record<string, unknown>, files: [], fingerprint: async () => text };
}

async function readForm(
  request: Request,
  body: Uint8Array<ArrayBuffer>,
  rules: BodyRules,
  refuse: (refused: BodyRefusal["refused"], more?: Partial<BodyRefusal>) => BodyRefusal,
): Promise<Body | BodyRefusal> {
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type")! },
      body,
    }).formData();
  } catch {
    return refuse("malformed");
  }
  const values: FormValues = {};
  const files: BodyFile[] = [];
  for (const [field, value] of form) {
    if (typeof value === "string")
      values[field] ??= value; // a repeated field: the first one counts
    else if (rules.files?.includes(field)) files.push({ field, name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
    else return refuse("file-in-text-field", { field });
  }
  const sorted = (entries: string[][]) => entries.sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0));
  const fingerprint = async () => {
    const digests = await Promise.all(files.map(async (file) => [file.field, await sha256Hex(file.bytes)]));
    return JSON.stringify({ values: sorted(Object.entries(values)), files: sorted(digests) });
  };
  return { kind: "form", values, files, fingerprint };
}

/** The pages' words for a refused form body; `tooLarge`, an upload's own words for files over the limit. */
export function formRefusalMessage(refusal: BodyRefusal, tooLarge?: string): string {
  switch (refusal.refused) {
    case "method":
      return "This address accepts only GET and POST.";
    case "media-type":
      return "Send this form as application/x-www-form-urlencoded or multipart/form-data.";
    case "too-large": {
      if (tooLarge && refusal.as === "multipart") return tooLarge;
      const { maxBytes } = refusal;
      const limit = maxBytes >= 1024 * 1024 ? `${Math.floor(maxBytes / (1024 * 1024))} MB` : `${maxBytes / 1024} KB`;
      return `The form is too large: the limit is ${limit}.`;
    }
    case "file-in-text-field":
      return `The field "${refusal.field}" must be text, not a file.`;
    default:
      return "The form could not be read. Please reload the page and try again.";
  }
}

/** The status of a refused body. */
export const refusalStatus = (refusal: BodyRefusal) =>
  ({ method: 405, "media-type": 415, "too-large": 413, malformed: 400, "not-an-object": 400, "file-in-text-field": 400 })[
    refusal.refused
  ] as 400 | 405 | 413 | 415;

/**
 * A form's text fields (the account pages, share and report forms), or the 4xx page the route's
 * error boundary shows; files in the `files` fields are allowed and left out (a Share post of the chat form).
 */
export async function readFormFields(
  request: Request,
  maxBytes: number = MAX_FORM_BYTES,
  files: readonly string[] = [],
): Promise<FormValues> {
  const read = await readBody(request, { maxBytes, accepts: ["form"], files });
  if (!isRefusal(read)) return read.values as FormValues;
  const headers = read.refused === "method" ? { Allow: "GET, HEAD, POST" } : undefined;
  throw data(formRefusalMessage(read), { status: refusalStatus(read), ...(headers ? { headers } : {}) });
}
