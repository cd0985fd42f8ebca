import { chatPageForm, keptInHistory, type ChatInput } from "~/forms/chat-form";
import { nextMessageId, type ChatMessage } from "~/forms/chat-history";
import { currentEngine } from "../ai/engine.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import { WEB_SEARCH_MESSAGE_UNITS } from "~/content/plans";
import type { ChatCitation, ChatPiece, ChatRequest } from "~/shared/ai-types";
import { renderReply } from "../content/cited-reply.server";
import { describeError, log } from "../log.server";
import { chatUpload, type ChatFiles } from "./chat-attachments.server";
import { chatTurn } from "./chat-turn.server";
import { projectForTurn } from "../projects/project-turn.server";
import { signedReply } from "../conversations/reply-signature.server";
import type { ContinuingRunOptions, ToolDefinition } from "./tool-definition.server";
import type { ChatResult, ChatStreamEvent } from "~/shared/chat-events";

// The chat's runs: the whole reply at once (the page without JavaScript, the API's JSON) or as it
// is written (the page's stream, the API's Server-Sent Events). Every transport runs `chatTool`
// like any tool: same form, schema and allowance (a subscriber's chat quota, or the demo limit).

/**
 * The engine's request, with the turn's files (chat-turn.server.ts): the new ones stored, the carried
 * ones read back; in a project, its instructions and files too (projects/project-turn.server.ts).
 */
async function chatRequestOf(input: ChatInput & ChatFiles) {
  const inProject = await projectForTurn(input.project, input.owner);
  const { refs, messages } = await chatTurn(input, { projectFiles: inProject?.refs });
  const request: ChatRequest = {
    assistant: input.assistant,
    tone: input.tone,
    messages,
    webSearch: input.web_search,
    ...(inProject ? { project: inProject.project } : {}),
  };
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
 * The chat as a streamed reply, for the page's stream and the developer API's alike: the run
 * returns the reply's events once the engine's first piece has arrived, so a provider that fails
 * outright (429, 5xx, timeout) still gets a proper status and message instead of a stream that
 * starts and breaks. The rest arrives after the run returned: a subscriber's conversation is kept
 * once the reply is complete, and a reply the provider breaks off gives its unit back.
 */
async function streamReply(input: ChatInput & ChatFiles, { release, keep, waitUntil }: ContinuingRunOptions) {
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
  waitUntil(pipeReply(first, pieces, writer, upstream, started, release, onReply));
  return readable;
}

/**
 * The chat (spec §2 tool 6) as every transport runs it: the page's form (Send, Regenerate, Edit),
 * answered whole without JavaScript or streamed with it, with files on a message
 * (chat-attachments.server.ts). The developer API's endpoint is this definition with the API's form.
 */
export const chatTool: ToolDefinition<typeof chatPageForm, ChatResult> = {
  tool: "chat",
  schema: chatPageForm,
  units: chatUnits,
  // A visitor's searched message costs the provider as a subscriber's does: two demo messages.
  demoActions: chatUnits,
  keeps: keptInHistory,
  run: answerChat,
  stream: streamReply,
  upload: chatUpload,
};

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
