import { formRefusalMessage, isRefusal, readBody, type BodyRefusal } from "../request-body/read-body.server";
import type { ToolUpload } from "../tools/tool-definition.server";
import { problem } from "./problem.server";

// The developer API's words for a body it cannot read (the request-body room says why): problem
// documents, with `errors.body` saying what to send.

const sendJson = { extra: { errors: { body: "Send a JSON object." } } };
const sendMultipart = { extra: { errors: { body: "Send a well-formed multipart/form-data body." } } };

/** A refused body as a problem document; `upload` is the endpoint's files (their words for the limit and the field). */
export function bodyProblem(refusal: BodyRefusal, upload?: Pick<ToolUpload<unknown>, "describe" | "tooLarge" | "required">): Response {
  const multipart = refusal.as === "multipart" || upload?.required;
  switch (refusal.refused) {
    case "media-type":
      return upload?.required
        ? problem("unsupported-media-type", `Send this endpoint a multipart/form-data body (curl -F), with ${upload.describe}.`)
        : problem("unsupported-media-type", "Send the request body as JSON with 'Content-Type: application/json'.");
    case "too-large": {
      if (!multipart) return problem("payload-too-large", `The request body is too large: the limit is ${refusal.maxBytes / 1024} KB.`);
      if (!upload?.describe) return problem("payload-too-large", upload?.tooLarge ?? formRefusalMessage(refusal));
      const megabytes = Math.round((refusal.maxBytes / (1024 * 1024)) * 10) / 10;
      return problem(
        "payload-too-large",
        `The request body is too large: the limit is ${megabytes} MB (${upload.describe}, and the fields).`,
      );
    }
    case "malformed":
      if (!multipart) return problem("invalid-request", "The request body is not valid JSON.", sendJson);
      return problem(
        "invalid-request",
        upload?.describe ? "The multipart body could not be read." : formRefusalMessage(refusal),
        sendMultipart,
      );
    case "not-an-object":
      return problem("invalid-request", "The request body must be a JSON object.", sendJson);
    default:
      // A file where text belongs, or a method the middleware let through.
      return problem("invalid-request", formRefusalMessage(refusal), sendMultipart);
  }
}

/** A JSON object body of at most maxBytes (the batch endpoint's documents), or its problem document. */
export async function readJsonBody(request: Request, maxBytes: number): Promise<{ json: Record<string, unknown> } | Response> {
  const body = await readBody(request, { maxBytes, accepts: ["json"] });
  return isRefusal(body) ? bodyProblem(body) : { json: body.values };
}
