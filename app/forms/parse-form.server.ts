import { data } from "react-router";
import type { z } from "zod";

// Reading a tool form safely: the wrong content type, an oversized or malformed body, or a file
// where text belongs answer 4xx with a message; never a 500 (docs/decisions/018).
export const MAX_FORM_BYTES = 64 * 1024;

import { concatBytes } from "~/server/media/concat-bytes.server";
import { discardRest } from "~/server/request-body.server";
import type { FormValues } from "~/shared/tool-action-data";
export type { FormValues };

export type ParsedForm<T> =
  { ok: true; data: T; values: FormValues } | { ok: false; values: FormValues; fieldErrors: Record<string, string>; status: 400 };

/** Why a body could not be read as a form: the status and message to answer with. */
export type FormRefusal = { status: 400 | 405 | 413 | 415; message: string; headers?: Record<string, string> };

type UploadForm = {
  values: FormValues;
  files: Record<string, Uint8Array>;
  /** Each file's name as the browser sent it ("" when the field was left empty). */
  fileNames: Record<string, string>;
};

/** Reads the body as a form (at most maxBytes), or throws a 4xx response the route's error boundary shows. */
export async function readForm(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormValues> {
  return orThrow(await tryReadForm(request, maxBytes)).values;
}

/** readUploadForm's text-only twin: a file where text belongs is refused. */
export async function tryReadForm(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<UploadForm | FormRefusal> {
  const form = await tryReadUploadForm(request, maxBytes);
  if (!("values" in form)) return form;
  const file = Object.keys(form.files)[0];
  return file === undefined ? form : { status: 400, message: `The field "${file}" must be text, not a file.` };
}

/** A form with files (the image editor's upload), or throws the 4xx response a page shows. */
export async function readUploadForm(request: Request, maxBytes: number): Promise<UploadForm> {
  return orThrow(await tryReadUploadForm(request, maxBytes));
}

/** A form with files: text fields as values, files as bytes; or why it cannot be read. */
export async function tryReadUploadForm(request: Request, maxBytes: number): Promise<UploadForm | FormRefusal> {
  if (request.method !== "POST") {
    return { status: 405, message: "This address accepts only GET and POST.", headers: { Allow: "GET, HEAD, POST" } };
  }
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    return { status: 415, message: "Send this form as application/x-www-form-urlencoded or multipart/form-data." };
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return tooLarge(maxBytes);
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readLimited(request, maxBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return tooLarge(maxBytes);
    throw error;
  }
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type")! },
      body,
    }).formData();
  } catch {
    return { status: 400, message: "The form could not be read. Please reload the page and try again." };
  }
  const values: FormValues = {};
  const files: Record<string, Uint8Array> = {};
  const fileNames: Record<string, string> = {};
  for (const [name, value] of form) {
    if (name in values || name in files) continue; // a repeated field: the first one counts
    if (typeof value === "string") values[name] = value;
    else {
      files[name] = new Uint8Array(await value.arrayBuffer());
      fileNames[name] = value.name;
    }
  }
  return { values, files, fileNames };
}

function orThrow(form: UploadForm | FormRefusal): UploadForm {
  if ("values" in form) return form;
  throw data(form.message, { status: form.status, ...(form.headers ? { headers: form.headers } : {}) });
}

export function parseForm<S extends z.ZodType>(schema: S, values: FormValues): ParsedForm<z.infer<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data, values };
  const fieldErrors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, values, fieldErrors, status: 400 };
}

function tooLarge(maxBytes: number): FormRefusal {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.floor(maxBytes / (1024 * 1024))} MB` : `${maxBytes / 1024} KB`;
  return { status: 413, message: `The form is too large: the limit is ${limit}.` };
}

/** A body that turned out longer than the bytes a reader would buffer. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes.`);
  }
}

/** The body as bytes, refusing to buffer more than maxBytes whatever Content-Length says. */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader); // not cancel: that loses the connection's next request
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}

/**
 * A multipart body parsed as FormData, never buffering more than maxBytes: `too-large` past it,
 * `unreadable` for a body that is not the multipart it says it is.
 */
export async function readMultipartLimited(request: Request, maxBytes: number): Promise<FormData | "too-large" | "unreadable"> {
  try {
    const body = await readLimited(request, maxBytes);
    const headers = { "content-type": request.headers.get("content-type") ?? "" };
    return await new Request(request.url, { method: "POST", headers, body }).formData();
  } catch (error) {
    return error instanceof BodyTooLargeError ? "too-large" : "unreadable";
  }
}
