import { streamingRun, type ToolOutcome } from "../tools/tool-definition.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { runTool } from "../tools/tool-pipeline.server";
import { readToolRequest } from "../tools/tool-request.server";
import type { ToolEndpoint } from "./api-endpoints.server";
import { bodyProblem } from "./api-body.server";
import { streamChatEvents } from "./chat-events-stream.server";
import { claimIdempotencyKey } from "./idempotency.server";
import { problem } from "./problem.server";

// The API transport: a tool endpoint of the developer API, a JSON (or, for a tool that takes
// files, multipart) body in, the tool pipeline's run, and JSON, Server-Sent Events or a problem
// document out. Order, after the shared middleware (method, key, rate limit, plan): body →
// Idempotency-Key → schema → quota → engine.

type WaitUntil = (work: Promise<unknown>) => void;

export async function answerToolEndpoint(
  request: Request,
  endpoint: ToolEndpoint,
  caller: ToolCaller & { kind: "api-key" },
  origin: string,
  waitUntil: WaitUntil,
): Promise<Response> {
  const form = await readToolRequest(request, endpoint, caller, "json");
  if ("refused" in form) return bodyProblem(form, endpoint.upload);
  // Files over the message's limit, found as they were read (a chat's): the body was too large.
  if (form.status === 413 && form.fieldErrors) return problem("payload-too-large", Object.values(form.fieldErrors)[0]!);
  const claim = await claimIdempotencyKey(request, caller.keyId, await form.fingerprint());
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
    const { stream: asked, ...values } = form.values;
    // A multipart body's text part says true or false; JSON's boolean is what is checked.
    const stream = asked === "true" ? true : asked === "false" ? false : asked;
    const streaming = streamingRun(endpoint);
    const fieldErrors = { ...form.fieldErrors };
    if (stream !== undefined && (!streaming || typeof stream !== "boolean")) fieldErrors.stream = streamMessage(!!streaming);
    const read = { ...form, values, fieldErrors };

    if (stream === true && streaming) {
      const outcome = await runTool(caller, streaming, read, { waitUntil });
      return outcome.kind === "done" ? streamChatEvents(outcome.result, store) : remember(problemFor(outcome));
    }
    // API results join the subscriber's workspace history like the web's.
    const outcome = await runTool(caller, endpoint, read, { waitUntil });
    return remember(outcome.kind === "done" ? json(endpoint.toJson(outcome.result, origin)) : problemFor(outcome));
  } catch (error) {
    // Nothing was answered: free the Idempotency-Key so a retry runs instead of waiting on it for a day.
    await store?.({ status: 500, contentType: "", body: "" });
    throw error;
  }
}

/** The API's words for each ending of a run that is not its answer. */
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

const streamMessage = (streams: boolean) =>
  streams ? "stream must be true or false." : "Only the chat endpoint streams; leave stream out.";

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
