import { isMultipart, isRefusal, MAX_FORM_BYTES, readBody, type BodyRefusal } from "../request-body/read-body.server";
import type { ToolCaller } from "./tool-caller.server";
import type { AnyToolDefinition, ToolForm } from "./tool-definition.server";

// A tool's request read by its definition, the same way for every transport: the body by the
// tool's rules (its file field and limits), then the tool's own reading of its files. What a
// refusal says is the transport's.

/** The read form, with the body's kind and fingerprint (the developer API's Idempotency-Key). */
export type ToolRequest<Result> = ToolForm<Result> & { fingerprint: () => Promise<string> };

/** A refused body (a page's upload over its limit is not one: readToolRequest hands it back as the form). */
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
  if (isRefusal(body)) {
    // A page's upload over its limit: the fields as typed come back, the refusal beside the file
    // field (413), as the form is sent back for any field to fix. The API answers a problem instead.
    if (accepts !== "form" || !body.kept || !upload) return body;
    const kept = body.kept;
    return { values: kept, fieldErrors: { [upload.field]: upload.tooLarge }, status: 413, fingerprint: async () => JSON.stringify(kept) };
  }
  // In a JSON body, null means the field is absent (the developer API's contract).
  const values = body.kind === "json" ? Object.fromEntries(Object.entries(body.values).filter(([, value]) => value !== null)) : body.values;
  const form = upload ? await upload.accept({ values, files: body.files }, caller) : { values };
  return { ...form, fingerprint: body.fingerprint };
}
