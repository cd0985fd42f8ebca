import { quotaUnits } from "~/content/plans";
import type { ToolId } from "~/content/tools";
import type { ChatInput } from "~/forms/chat-form";
import { jsonToFormValues } from "~/forms/json-values";
import { MAX_FORM_BYTES, parseForm, readLimited } from "~/forms/parse-form.server";
import { consumeQuota, quotaPeriod, quotaUsedUp, usageInPeriod } from "../billing/quotas.server";
import { subscriberFor, type Subscriber } from "../billing/subscriber.server";
import { describeError, log } from "../log.server";
import { runClaimedTool } from "../tools/tool-run.server";
import { recordToolResult } from "../workspace/history.server";
import { apiAccess } from "./api-access.server";
import { authenticateApiKey } from "./api-keys.server";
import { takeApiRequest } from "./api-rate-limit.server";
import { toolEndpoints, type ToolEndpoint } from "./api-endpoints.server";
import { usageResponse } from "./api-responses.server";
import { streamChatEvents } from "./chat-events-stream.server";
import { claimIdempotencyKey, type StoredAnswer } from "./idempotency.server";
import { readMultipartBody } from "./image-edits.server";
import { openApiDocument } from "./openapi.server";
import { problem } from "./problem.server";

// Everything under /api/ except the chat page's own stream (/api/chat). Only a bearer key
// authenticates (never the session cookie, so no other site can spend a subscriber's quota), and
// every answer is JSON: problem details for refusals, never an HTML page or a stack.
// Order: route → key → rate limit → plan → body → Idempotency-Key → schema → quota → engine.

type WaitUntil = (work: Promise<unknown>) => void;

export async function handleApiRequest(request: Request, waitUntil?: WaitUntil): Promise<Response> {
  try {
    return await routeApiRequest(request, waitUntil);
  } catch (error) {
    log("error", "api request failed", describeError(error));
    return problem("server-error", "Something went wrong on our side. Please try again; if it keeps happening, contact support.");
  }
}

async function routeApiRequest(request: Request, waitUntil?: WaitUntil): Promise<Response> {
  const url = new URL(request.url);
  const name = url.pathname.replace(/^\/api\/v1\//, "");
  const isV1 = url.pathname.startsWith("/api/v1/");
  if (isV1 && name === "openapi.json") {
    if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET, HEAD");
    return Response.json(openApiDocument(url.origin), { headers: { "Cache-Control": "public, max-age=300" } });
  }
  const tool = isV1 ? toolEndpoints[name] : undefined;
  if (!tool && !(isV1 && name === "usage")) {
    return problem("not-found", `There is no API endpoint at ${url.pathname}. The endpoints are listed at /api/v1/openapi.json.`);
  }
  const allowed = tool ? "POST" : "GET, HEAD";
  if (!allowed.split(", ").includes(request.method)) return methodNotAllowed(allowed);

  const caller = await authenticateApiKey(request);
  if (!caller) {
    return problem(
      "unauthorized",
      "Send your API key as 'Authorization: Bearer cf_live_…'. Create one on your dashboard; revoked keys stop working.",
      {
        headers: { "WWW-Authenticate": 'Bearer realm="api"' },
      },
    );
  }
  const rate = await takeApiRequest(caller);
  const answer = async () => {
    if (!rate.allowed) {
      const who = rate.refusedBy === "per-account" ? "Your account's keys together have" : "This key has";
      return problem("rate-limited", `${who} made too many requests this minute. Retry after the number of seconds in Retry-After.`, {
        extra: { policy: rate.refusedBy },
      });
    }
    const subscriber = await subscriberFor(caller.email);
    const refusal = planRefusal(subscriber);
    if (refusal || !subscriber) return refusal!;
    return tool ? runToolEndpoint(request, tool, subscriber, caller.keyId, url.origin, waitUntil) : usageJson(subscriber);
  };
  const response = await answer();
  for (const [header, value] of Object.entries(rate.headers)) response.headers.set(header, value);
  return response;
}

function methodNotAllowed(allow: string): Response {
  return problem("method-not-allowed", `This endpoint accepts ${allow.replace(", HEAD", "")} only.`, { headers: { Allow: allow } });
}

/** API access comes with an active or trialing Pro or Startup subscription (api-access.server.ts). */
function planRefusal(subscriber: Subscriber | undefined): Response | undefined {
  const access = apiAccess(subscriber);
  if (access === "available") return undefined;
  const detail = {
    "no-subscription": "This account has no subscription. API access comes with the Pro and Startup plans: /pricing.",
    "basic-plan": "The Basic plan does not include API access. Upgrade to Pro or Startup: /pricing.",
    "subscription-inactive": `Your subscription is not active (status: ${subscriber?.subscription.status}). Update your payment method from the dashboard to use the API again.`,
  }[access];
  return problem("forbidden-plan", detail, { extra: { reason: access } });
}

async function usageJson(subscriber: Subscriber): Promise<Response> {
  const period = quotaPeriod(subscriber.subscription);
  const used = await usageInPeriod(subscriber.customerId, period);
  const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
  return json(
    usageResponse.parse({
      plan: { id: subscriber.plan.id, name: subscriber.plan.name },
      status: subscriber.subscription.status,
      period: { start: iso(period.start), end: iso(period.end) },
      tools: (Object.keys(quotaUnits) as ToolId[]).map((tool) => ({
        tool,
        ...quotaUnits[tool],
        used: used[tool] ?? 0,
        limit: subscriber.plan.quotas[tool],
      })),
    }),
  );
}

async function runToolEndpoint(
  request: Request,
  endpoint: ToolEndpoint,
  subscriber: Subscriber,
  keyId: string,
  origin: string,
  waitUntil?: WaitUntil,
): Promise<Response> {
  const body = endpoint.files ? await readMultipartBody(request) : await readJsonBody(request, endpoint.maxBytes ?? MAX_FORM_BYTES);
  if (body instanceof Response) return body;
  const claim = await claimIdempotencyKey(request, keyId, body.text);
  if (claim.kind === "answered") return claim.response;
  const store = claim.kind === "claimed" ? claim.store : undefined;
  try {
    return await answerToolCall(
      body.json,
      endpoint,
      subscriber,
      origin,
      store,
      waitUntil,
      "files" in body ? (body.files as Record<string, Uint8Array>) : undefined,
    );
  } catch (error) {
    // Nothing was answered: free the Idempotency-Key so a retry runs instead of waiting on it for a day.
    await store?.({ status: 500, contentType: "", body: "" });
    throw error;
  }
}

async function answerToolCall(
  input: Record<string, unknown>,
  endpoint: ToolEndpoint,
  subscriber: Subscriber,
  origin: string,
  store: ((answer: StoredAnswer) => Promise<void>) | undefined,
  waitUntil?: WaitUntil,
  files?: Record<string, Uint8Array>,
): Promise<Response> {
  const remember = async (response: Response) => {
    if (store)
      await store({
        status: response.status,
        contentType: response.headers.get("content-type") ?? "",
        body: await response.clone().text(),
      });
    return response;
  };

  const { stream, ...fields } = input;
  const parsed = parseForm(endpoint.schema, jsonToFormValues(fields));
  const streamError = stream !== undefined && (endpoint.tool !== "chat" || typeof stream !== "boolean");
  const checkedFiles = endpoint.files?.(files ?? {}, fields) ?? {};
  const fileErrors = "errors" in checkedFiles ? (checkedFiles.errors as Record<string, string>) : {};
  if (!parsed.ok || streamError || Object.keys(fileErrors).length > 0) {
    const errors = {
      ...fileErrors,
      ...(parsed.ok ? {} : parsed.fieldErrors),
      ...(streamError ? { stream: streamMessage(endpoint.tool) } : {}),
    };
    return remember(problem("invalid-request", Object.values(errors)[0]!, { extra: { errors } }));
  }

  const units = Math.max(1, Math.ceil(endpoint.units?.(parsed.data) ?? 1));
  const claimQuota = await consumeQuota(subscriber, endpoint.tool, units);
  if (!claimQuota.ok) {
    const resetsAt = new Date(claimQuota.resetsAt * 1000).toISOString();
    return remember(
      problem("quota-exceeded", `${quotaUsedUp(subscriber, endpoint.tool, claimQuota.quota)} It resets at ${resetsAt}.`, {
        extra: { resetsAt },
        headers: { "Retry-After": String(Math.max(1, claimQuota.resetsAt - Math.floor(Date.now() / 1000))) },
      }),
    );
  }

  if (stream === true) {
    const input = parsed.data as ChatInput;
    const keep = (content: string) =>
      recordToolResult(subscriber.email, "chat", "api", jsonToFormValues(fields), {
        conversation: [...input.history, { role: "user", content: input.message }, { role: "assistant", content }],
      }).then(() => undefined);
    return streamChatEvents(input, claimQuota.refund, store, waitUntil, keep);
  }
  // API results join the subscriber's workspace history like the web's.
  const outcome = await runClaimedTool({
    tool: endpoint.tool,
    channel: "api",
    values: jsonToFormValues(fields),
    owner: subscriber.email,
    release: claimQuota.refund,
    run: (options) => endpoint.run({ ...(parsed.data as object), ...checkedFiles }, options),
  });
  switch (outcome.kind) {
    case "done":
      return remember(json(endpoint.toJson(outcome.result, origin)));
    case "invalid":
      // What only decoding can find (an image damaged halfway, one the offline editor cannot read).
      return remember(problem("invalid-request", outcome.message, { extra: { errors: { [outcome.field]: outcome.message } } }));
    case "failed":
      return remember(problem("provider-failure", outcome.message));
  }
}

const streamMessage = (tool: ToolId) =>
  tool === "chat" ? "stream must be true or false." : "Only the chat endpoint streams; leave stream out.";

/** The body as a JSON object: 415 unless JSON, 413 past maxBytes (however it is sent), 400 unless an object. */
async function readJsonBody(request: Request, maxBytes: number): Promise<{ text: string; json: Record<string, unknown> } | Response> {
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

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
