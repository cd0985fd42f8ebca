import type OpenAI from "openai";
import { chatSystemPrompt } from "~/content/chat";
import { textParameters } from "./models.server";
import type { ChatRequest } from "~/shared/ai-types";

// The chat call of spec §7 with `stream: true`: the system message (assistant prompt + tone), the
// conversation, and the reply yielded as the provider writes it.

export const CHAT_FALLBACK = "Chat response failed";

export type OpenAiChatOptions = {
  model: string;
  /** Longest silence allowed between two pieces of the reply: the SDK's timeout ends at the headers. */
  idleTimeoutMs: number;
};

export async function* streamOpenAiChat(
  client: OpenAI,
  request: ChatRequest,
  { model, idleTimeoutMs }: OpenAiChatOptions,
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const stream = await client.chat.completions.create(
    {
      model,
      messages: [
        { role: "system", content: chatSystemPrompt(request.assistant, request.tone) },
        ...request.messages.map(({ role, content }) => ({ role, content })),
      ],
      ...textParameters(model, { temperature: 0.7, maxTokens: 500 }),
      stream: true,
    },
    { signal },
  );

  let idle: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const armIdleTimer = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      stream.controller.abort();
    }, idleTimeoutMs);
  };

  let written = "";
  try {
    armIdleTimer();
    // The SDK ends the iteration quietly when aborted: a stall must still count as a failure.
    for await (const chunk of stream) {
      armIdleTimer();
      const piece = chunk.choices[0]?.delta?.content;
      if (!piece) continue;
      written += piece;
      yield piece;
    }
  } finally {
    clearTimeout(idle);
  }
  if (timedOut) throw new Error(`The chat stream stalled for more than ${idleTimeoutMs} ms`);
  if (signal?.aborted) return;
  // An answer with no text gets the spec's fallback (like the other calls' empty answers).
  if (written.trim() === "") yield CHAT_FALLBACK;
}
