import type { ToolId } from "~/content/tools";
import { chatForm } from "~/forms/chat-form";
import { jsonToFormValues } from "~/forms/json-values";
import { MAX_FORM_BYTES, readLimited } from "~/forms/parse-form.server";
import { streamedChat } from "../tools/chat.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { runTool, withInput, type DeferredExtraction, type ToolOutcome } from "../tools/tool-pipeline.server";
import type { ToolEndpoint } from "./api-endpoints.server";
import { streamChatEvents } from "./chat-events-stream.server";
import { claimIdempotencyKey } from "./idempotency.server";
import { readMultipartBody, type MultipartBody, type MultipartRules } from "./image-edits.server";
import { isMultipart } from "../fields-around-upload.server";
import { deferDocument, DOCUMENT_FIELD, MAX_DOCUMENT_FORM_BYTES, withDocumentFile } from "../tools/document-upload.server";
import { problem } from "./problem.server";
import { readChatMultipart } from "./chat-files.server";
import { accountOwner, withChatFiles } from "../tools/chat-files-owner.server";

// A tool endpoint of the developer API: a JSON (or multipart) body in, the tool pipeline's run, and
// JSON, Server-Sent Events or a problem document out. Order, after the shared middleware (method,
// key, rate limit, plan): body → Idempotency-Key → schema → quota → engine.

type WaitUntil = (work: Promise<unknown>) => void;

const documentRules: MultipartRules = {
  maxBytes: MAX_DOCUMENT_FORM_BYTES,
  file: "a PDF, DOCX, TXT or Markdown file of up to 10 MB as a file field named 'document'",
};

export async function answerToolEndpoint(
  request: Request,
  endpoint: ToolEndpoint,
  caller: ToolCaller & { kind: "api-key" },
  origin: string,
  waitUntil?: WaitUntil,
): Promise<Response> {
  const body = endpoint.files
    ? await readMultipartBody(request)
    : endpoint.documents && isMultipart(request)
      ? await readMultipartBody(request, documentRules)
      : endpoint.tool === "chat" && isMultipart(request)
        ? await readChatMultipart(request)
        : await readJsonBody(request, endpoint.maxBytes ?? MAX_FORM_BYTES);
  if (body instanceof Response) return body;
  const claim = await claimIdempotencyKey(request, caller.keyId, body.text);
  if (claim.kind === "answered") return claim.response;
  const store = claim.kind === "claimed" ? claim.store : undefined;
  // An answer is kept for the Idempotency-Key, so a retry gets it again instead of a second run.
  const remember = async (response: Response) => {
    await store?.({
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      body: await response.clone().text(),
    });
    return response;
  };
  try {
    const { stream, ...fields } = body.json;
    let values = jsonToFormValues(fields);
    const checked = endpoint.files?.("files" in body ? (body.files as Record<string, Uint8Array>) : {}, fields) ?? {};
    const fieldErrors: Record<string, string> = "errors" in checked ? { ...(checked.errors as Record<string, string>) } : {};
    let definition = withInput(endpoint, checked);
    // Chat files (multipart) belong to the key's account, as the site's to the signed-in account.
    const chatFiles = "files" in body && Array.isArray(body.files) ? body.files : [];
    const owner = endpoint.tool === "chat" ? await accountOwner(caller.subscriber.email) : "";
    if (endpoint.tool === "chat") definition = withChatFiles(definition, chatFiles, owner);
    if ("fieldErrors" in body) Object.assign(fieldErrors, body.fieldErrors);
    const multipart = "fileNames" in body ? (body as MultipartBody) : undefined;
    let extract: DeferredExtraction<unknown> | undefined;
    if (endpoint.documents && multipart) {
      // A document's text takes the place of the text field, by the page's rules, once the run is paid for.
      const file = withDocumentFile(values, multipart.files[DOCUMENT_FIELD], multipart.fileNames[DOCUMENT_FIELD] ?? "");
      const read = deferDocument(file, endpoint.documents);
      values = read.values;
      Object.assign(fieldErrors, read.fieldErrors);
      if (read.definition) definition = { ...endpoint, ...read.definition };
      extract = read.extract;
    }
    if (stream !== undefined && (endpoint.tool !== "chat" || typeof stream !== "boolean"))
      fieldErrors.stream = streamMessage(endpoint.tool);

    if (stream === true) {
      const outcome = await runTool(caller, withChatFiles(streamedChat(chatForm, waitUntil), chatFiles, owner), values, fieldErrors);
      return outcome.kind === "done" ? streamChatEvents(outcome.result, store) : remember(problemFor(outcome));
    }
    // API results join the subscriber's workspace history like the web's.
    const outcome = await runTool(caller, definition, values, fieldErrors, extract);
    return remember(outcome.kind === "done" ? json(endpoint.toJson(outcome.result, origin)) : problemFor(outcome));
  } catch (error) {
    // Nothing was answered: free the Idempotency-Key so a retry runs instead of waiting on it for a day.
    await store?.({ status: 500, contentType: "", body: "" });
    throw error;
  }
}

function problemFor(outcome: Exclude<ToolOutcome<unknown>, { kind: "done" }>): Response {
  switch (outcome.kind) {
    case "invalid":
      return problem("invalid-request", Object.values(outcome.fieldErrors)[0]!, { extra: { errors: outcome.fieldErrors } });
    case "refused": {
      const resetsAt = new Date((outcome.resetsAt ?? 0) * 1000).toISOString();
      return problem("quota-exceeded", outcome.message, {
        extra: { resetsAt },
        headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      });
    }
    case "failed":
      return problem("provider-failure", outcome.message);
  }
}

const streamMessage = (tool: ToolId) =>
  tool === "chat" ? "stream must be true or false." : "Only the chat endpoint streams; leave stream out.";

/** The body as a JSON object: 415 unless JSON, 413 past maxBytes (however it is sent), 400 unless an object. */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
): Promise<{ text: string; json: Record<string, unknown> } | Response> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json")
    return problem("unsupported-media-type", "Send the request body as JSON with 'Content-Type: application/json'.");
  const tooLarge = () => problem("payload-too-large", `The request body is too large: the limit is ${maxBytes / 1024} KB.`);
  if (Number(request.headers.get("content-length") ?? "0") > maxBytes) return tooLarge();
  let bytes: Uint8Array;
  try {
    bytes = await readLimited(request, maxBytes);
  } catch {
    return tooLarge();
  }
  const text = new TextDecoder().decode(bytes);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return problem("invalid-request", "The request body is not valid JSON.", { extra: { errors: { body: "Send a JSON object." } } });
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return problem("invalid-request", "The request body must be a JSON object.", { extra: { errors: { body: "Send a JSON object." } } });
  }
  return { text, json: json as Record<string, unknown> };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
