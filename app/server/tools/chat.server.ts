import { chatPageForm, keptInHistory, type ChatInput } from "~/forms/chat-form";
import { nextMessageId, type ChatMessage } from "~/forms/chat-history";
import { WEB_SEARCH_MESSAGE_UNITS } from "~/content/plans";
import type { ChatRequest } from "~/shared/ai-types";
import { readEvents } from "~/shared/chat-event-lines";
import type { ChatResult } from "~/shared/chat-events";
import { currentEngine, engineSettings } from "../ai/engine.server";
import { ReportedProviderFailure } from "../ai/provider-errors.server";
import { conversationTurn, newConversationId, shownTurn } from "../conversations/running-turns.server";
import { currentRequestContext } from "../request-context.server";
import { chatUpload, type ChatFiles } from "./chat-attachments.server";
import { chatTurn } from "./chat-turn.server";
import { InputError } from "./input-error.server";
import type { ContinuingRunOptions, StreamEvent, ToolDefinition } from "./tool-definition.server";
import { projectForTurn } from "../projects/project-turn.server";

// The chat's runs: the whole reply at once (the page without JavaScript, the API's JSON) or as it
// is written (the page's stream, the API's Server-Sent Events), both written by the conversation's
// Durable Object (conversations/conversation-turn.server.ts). Every transport runs `chatTool`
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

/** A turn's input: the page's form (with the conversation's id) or the API's, and the message's files. */
type ChatTurnInput = ChatInput & ChatFiles & { conversation?: string };

const busy = "A reply is still being written in this conversation: wait for it to finish, or stop it.";

/**
 * Starts the turn in the conversation's Durable Object (decision 072), which writes the reply
 * whether or not anyone is still connected and keeps a subscriber's conversation once it is
 * complete. A provider that fails outright fails the run here (a status and the spec's message);
 * one that breaks off later gives the units back, as long as this request may still wait for it.
 */
async function startTurn(input: ChatTurnInput, { release, keepAs, waitUntil }: ContinuingRunOptions, follow?: true) {
  const { request, user } = await chatRequestOf(input);
  const conversation = input.owner && input.conversation ? input.conversation : newConversationId();
  const turn = conversationTurn(input.owner ?? "nobody", conversation);
  const started = await turn.start({
    engine: engineSettings(),
    request,
    history: input.history,
    user,
    replyId: nextMessageId(),
    values: { assistant: input.assistant, tone: input.tone, conversation },
    ...(keepAs ? { keep: keepAs } : {}),
    ...(follow ? { follow } : {}),
    requestId: currentRequestContext()?.requestId,
  });
  if ("busy" in started) throw new InputError("message", busy);
  if ("failed" in started) throw new ReportedProviderFailure(started.failed);
  const ended = turn.ended();
  waitUntil(ended.then((end) => (end === "error" ? release() : undefined)));
  return { turn, events: started.events, ended };
}

/**
 * The whole reply (the page without JavaScript, the API's JSON): the conversation so far, the new
 * message and the reply with its sources. A page waits at most `answerWithinMs` and then shows the
 * reply as far as it goes (`running`); a reply the provider broke off is the provider's failure.
 */
export async function answerChat(input: ChatTurnInput, options: ContinuingRunOptions): Promise<ChatResult> {
  const { turn, ended } = await startTurn(input, options);
  if (options.answerWithinMs) await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, options.answerWithinMs))]);
  else await ended;
  const kept = await turn.read();
  if (!kept) throw new Error("The conversation's turn was not kept.");
  if (kept.record.end?.type === "error") throw new ReportedProviderFailure(kept.record.end.message);
  return shownTurn(kept.record);
}

/**
 * The chat as a streamed reply, for the page's stream and the developer API's alike: the run
 * returns the reply's events once the engine's first piece has arrived, so a provider that fails
 * outright (429, 5xx, timeout) still gets a proper status and message instead of a stream that
 * starts and breaks. The events are the turn's, followed from its start: a client that leaves only
 * stops following (Stop is a request of its own, stopTurn).
 */
async function streamReply(input: ChatTurnInput, options: ContinuingRunOptions): Promise<ReadableStream<StreamEvent>> {
  const { events: followed } = await startTurn(input, options, true);
  if (!followed) throw new Error("The turn started without its events.");
  const events = readEvents(followed);
  return new ReadableStream<StreamEvent>({
    async pull(controller) {
      const next = await events.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    // The client left: this request stops following; the reply goes on in the object.
    cancel: () => void events.return(undefined),
  });
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
  // The conversation's Durable Object keeps a subscriber's reply once it is complete (startTurn).
  continues: true,
  stream: streamReply,
  upload: chatUpload,
};
