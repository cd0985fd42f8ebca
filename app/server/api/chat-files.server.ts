import { sha256Hex } from "../account/secure-random.server";
import { readChatUpload, type SentFile } from "../tools/chat-attachments.server";
import { problem } from "./problem.server";

// POST /api/v1/chat as multipart/form-data: the JSON body's fields as text parts (`history` as JSON
// text) and the files as parts named `files`, read by the page's rules (chat-attachments.server.ts).

export type ChatMultipartBody = {
  text: string;
  json: Record<string, unknown>;
  files: SentFile[];
  fieldErrors?: Record<string, string>;
};

export async function readChatMultipart(request: Request): Promise<ChatMultipartBody | Response> {
  const form = await readChatUpload(request);
  if (!("values" in form) || form.status === 413) {
    const detail = "values" in form ? Object.values(form.fieldErrors ?? {})[0]! : form.message;
    if (form.status === 413) return problem("payload-too-large", detail);
    return problem("invalid-request", detail, { extra: { errors: { body: "Send a well-formed multipart/form-data body." } } });
  }
  const { stream, ...values } = form.values;
  // A text part says true or false; the JSON body's boolean is what the endpoint checks.
  const json: Record<string, unknown> = {
    ...values,
    ...(stream === undefined ? {} : { stream: stream === "true" ? true : stream === "false" ? false : stream }),
  };
  // The Idempotency-Key compares requests by their content, not their bytes (a new boundary each retry).
  const files = await Promise.all(form.files.map((file) => sha256Hex(file.data)));
  const text = JSON.stringify({ values: Object.entries(form.values).sort(([a], [b]) => (a < b ? -1 : 1)), files });
  return { text, json, files: form.files, ...(form.fieldErrors ? { fieldErrors: form.fieldErrors } : {}) };
}
