import { batchLimits } from "~/forms/batch-limits";
import { z } from "~/forms/zod";
import { strictnessField } from "~/forms/strictness-field";
import type { Strictness } from "~/shared/strictness";
import { isMultipart } from "../request-body/read-body.server";
import { MAX_BATCH_BODY_BYTES, readBatchUpload } from "../reports/batch-upload.server";
import { runBatch, type BatchInput } from "../reports/batches.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { batchResponse } from "./detection-responses.server";
import { problem } from "./problem.server";
import { readJsonBody } from "./api-body.server";
import { json } from "./tool-endpoint.server";

// POST /api/v1/detect/batch: up to 20 documents as multipart 'files', or as JSON
// {documents: [{name, text}], strictness}; every file read at the one level (balanced by default), scanned and charged per file exactly as on the page (batches.server.ts).
// The answer names each file's report, or its problem; a batch larger than the quota left is a 429
// with nothing scanned or charged.

export const batchRequest = z.object({
  documents: z
    .array(
      z.object({
        name: z.string().trim().min(1, "Each document needs a name.").max(255, "A document's name is at most 255 characters."),
        text: z.string().describe("The document's text; paragraphs separated by blank lines"),
      }),
    )
    .min(1, "Send at least one document.")
    .max(batchLimits.files, `A batch takes up to ${batchLimits.files} documents.`),
  strictness: strictnessField,
});

export async function answerBatchEndpoint(request: Request, caller: ToolCaller & { kind: "api-key" }, origin: string): Promise<Response> {
  const read = await batchInputs(request);
  if (read instanceof Response) return read;
  const outcome = await runBatch(caller, read.inputs, read.strictness);
  if (outcome.kind === "refused") {
    return problem("quota-exceeded", outcome.message, {
      extra: { resetsAt: new Date(Date.now() + outcome.retryAfterSeconds * 1000).toISOString() },
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  const { batch } = outcome;
  return json(
    batchResponse.parse({
      id: batch.id,
      url: `${origin}/ai-detector/batch/${batch.id}`,
      files: batch.files,
      scanned: batch.scanned,
      strictness: batch.strictness,
      results: batch.rows.map(({ reportId, ...row }) => ({
        ...row,
        report: reportId ? { id: reportId, url: `${origin}/reports/${reportId}` } : null,
      })),
    }),
  );
}

async function batchInputs(request: Request): Promise<{ inputs: BatchInput[]; strictness: Strictness } | Response> {
  if (isMultipart(request)) {
    const upload = await readBatchUpload(request);
    if ("inputs" in upload) return upload;
    if (upload.status === 413) return problem("payload-too-large", upload.message);
    return problem("invalid-request", upload.message, { extra: { errors: { [upload.field ?? "files"]: upload.message } } });
  }
  const body = await readJsonBody(request, MAX_BATCH_BODY_BYTES);
  if (body instanceof Response) return body;
  const parsed = batchRequest.safeParse(body.json);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "body"] ??= issue.message;
    return problem("invalid-request", Object.values(errors)[0]!, { extra: { errors } });
  }
  return { inputs: parsed.data.documents, strictness: parsed.data.strictness };
}
