import { checkCredentialsRequest } from "../credentials/credentials-check.server";
import { credentialsResponse } from "./api-responses.server";
import { problem } from "./problem.server";
import { json } from "./tool-endpoint.server";

// POST /api/v1/credentials: a file's Content Credentials and XMP AI-source label, as JSON. Not a
// tool (no ToolId, no quota units): free, behind the API middleware's key and rate limits (decision 068).

const problemTypeOf = { 400: "invalid-request", 413: "payload-too-large", 415: "unsupported-media-type" } as const;

export async function answerCredentialsEndpoint(request: Request): Promise<Response> {
  const check = await checkCredentialsRequest(request, "multipart");
  if (check.ok) return json(credentialsResponse.parse(check.report));
  return problem(problemTypeOf[check.status], check.message, check.status === 400 ? { extra: { errors: { file: check.message } } } : {});
}
