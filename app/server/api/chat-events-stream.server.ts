import type { ChatStreamEvent } from "~/shared/chat-events";
import type { StoredAnswer } from "./idempotency.server";
import { problemBody } from "./problem.server";
import { provenanceOf } from "./provenance.server";

// POST /api/v1/chat with "stream": true: the reply as Server-Sent Events. Each piece is an event
// `delta` ({"text"}); the end is one `message` (the whole reply with its citations, as the non-streaming answer) or
// one `error` (a problem document), since a failure after the headers can only travel in the stream.
export const SSE_CONTENT_TYPE = "text/event-stream; charset=utf-8";

export function streamChatEvents(
  reply: ReadableStream<ChatStreamEvent>,
  store: ((answer: StoredAnswer) => Promise<void>) | undefined,
): Response {
  let content = "";
  let failed = false;
  // The whole stream is kept for an Idempotency-Key, so a retry replays the same events.
  let transcript = "";
  const events = new TransformStream<ChatStreamEvent, string>({
    transform(event, controller) {
      let chunk: string;
      if (event.type === "attachments") {
        chunk = sseEvent("attachments", { attachments: event.attachments });
      } else if (event.type === "token") {
        content += event.text;
        chunk = sseEvent("delta", { text: event.text });
      } else if (event.type === "done") {
        const message = { role: "assistant", content, ...(event.signature ? { signature: event.signature } : {}) };
        chunk = sseEvent("message", { message, html: event.html, citations: event.citations ?? [], provenance: provenanceOf("text") });
      } else {
        failed = true;
        const message = event.type === "error" ? event.message : "The reply was stopped.";
        chunk = sseEvent("error", problemBody("provider-failure", message));
      }
      transcript += chunk;
      controller.enqueue(chunk);
    },
    async flush() {
      await store?.({ status: failed ? 502 : 200, contentType: SSE_CONTENT_TYPE, body: transcript });
    },
  });
  return new Response(reply.pipeThrough(events).pipeThrough(new TextEncoderStream()), {
    headers: { "Content-Type": SSE_CONTENT_TYPE, "Cache-Control": "no-store" },
  });
}

const sseEvent = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
