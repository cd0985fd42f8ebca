import type { ChatStreamEvent } from "./chat-events";

// The chat stream's NDJSON read back into events: by the page (chat-stream.ts) and by the Worker,
// which follows the conversation's Durable Object (tools/chat.server.ts).

/** NDJSON lines → events, however the bytes are split into chunks. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffered.indexOf("\n")) >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) yield JSON.parse(line) as ChatStreamEvent;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
