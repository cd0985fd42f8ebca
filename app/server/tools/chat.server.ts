import type { RouterContextProvider } from "react-router";
import { chatPageForm, keptInHistory, type chatForm, type ChatInput } from "~/forms/chat-form";
import { nextMessageId, type ChatMessage } from "~/forms/chat-history";
import { currentEngine } from "../ai/engine.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import { WEB_SEARCH_MESSAGE_UNITS } from "~/content/plans";
import type { ChatCitation, ChatPiece, ChatRequest } from "~/shared/ai-types";
import { renderReply } from "../content/cited-reply.server";
import { describeError, log } from "../log.server";
import { readChatUpload, type ChatFiles } from "./chat-attachments.server";
import { siteFilesOwner, withChatFiles, withOwnerCookie } from "./chat-files-owner.server";
import { chatTurn } from "./chat-turn.server";
import { chatAllowance } from "../conversations/chat-allowance.server";
import { signedReply } from "../conversations/reply-signature.server";
import { siteToolCaller } from "./tool-caller.server";
import { runTool, type ToolDefinition } from "./tool-pipeline.server";
import { CHAT_STREAM_CONTENT_TYPE, type ChatRefusal, type ChatResult, type ChatStreamEvent } from "~/shared/chat-events";

// The chat's two ways in: the page's action answers a whole conversation at once (no JavaScript),
// and POST /api/chat streams the reply as it is written. Both are runs of the tool pipeline, with
// the same form, schema and allowance (a subscriber's chat quota, or the visitor's demo limit).

/** The engine's request, with the turn's files (chat-turn.server.ts): the new ones stored, the carried ones read back. */
async function chatRequestOf(input: ChatInput & ChatFiles) {
  const { refs, messages } = await chatTurn(input);
  const request: ChatRequest = { assistant: input.assistant, tone: input.tone, messages, webSearch: input.web_search };
  const user: ChatMessage = { id: nextMessageId(), role: "user", content: input.message, ...(refs.length ? { attachments: refs } : {}) };
  return { request, user };
}

/**
 * Quota units of one message: a message that searches the web counts as two (the pricing page and
 * the page's switch say so, decision 048). Only a provider searches; the offline engine says it did not.
 */
export const chatUnits = (input: ChatInput) => (input.web_search && currentEngine().id === "openai" ? WEB_SEARCH_MESSAGE_UNITS : 1);

/** A reply as it is put together from the engine's pieces. */
class ReplyText {
  text = "";
  citations: ChatCitation[] = [];
  add(piece: ChatPiece) {
    if (piece.type === "text") this.text += piece.text;
    else this.citations.push(piece.citation);
  }
}

/** The no-JavaScript answer: the conversation so far, the new message and the whole reply (with its sources). */
export async function answerChat(input: ChatInput & ChatFiles): Promise<ChatResult> {
  const { request, user } = await chatRequestOf(input);
  const reply = new ReplyText();
  for await (const piece of currentEngine().chat(request)) reply.add(piece);
  // Signed, so a shared conversation can tell it from text a person put in the history (decision 057).
  const answer = await signedReply<ChatMessage>({
    id: nextMessageId(),
    role: "assistant",
    content: reply.text,
    ...(reply.citations.length ? { citations: reply.citations } : {}),
  });
  // Replies are model output, so untrusted, and so are the sources an earlier reply carries back:
  // all rendered through the one sanitizer (cited-reply.server.ts).
  return {
    conversation: [
      ...input.history.map((message) =>
        message.role === "assistant" ? { ...message, html: renderReply(message.content, message.citations) } : message,
      ),
      user,
      { ...answer, html: renderReply(answer.content, reply.citations) },
    ],
    citations: reply.citations,
  };
}

/**
 * POST /api/chat. Everything that can be refused is refused before the first byte (JSON, 4xx/5xx);
 * the reply is then piped from the engine through a TransformStream as it arrives, never buffered.
 */
export async function chatStreamResponse(
  request: Request,
  context: Readonly<RouterContextProvider>,
  waitUntil?: (work: Promise<unknown>) => void,
): Promise<Response> {
  const form = await readChatUpload(request);
  if (!("values" in form)) return refuse(form.status, { error: form.message }, form.headers);
  const owner = await siteFilesOwner(request, context);
  const definition = withChatFiles(streamedChat(chatPageForm, waitUntil), form.files, owner.key);
  const caller = await siteToolCaller(request, context);
  const outcome = await runTool(caller, definition, form.values, form.fieldErrors);
  switch (outcome.kind) {
    case "invalid": {
      const status = form.fieldErrors && Object.keys(form.fieldErrors).length > 0 ? (form.status ?? 400) : 400;
      return refuse(status, { error: Object.values(outcome.fieldErrors)[0] ?? "Invalid message.", fieldErrors: outcome.fieldErrors });
    }
    case "refused": {
      const { message, upgradeUrl, retryAfterSeconds } = outcome;
      return refuse(429, { error: message, ...(upgradeUrl ? { upgradeUrl } : {}) }, { "Retry-After": String(retryAfterSeconds) });
    }
    case "failed":
      return refuse(502, { error: outcome.message });
    case "done": {
      // What is left once this message was counted, for the line under the message box.
      const allowance = await chatAllowance(caller);
      const lines = new TransformStream<ChatStreamEvent, string>({
        transform(event, controller) {
          controller.enqueue(`${JSON.stringify(event.type === "done" ? { ...event, allowance } : event)}\n`);
        },
      });
      const response = new Response(outcome.result.pipeThrough(lines).pipeThrough(new TextEncoderStream()), {
        headers: { "Content-Type": CHAT_STREAM_CONTENT_TYPE, "Cache-Control": "no-store" },
      });
      return withOwnerCookie(response, owner, form.files.length > 0);
    }
  }
}

/**
 * The chat as a streamed reply, for the page's stream and the developer API's alike: the run
 * returns the reply's events once the engine's first piece has arrived, so a provider that fails
 * outright (429, 5xx, timeout) still gets a proper status and message instead of a stream that
 * starts and breaks. The rest arrives after the run returned: a subscriber's conversation is kept
 * once the reply is complete, and a reply the provider breaks off gives its unit back.
 */
export function streamedChat<S extends typeof chatForm | typeof chatPageForm>(
  schema: S,
  waitUntil?: (work: Promise<unknown>) => void,
): ToolDefinition<S, ReadableStream<ChatStreamEvent>> {
  return {
    tool: "chat",
    schema,
    units: chatUnits,
    continues: true,
    keeps: keptInHistory,
    run: async (input: ChatInput & ChatFiles, { release, keep }) => {
      const started = Date.now();
      const upstream = new AbortController();
      const { request, user } = await chatRequestOf(input);
      const pieces = currentEngine().chat(request, upstream.signal)[Symbol.asyncIterator]();
      const first = await pieces.next();
      const onReply = (content: string, citations: ChatCitation[]) =>
        keep({ conversation: [...input.history, user, { role: "assistant", content, ...(citations.length ? { citations } : {}) }] });
      const { readable, writable } = new TransformStream<ChatStreamEvent, ChatStreamEvent>();
      const writer = writable.getWriter();
      // The page carries the new files' ids from here on, for the next turn.
      if (user.attachments) void writer.write({ type: "attachments", attachments: user.attachments }).catch(() => undefined);
      waitUntil?.(pipeReply(first, pieces, writer, upstream, started, release, onReply));
      return readable;
    },
  };
}

class ClientGone extends Error {}

async function pipeReply(
  first: IteratorResult<ChatPiece>,
  pieces: AsyncIterator<ChatPiece>,
  writer: WritableStreamDefaultWriter<ChatStreamEvent>,
  upstream: AbortController,
  started: number,
  release: () => Promise<void>,
  onReply?: (reply: string, citations: ChatCitation[]) => Promise<void>,
): Promise<void> {
  const send = (event: ChatStreamEvent) => writer.write(event).catch(() => Promise.reject(new ClientGone()));
  const reply = new ReplyText();
  try {
    for (let next = first; !next.done; next = await pieces.next()) {
      reply.add(next.value);
      if (next.value.type === "text") await send({ type: "token", text: next.value.text });
    }
    const { text, citations } = reply;
    const { signature } = await signedReply<ChatMessage>({ id: "", role: "assistant", content: text, citations });
    await send({
      type: "done",
      html: renderReply(text, citations),
      ...(citations.length ? { citations } : {}),
      ...(signature ? { signature } : {}),
    });
    log("info", "chat reply", { ms: Date.now() - started, chars: text.length, citations: citations.length });
    await onReply?.(text, citations);
  } catch (error) {
    if (error instanceof ClientGone) {
      // The visitor pressed Stop or left: stop paying for the rest of the reply.
      log("info", "chat stopped by the client", { ms: Date.now() - started, chars: reply.text.length });
      upstream.abort();
      await pieces.return?.().catch(() => undefined);
      return;
    }
    log("error", "chat stream failed", { ms: Date.now() - started, chars: reply.text.length, ...describeError(error) });
    // A reply the provider broke off is not charged (one the visitor stopped is).
    await release().catch(() => undefined);
    await send({ type: "error", message: userMessageForProviderError("chat", error) }).catch(() => undefined);
  }
  await writer.close().catch(() => undefined);
}

function refuse(status: number, body: ChatRefusal, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}
