// The Files API of the fake OpenAI (openai-server.mjs): POST /v1/files (multipart), GET and DELETE
// /v1/files/{id}, and the store /v1/responses looks an `input_image` `file_id` up in. Read on
// 2026-11-29: openai-node 7.57.0 `resources/files.d.ts` (FileCreateParams: `file`, `purpose` one of
// assistants, batch, fine-tune, vision, user_data, evals; `expires_after` `{ anchor: "created_at",
// seconds }` with seconds between 3600 and 2592000; FileObject; FileDeleted `{ id, object: "file",
// deleted: true }`). An unknown id is a 404 "No such File object: <id>" (the Files API's wording, as
// quoted in openai/openai-dotnet's examples: "HTTP 404 (invalid_request_error: ) Parameter: id"), and
// so is a file another key uploaded (`filesOf`).
import { apiError, invalidValue } from "./openai-catalog.mjs";

const PURPOSES = ["assistants", "batch", "fine-tune", "vision", "user_data", "evals"];
const missing = (param) => apiError(400, `Missing required parameter: '${param}'.`, { param, code: "missing_required_parameter" });
export const noSuchFile = (id, param = "id") => apiError(404, `No such File object: ${id}`, { param });

/** The files the fake holds: by API key, then by id. */
export function fileStore() {
  return new Map();
}

/**
 * The files one API key can see. A file belongs to the organization and project of the key that
 * uploaded it; the fake treats every key as its own project, so another key's file is a 404, as
 * OpenAI answers a key of another project.
 */
export function filesOf(store, authorization) {
  const key = /^Bearer (\S+)$/.exec(String(authorization ?? ""))?.[1] ?? "";
  if (!store.has(key)) store.set(key, new Map());
  return store.get(key);
}

/** POST /v1/files: `{ problem }` (an API error) or `{ file }` (the stored FileObject); `record` is what the test sees. */
export async function uploadFile(raw, contentType, files, n) {
  let form;
  try {
    form = await new Request("http://fake/", { method: "POST", headers: { "content-type": contentType }, body: raw }).formData();
  } catch {
    return { problem: apiError(400, "Could not parse multipart form", { code: "invalid_multipart" }), record: null };
  }
  const file = form.get("file");
  const purpose = form.get("purpose");
  const anchor = form.get("expires_after[anchor]");
  const seconds = form.get("expires_after[seconds]");
  const bytes = file && typeof file !== "string" ? Buffer.from(await file.arrayBuffer()) : undefined;
  const record = { purpose, expires_after: anchor || seconds ? { anchor, seconds: Number(seconds) } : undefined };
  if (bytes) Object.assign(record, { file: { name: file.name, type: file.type, size: bytes.length } });
  if (!bytes) return { problem: missing("file"), record };
  if (!purpose) return { problem: missing("purpose"), record };
  if (!PURPOSES.includes(purpose)) return { problem: invalidValue("purpose", purpose, PURPOSES), record };
  if (record.expires_after) {
    if (anchor !== "created_at") return { problem: invalidValue("expires_after.anchor", anchor, ["created_at"]), record };
    if (!Number.isInteger(record.expires_after.seconds) || record.expires_after.seconds < 3600 || record.expires_after.seconds > 2592000) {
      return {
        problem: apiError(400, `Invalid 'expires_after.seconds': expected a value between 3600 and 2592000, but got ${seconds} instead.`, {
          param: "expires_after.seconds",
          code: "invalid_value",
        }),
        record,
      };
    }
  }
  const createdAt = Math.floor(Date.now() / 1000);
  const stored = {
    id: `file-fake${n}${Math.random().toString(36).slice(2, 10)}`,
    object: "file",
    bytes: bytes.length,
    created_at: createdAt,
    expires_at: record.expires_after ? createdAt + record.expires_after.seconds : null,
    filename: file.name,
    purpose,
    status: "processed",
  };
  files.set(stored.id, stored);
  return { file: stored, record };
}

/** GET or DELETE /v1/files/{id}: `{ status, body }` (the file, its deletion, or the 404). */
export function fileById(method, id, files) {
  const file = files.get(id);
  if (!file) return noSuchFile(id);
  if (method === "DELETE") {
    files.delete(id);
    return { status: 200, body: { id, object: "file", deleted: true } };
  }
  return { status: 200, body: file };
}
