import type { RouterContextProvider } from "react-router";
import { CONVERSATION_ID } from "~/forms/chat-form";
import { historyFieldValue } from "~/forms/chat-history";
import { projectId } from "~/forms/project-forms";
import { CHAT_STREAM_CONTENT_TYPE } from "~/shared/chat-events";
import { replyPageAddress } from "~/shared/conversation-summary";
import type { ChatPageActionData } from "./share-pages.server";
import { filesOwner } from "../tools/chat-files-owner.server";
import { callerOf } from "../tools/tool-caller.server";
import { conversationTurn, shownTurn } from "./running-turns.server";
import { TURN_KEPT_SECONDS } from "./conversation-turn.server";

// The requests a conversation's running turn answers besides the one that started it (decision
// 072): a page following the reply again (GET /api/chat), Stop (POST /api/chat?stop=<id>) and the
// chat page opened on the conversation (/conversational-ai?conversation=<id>), with JavaScript or
// without. Each finds the turn by the caller's own owner key: another browser or account naming
// the same id reaches another, empty object.

const notKept =
  `This conversation has no reply being written, or its reply finished more than ${TURN_KEPT_SECONDS / 60} minutes ago. ` +
  `Your conversation is still on the page you sent it from.`;

/** The caller's owner key and, when `conversation` is a well-formed id, the object holding that conversation of theirs. */
async function ownTurn(context: Readonly<RouterContextProvider>, conversation: string | null) {
  const caller = await callerOf(context);
  const owner = await filesOwner(caller);
  const turn = conversation && CONVERSATION_ID.test(conversation) ? conversationTurn(owner.key, conversation) : undefined;
  return { caller, owner, turn };
}

const json = (status: number, error: string) => Response.json({ error }, { status, headers: { "Cache-Control": "no-store" } });

/** GET /api/chat?conversation=<id>&after=<characters the page has>: the rest of the reply, then the live pieces (NDJSON). */
export async function followTurn(url: URL, context: Readonly<RouterContextProvider>): Promise<Response> {
  const after = url.searchParams.get("after") ?? "0";
  if (!/^\d{1,6}$/.test(after)) return json(400, "after must be the number of characters of the reply the page already has.");
  const { turn } = await ownTurn(context, url.searchParams.get("conversation"));
  if (!turn) return json(400, "conversation must be the id of the page's conversation.");
  const followed = await turn.follow(Number(after));
  if (followed === null) return json(404, notKept);
  if (followed === "busy") return json(429, "Too many pages are following this reply at once: close one and try again.");
  return new Response(followed, { headers: { "Content-Type": CHAT_STREAM_CONTENT_TYPE, "Cache-Control": "no-store" } });
}

/**
 * POST /api/chat?stop=<id>[&p=<project>]: Stop, from whichever page shows the reply. The page's
 * script gets 204; a form without JavaScript goes back to the conversation (in its project, if the
 * page was in one), which shows the reply as it stopped.
 */
export async function stopTurn(request: Request, url: URL, context: Readonly<RouterContextProvider>): Promise<Response> {
  const conversation = url.searchParams.get("stop");
  const project = url.searchParams.get("p");
  if (project !== null && !projectId.safeParse(project).success) return json(400, "p must be the id of the page's project.");
  const { turn } = await ownTurn(context, conversation);
  if (!turn || !conversation) return json(400, "stop must be the id of the page's conversation.");
  await turn.stop();
  if (!request.headers.get("Accept")?.includes("text/html")) return new Response(null, { status: 204 });
  return new Response(null, { status: 303, headers: { Location: replyPageAddress(conversation, project) } });
}

/**
 * The chat page's conversation turn: with `?conversation=<id>`, the conversation whose reply is being
 * written or just finished, as far as it goes (as a finished turn's answer would be, with the page's
 * choices), or undefined when none is kept. A visitor's page also sets (or renews) the cookie that
 * owns their conversations, so that a first message whose answer never arrived (the tab left, the
 * connection dropped) can still be found from this browser.
 */
export async function chatPageTurn(
  context: Readonly<RouterContextProvider>,
  url: URL,
): Promise<{ turn?: ChatPageActionData; headers?: Record<string, string> }> {
  const { caller, owner, turn: object } = await ownTurn(context, url.searchParams.get("conversation"));
  const headers = owner.cookie ? { "Set-Cookie": owner.cookie } : undefined;
  const kept = await object?.read();
  if (!kept) return { headers };
  const { record } = kept;
  const subscriber = caller.kind !== "visitor";
  // A reply that broke off is the provider's failure, as the post that started it would have shown
  // it: the conversation before it, the message back in the box to send again, and why.
  const turn: ChatPageActionData =
    record.end?.type === "error"
      ? {
          state: "failed",
          values: { ...record.values, history: historyFieldValue(record.history), message: record.user.content },
          message: record.end.message,
          subscriber,
        }
      : { state: "done", values: record.values, result: shownTurn(record), subscriber };
  return { turn, headers };
}
