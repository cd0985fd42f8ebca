import { isMultipart, isRefusal, MAX_FORM_BYTES, readBody, type BodyRefusal } from "../request-body/read-body.server";
import type { ToolCaller } from "./tool-caller.server";
import type { AnyToolDefinition, ToolForm } from "./tool-definition.server";

// A tool's request read by its definition, the same way for every transport: the body by the
// tool's rules (its file field and limits), then the tool's own reading of its files. What a
// refusal says is the transport's.

/** The read form, with the body's kind and fingerprint (the developer API's Idempotency-Key). */
export type ToolRequest<Result> = ToolForm<Result> & { fingerprint: () => Promise<string> };

/** A refused body; `kept` when an upload over its limit left its text fields readable. */
export type ToolRequestRefusal = BodyRefusal;

export async function readToolRequest<Result>(
  request: Request,
  definition: AnyToolDefinition<Result>,
  caller: ToolCaller,
  accepts: "form" | "json",
): Promise<ToolRequest<Result> | ToolRequestRefusal> {
  const upload = definition.upload;
  const as = accepts === "json" ? "json" : "form";
  if (upload?.required && !isMultipart(request)) return { refused: "media-type", as, maxBytes: upload.maxBytes };
  const body = await readBody(request, {
    maxBytes: upload?.maxBytes ?? MAX_FORM_BYTES,
    textMaxBytes: upload?.textMaxBytes ?? MAX_FORM_BYTES,
    // The developer API takes JSON, and multipart only from a tool that takes files.
    accepts: accepts === "form" ? ["form"] : upload ? ["json", "multipart"] : ["json"],
    files: upload ? [upload.field, ...(upload.otherFields ?? [])] : [],
  });
  if (isRefusal(body)) return body;
  // In a JSON body, null means the field is absent (the developer API's contract).
  const values = body.kind === "json" ? Object.fromEntries(Object.entries(body.values).filter(([, value]) => value !== null)) : body.values;
  const form = upload ? await upload.accept({ values, files: body.files }, caller) : { values };
  return { ...form, fingerprint: body.fingerprint };
}

/**
 * A page's answer to an upload over its limit: the fields as typed, the refusal beside the file
 * field (413), as the form was sent back for any field to fix; undefined when nothing was kept.
 */
export function keptAfterRefusal<Result>(refusal: ToolRequestRefusal, definition: AnyToolDefinition<Result>): ToolForm<Result> | undefined {
  const upload = definition.upload;
  if (!refusal.kept || !upload) return undefined;
  return { values: refusal.kept, fieldErrors: { [upload.field]: upload.tooLarge }, status: 413 };
}
