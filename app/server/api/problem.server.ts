// Every refusal on /api/ is an RFC 9457 problem document (application/problem+json) whose `type`
// names the case for good: clients switch on it, people follow it to the docs page's section.
export const problemTypes = {
  "invalid-request": { status: 400, title: "Invalid request" },
  unauthorized: { status: 401, title: "Missing or invalid API key" },
  "forbidden-plan": { status: 403, title: "Your plan does not include API access" },
  "not-found": { status: 404, title: "Not found" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "idempotency-conflict": { status: 409, title: "A request with this Idempotency-Key is still running" },
  "payload-too-large": { status: 413, title: "Request body too large" },
  "unsupported-media-type": { status: 415, title: "Unsupported request content type" },
  "idempotency-key-reused": { status: 422, title: "This Idempotency-Key was used for another request" },
  "quota-exceeded": { status: 429, title: "Monthly quota used up" },
  "rate-limited": { status: 429, title: "Too many requests" },
  "provider-failure": { status: 502, title: "The AI provider failed" },
  "server-error": { status: 500, title: "Unexpected server error" },
} as const;

export type ProblemType = keyof typeof problemTypes;

const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** The stable URI of a problem type: its section of the docs page. */
export const problemTypeUri = (type: ProblemType) => `/docs/api#problem-${type}`;

export function problem(
  type: ProblemType,
  detail: string,
  { extra = {}, headers = {} }: { extra?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Response {
  const body = problemBody(type, detail, extra);
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

/** The problem document itself, also sent inside a stream that fails after it started. */
export function problemBody(type: ProblemType, detail: string, extra: Record<string, unknown> = {}) {
  const { status, title } = problemTypes[type];
  return { type: problemTypeUri(type), title, status, detail, ...extra };
}
