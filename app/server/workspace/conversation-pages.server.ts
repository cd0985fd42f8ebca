import { data, redirect, type RouterContextProvider } from "react-router";
import { conversationAction, conversationId, conversationQuery } from "~/forms/conversation-forms";
import { nextMessageId } from "~/forms/chat-history";
import { parseForm } from "~/forms/parse-form.server";
import type { ChatPageActionData } from "../conversations/share-pages.server";
import type { AccountSession } from "../account/sessions.server";
import { renderReply } from "../content/cited-reply.server";
import { noStore } from "../personal-page.server";
import { readFormFields } from "../request-body/read-body.server";
import { callerOf } from "../tools/tool-caller.server";

import { replyPageAddress, type ConversationListData, type ProjectFormState } from "~/shared/conversation-summary";
import { chatPageProjects } from "../projects/project-pages.server";
import {
  findHistoryItem,
  isConversation,
  listConversations,
  pinConversation,
  renameConversation,
  type HistoryItem,
} from "./history.server";
import { deleteOwnItem } from "./history-page.server";

// What the chat page's conversation list loads and does (docs/decisions/067); the routes stay a
// table of contents. Only a subscriber (an active or trialing plan) has a list: their chats are
// kept in the history, which is where the list reads them. Visitors keep the page's one conversation.

const GONE = "This conversation does not exist, or it was deleted.";

/**
 * The chat page's list for a subscriber (with `?q=` searched) and, with `?c=<id>`, the conversation
 * to continue: handed to the chat screen as a finished turn's answer would be, so the page shows it
 * and the next message carries it (and so updates the same history item).
 */
export async function chatPageConversations(context: Readonly<RouterContextProvider>, url: URL, projectForm?: ProjectFormState) {
  const caller = await callerOf(context);
  if (caller.kind !== "subscriber") return { conversations: undefined, opened: undefined };
  const parsed = parseForm(conversationQuery, Object.fromEntries(url.searchParams));
  if (!parsed.ok) throw data(Object.values(parsed.fieldErrors)[0] ?? "This link is not valid.", { status: 400, headers: noStore });
  const { q, c, p } = parsed.data;
  const { email } = caller.subscriber;
  const item = c !== undefined ? await ownConversation(email, c) : undefined;
  if (c !== undefined && !item) throw data(GONE, { status: 404, headers: noStore });
  // Its first reply is still being written: the page that shows it and follows it (decision 075).
  if (item?.writing) throw redirect(replyPageAddress(item.writing, item.projectId), { headers: noStore });
  // A conversation opens in its own project (decision 071); otherwise `?p` names the project open.
  const { project, projects } = await chatPageProjects(email, item ? (item.projectId ?? undefined) : p);
  const items = await listConversations(email, q, project?.id);
  const conversations: ConversationListData = {
    items,
    q: q ?? "",
    ...(item ? { openedId: item.id } : {}),
    projects,
    ...(project ? { project } : {}),
    ...(projectForm ? { projectForm } : {}),
  };
  // Without `?c` a new conversation: not the one this tab kept in its session, which the list has.
  return { conversations, opened: item ? openedConversation(item) : NEW_CONVERSATION };
}

async function ownConversation(email: string, id: string): Promise<HistoryItem | undefined> {
  if (!conversationId.safeParse(id).success) return undefined;
  const item = await findHistoryItem(email, id);
  return item?.output.tool === "chat" ? item : undefined;
}

const NEW_CONVERSATION: ChatPageActionData = { state: "done", subscriber: true, values: {}, result: { conversation: [] } };

/** A kept conversation as the chat screen starts from it: ids for the screen, replies rendered through the one sanitizer. */
function openedConversation(item: HistoryItem): ChatPageActionData {
  if (item.output.tool !== "chat") return NEW_CONVERSATION;
  const conversation = item.output.conversation.map((message) => ({
    id: nextMessageId(),
    ...message,
    ...(message.role === "assistant" ? { html: renderReply(message.content, message.citations) } : {}),
  }));
  return { state: "done", subscriber: true, values: item.input, result: { conversation } };
}

type ActionArgs = { request: Request; params: { id?: string } };

/**
 * Rename, pin, unpin or delete one conversation (plain POST forms): a 303 back to the chat page it
 * was sent from; a bad title is the rename page again with a 400, the message and what was typed.
 */
export async function conversationFormAction({ request, params }: ActionArgs, session: AccountSession | undefined) {
  if (!session) throw data("Sign in to manage your conversations.", { status: 401, headers: noStore });
  const id = params.id ?? "";
  if (!conversationId.safeParse(id).success || !(await isConversation(session.email, id))) {
    throw data(GONE, { status: 404, headers: noStore });
  }
  const values = await readFormFields(request);
  const parsed = parseForm(conversationAction, values);
  if (!parsed.ok) {
    const error = parsed.fieldErrors.title ?? Object.values(parsed.fieldErrors)[0] ?? "Unknown action.";
    return data({ error, title: values.title ?? "" }, { status: 400, headers: noStore });
  }
  const action = parsed.data;
  if (action.intent === "rename") await renameConversation(session.email, id, action.title);
  else if (action.intent === "pin" || action.intent === "unpin") await pinConversation(session.email, id, action.intent === "pin");
  else await deleteOwnItem(session.email, id);
  return redirect(action.intent === "delete" ? withoutOpened(action.return, id) : action.return, { status: 303, headers: noStore });
}

/** After a delete, the page goes back without the deleted conversation open. */
function withoutOpened(path: string, id: string): string {
  const url = new URL(path, "http://x");
  if (url.searchParams.get("c") === id) url.searchParams.delete("c");
  return url.pathname + url.search;
}

/** The rename page (also where a refused rename comes back): the conversation's current title. */
export async function conversationPage(session: AccountSession | undefined, id: string | undefined) {
  if (!session) throw data("Sign in to manage your conversations.", { status: 401, headers: noStore });
  const item = id ? await ownConversation(session.email, id) : undefined;
  if (!item) throw data(GONE, { status: 404, headers: noStore });
  return data({ id: item.id, title: item.title }, { headers: noStore });
}
