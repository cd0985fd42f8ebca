import { CHAT_MAX_FORM_BYTES, chatPageForm, type ChatInput } from "~/forms/chat-form";
import { nextMessageId, type ChatMessage } from "~/forms/chat-history";
import { parseForm, tryReadForm } from "~/forms/parse-form.server";
import { currentEngine } from "../ai/engine.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import type { ChatRequest } from "~/shared/ai-types";
import { renderMarkdown } from "../content/markdown.server";
import { takeToolAllowance } from "../limits/tool-allowance.server";
import { describeError, log } from "../log.server";
import { recordToolResult } from "../workspace/history.server";
import { CHAT_STREAM_CONTENT_TYPE, type ChatRefusal, type ChatResult, type ChatStreamEvent } from "~/shared/chat-events";

// The chat's two ways in: the page's action answers a whole conversation at once (no JavaScript),
// and POST /api/chat streams the reply as it is written. Both read the same form with the same
// schema and take the same allowance (a subscriber's chat quota, or the visitor's demo limit).

function chatRequestOf(input: ChatInput): ChatRequest {
  return {
    assistant: input.assistant,
    tone: input.tone,
    messages: [...input.history.map(({ role, content }) => ({ role, content })), { role: "user" as const, content: input.message }],
  };
}

// Replies are model output, so untrusted: the same sanitizer as every other rendered Markdown, one
// heading level down (the page has its <h1>).
const replyHtml = (markdown: string) => renderMarkdown(markdown, { nested: true });

/** The no-JavaScript answer: the conversation so far, the new message and the whole reply. */
export async function answerChat(input: ChatInput): Promise<ChatResult> {
  const user: ChatMessage = { id: nextMessageId(), role: "user", content: input.message };
  let content = "";
  for await (const piece of currentEngine().chat(chatRequestOf(input))) content += piece;
  const reply: ChatMessage = { id: nextMessageId(), role: "assistant", content };
  return {
    conversation: [...input.history, user, reply].map((message) =>
      message.role === "assistant" ? { ...message, html: replyHtml(message.content) } : message,
    ),
  };
}

/**
 * POST /api/chat. Everything that can be refused is refused before the first byte (JSON, 4xx/5xx);
 * the reply is then piped from the engine through a TransformStream as it arrives, never buffered.
 */
export async function chatStreamResponse(request: Request, waitUntil?: (work: Promise<unknown>) => void): Promise<Response> {
  const form = await tryReadForm(request, CHAT_MAX_FORM_BYTES);
  if (!("values" in form)) return refuse(form.status, { error: form.message }, form.headers);
  const parsed = parseForm(chatPageForm, form.values);
  if (!parsed.ok) {
    return refuse(400, { error: Object.values(parsed.fieldErrors)[0] ?? "Invalid message.", fieldErrors: parsed.fieldErrors });
  }

  const allowance = await takeToolAllowance(request, "chat", 1);
  if (!allowance.allowed) {
    const { message, upgradeUrl, retryAfterSeconds } = allowance;
    return refuse(429, { error: message, ...(upgradeUrl ? { upgradeUrl } : {}) }, { "Retry-After": String(retryAfterSeconds) });
  }

  const { account } = allowance;
  // A subscriber's conversation goes to their workspace history once the reply is complete.
  const onReply = account
    ? (content: string) =>
        recordToolResult(account.email, "chat", "web", form.values, {
          conversation: [...parsed.data.history, { role: "user", content: parsed.data.message }, { role: "assistant", content }],
        }).then(() => undefined)
    : undefined;
  const reply = await startChatReply(parsed.data, allowance.release, waitUntil, onReply);
  if (!reply.ok) return refuse(502, { error: reply.message });
  const lines = new TransformStream<ChatStreamEvent, string>({
    transform(event, controller) {
      controller.enqueue(`${JSON.stringify(event)}\n`);
    },
  });
  return new Response(reply.events.pipeThrough(lines).pipeThrough(new TextEncoderStream()), {
    headers: { "Content-Type": CHAT_STREAM_CONTENT_TYPE, "Cache-Control": "no-store" },
  });
}

export type ChatReply = { ok: true; events: ReadableStream<ChatStreamEvent> } | { ok: false; message: string };

/**
 * Starts the engine's reply once the allowance is taken, for the page's stream and the developer
 * API's alike. The first piece is awaited before answering, so a provider that fails outright (429,
 * 5xx, timeout) still gets a proper status and message instead of a stream that starts and breaks;
 * `release` gives the allowance back then, or when the provider breaks off later.
 */
export async function startChatReply(
  input: ChatInput,
  release: () => Promise<void>,
  waitUntil?: (work: Promise<unknown>) => void,
  /** Called with the whole reply once it has been sent (the workspace keeps it). */
  onReply?: (reply: string) => Promise<void>,
): Promise<ChatReply> {
  const started = Date.now();
  const upstream = new AbortController();
  const pieces = currentEngine().chat(chatRequestOf(input), upstream.signal)[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await pieces.next();
  } catch (error) {
    log("error", "chat failed", { ms: Date.now() - started, ...describeError(error) });
    await release();
    return { ok: false, message: userMessageForProviderError("chat", error) };
  }
  const { readable, writable } = new TransformStream<ChatStreamEvent, ChatStreamEvent>();
  const piping = pipeReply(first, pieces, writable.getWriter(), upstream, started, release, onReply);
  waitUntil?.(piping);
  return { ok: true, events: readable };
}

class ClientGone extends Error {}

async function pipeReply(
  first: IteratorResult<string>,
  pieces: AsyncIterator<string>,
  writer: WritableStreamDefaultWriter<ChatStreamEvent>,
  upstream: AbortController,
  started: number,
  release: () => Promise<void>,
  onReply?: (reply: string) => Promise<void>,
): Promise<void> {
  const send = (event: ChatStreamEvent) => writer.write(event).catch(() => Promise.reject(new ClientGone()));
  let reply = "";
  try {
    for (let next = first; !next.done; next = await pieces.next()) {
      reply += next.value;
      await send({ type: "token", text: next.value });
    }
    await send({ type: "done", html: replyHtml(reply) });
    log("info", "chat reply", { ms: Date.now() - started, chars: reply.length });
    await onReply?.(reply);
  } catch (error) {
    if (error instanceof ClientGone) {
      // The visitor pressed Stop or left: stop paying for the rest of the reply.
      log("info", "chat stopped by the client", { ms: Date.now() - started, chars: reply.length });
      upstream.abort();
      await pieces.return?.().catch(() => undefined);
      return;
    }
    log("error", "chat stream failed", { ms: Date.now() - started, chars: reply.length, ...describeError(error) });
    // A reply the provider broke off is not charged (one the visitor stopped is).
    await release().catch(() => undefined);
    await send({ type: "error", message: userMessageForProviderError("chat", error) }).catch(() => undefined);
  }
  await writer.close().catch(() => undefined);
}

function refuse(status: number, body: ChatRefusal, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
