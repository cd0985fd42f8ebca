import type { RouterContextProvider } from "react-router";
import { CHAT_STREAM_CONTENT_TYPE, type ChatRefusal } from "~/shared/chat-events";
import { allowanceLeft } from "../limits/allowance-left.server";
import { formRefusalMessage, refusalStatus } from "../request-body/read-body.server";
import { waitUntilOf } from "../router-context.server";
import { callerOf } from "./tool-caller.server";
import { streamingRun, type StreamEvent, type AnyToolDefinition } from "./tool-definition.server";
import { runTool } from "./tool-pipeline.server";
import { readToolRequest } from "./tool-request.server";

// The page's stream transport (JavaScript on, POST /api/chat): the page's form in, the run's events
// out as NDJSON, one JSON object a line. Everything that can be refused is refused before the first
// byte (a JSON message with a 4xx/5xx); the events are then piped as they arrive, never buffered.

export async function answerToolStream(
  request: Request,
  context: Readonly<RouterContextProvider>,
  definition: AnyToolDefinition,
): Promise<Response> {
  const streaming = streamingRun(definition)!;
  const caller = await callerOf(context);
  const form = await readToolRequest(request, definition, caller, "form");
  if ("refused" in form) {
    const headers = form.refused === "method" ? { Allow: "POST" } : undefined;
    return refuse(refusalStatus(form), { error: formRefusalMessage(form, definition.upload?.tooLarge) }, headers);
  }
  const outcome = await runTool(caller, streaming, form, { waitUntil: waitUntilOf(context) });
  const headers = form.headers ?? {};
  switch (outcome.kind) {
    case "invalid": {
      const error = Object.values(outcome.fieldErrors)[0] ?? "Invalid input.";
      return refuse(outcome.status ?? 400, { error, fieldErrors: outcome.fieldErrors }, headers);
    }
    case "refused": {
      const { message, upgradeUrl, retryAfterSeconds } = outcome;
      return refuse(
        429,
        { error: message, ...(upgradeUrl ? { upgradeUrl } : {}) },
        { ...headers, "Retry-After": String(retryAfterSeconds) },
      );
    }
    case "failed":
      return refuse(502, { error: outcome.message }, headers);
    case "done": {
      // What is left once this run was counted, for the line under the form.
      const allowance = await allowanceLeft(caller, definition.tool);
      const lines = new TransformStream<StreamEvent, string>({
        transform(event, controller) {
          controller.enqueue(`${JSON.stringify(event.type === "done" ? { ...event, allowance } : event)}\n`);
        },
      });
      return new Response(outcome.result.pipeThrough(lines).pipeThrough(new TextEncoderStream()), {
        headers: { ...headers, "Content-Type": CHAT_STREAM_CONTENT_TYPE, "Cache-Control": "no-store" },
      });
    }
  }
}

function refuse(status: number, body: ChatRefusal, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
