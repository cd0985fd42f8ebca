import type { ShownMessage } from "~/forms/chat-history";
import type { ChatResult } from "~/shared/chat-events";
import { randomToken } from "../account/secure-random.server";
import { renderReply } from "../content/cited-reply.server";
import { serverEnv } from "../env.server";
import { describeError, log } from "../log.server";
import { accountOwner } from "../tools/chat-files-owner.server";
import type { TurnRecord } from "./turn-record.server";

// The Worker's side of a conversation's running turn (conversation-turn.server.ts, decision 072):
// which object holds it, and the turn as a page shows it. An object is named by the conversation's
// owner (whose chat files they are: an account, or a visitor's browser) and the conversation's id,
// which the page carries; another owner naming the same id reaches another, empty object.

/** A new conversation's id (the page's, or a program's that names none). */
export const newConversationId = randomToken;

export function conversationTurn(owner: string, conversation: string) {
  const turns = serverEnv().CONVERSATION_TURNS;
  return turns.get(turns.idFromName(`${owner}:${conversation}`));
}

/**
 * Stops the reply an account's conversation is being given, if one is (its item, or its project,
 * deleted while it is written, decision 075). A stop that fails is logged, not thrown: what was
 * deleted is gone whatever the object says, and a reply whose item is gone is not kept.
 */
export async function stopAccountTurn(email: string, conversation: string): Promise<void> {
  try {
    await conversationTurn(await accountOwner(email), conversation).stop();
  } catch (error) {
    log("error", "a deleted conversation's reply could not be stopped", describeError(error));
  }
}

/** The turn's conversation as the page shows it: earlier replies rendered, the new reply as far as it goes. */
export function shownTurn(record: TurnRecord): ChatResult {
  const { history, user, replyId, text, citations, end } = record;
  const reply: ShownMessage = {
    id: replyId,
    role: "assistant",
    content: text,
    ...(citations.length ? { citations } : {}),
    ...(end?.type === "done" ? { html: end.html, ...(end.signature ? { signature: end.signature } : {}) } : {}),
    ...(end?.type === "stopped" ? { stopped: true } : {}),
  };
  return {
    conversation: [
      ...history.map((message) =>
        message.role === "assistant" ? { ...message, html: renderReply(message.content, message.citations) } : message,
      ),
      user,
      ...(text || end?.type === "done" ? [reply] : []),
    ],
    ...(citations.length ? { citations } : {}),
    ...(end ? {} : { running: true as const }),
  };
}
