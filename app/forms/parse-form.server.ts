import { data } from "react-router";
import type { z } from "zod";

// Reading a tool form safely: the wrong content type, an oversized or malformed body, or a file
// where text belongs answer 4xx with a message; never a 500 (DEVELOPERS.md 'Bad input').
export const MAX_FORM_BYTES = 64 * 1024;

import { concatBytes } from "~/server/media/concat-bytes";
import { discardRest } from "~/server/request-body.server";
import type { FormValues } from "~/shared/tool-action-data";
export type { FormValues };

export type ParsedForm<T> =
  | { ok: true; data: T; values: FormValues }
  | { ok: false; values: FormValues; fieldErrors: Record<string, string>; status: 400 };


/** Reads the body as a form (at most maxBytes), or throws a 4xx response the route's error boundary shows. */
export async function readForm(request: Request, maxBytes: number = MAX_FORM_BYTES): Promise<FormValues> {
  const { values, files } = await readUploadForm(request, maxBytes);
  const file = Object.keys(files)[0];
  if (file !== undefined) throw data(`The field "${file}" must be text, not a file.`, { status: 400 });
  return values;
}

/** A form with files (the image editor's upload): text fields as values, files as bytes. */
export async function readUploadForm(
  request: Request,
  maxBytes: number,
): Promise<{ values: FormValues; files: Record<string, Uint8Array> }> {
  if (request.method !== "POST") {
    throw data("This address accepts only GET and POST.", { status: 405, headers: { Allow: "GET, HEAD, POST" } });
  }
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    throw data("Send this form as application/x-www-form-urlencoded or multipart/form-data.", { status: 415 });
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const body = await readLimited(request, maxBytes);
  let form: FormData;
  try {
    form = await new Request(request.url, {
      method: "POST",
      headers: { "content-type": request.headers.get("content-type")! },
      body,
    }).formData();
  } catch {
    throw data("The form could not be read. Please reload the page and try again.", { status: 400 });
  }
  const values: FormValues = {};
  const files: Record<string, Uint8Array> = {};
  for (const [name, value] of form) {
    if (name in values || name in files) continue; // a repeated field: the first one counts
    if (typeof value === "string") values[name] = value;
    else files[name] = new Uint8Array(await value.arrayBuffer());
  }
  return { values, files };
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

function tooLarge(maxBytes: number) {
  const limit = maxBytes >= 1024 * 1024 ? `${Math.floor(maxBytes / (1024 * 1024))} MB` : `${maxBytes / 1024} KB`;
  return data(`The form is too large: the limit is ${limit}.`, { status: 413 });
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
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}
