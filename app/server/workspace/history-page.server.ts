import { data } from "react-router";
import { historyItemId, historyQuery } from "~/forms/history-forms";
import { parseForm } from "~/forms/parse-form.server";
import type { AccountSession } from "../account/sessions.server";
import { subscriberFor } from "../billing/subscriber.server";
import { nowSeconds } from "../clock.server";
import { renderReply } from "../content/cited-reply.server";
import { renderMarkdown } from "../content/markdown.server";
import { noStore } from "../personal-page.server";
import { stopAccountTurn } from "../conversations/running-turns.server";
import { deleteHistoryItem, findHistoryItem, listHistory, type HistoryItem } from "./history.server";
import { SUBSCRIBER_MEDIA_RETENTION_SECONDS } from "./retention.server";

// What the /history pages load: the list for the query string, or one item, always the signed-in
// account's own. A missing or foreign item is the same 404, so ids cannot be probed.

export async function historyListState(session: AccountSession | undefined, url: URL) {
  if (!session) return data({ signedIn: false as const }, { headers: noStore });
  const parsed = parseForm(historyQuery, Object.fromEntries(url.searchParams));
  if (!parsed.ok) {
    throw data(Object.values(parsed.fieldErrors)[0] ?? "This history link is not valid.", { status: 400, headers: noStore });
  }
  const { tool, q, cursor } = parsed.data;
  const [page, subscriber] = await Promise.all([listHistory(session.email, { tool, query: q, cursor }), subscriberFor(session.email)]);
  return data(
    { signedIn: true as const, tool: tool ?? "", q: q ?? "", firstPage: !cursor, page, keepsHistory: subscriber?.entitled ?? false },
    { headers: noStore },
  );
}

/** The signed-in account's item, or a thrown 404 (401 when signed out). */
export async function ownHistoryItem(
  session: AccountSession | undefined,
  id: string | undefined,
): Promise<{ email: string; item: HistoryItem }> {
  if (!session) throw data("Sign in to see your history.", { status: 401, headers: noStore });
  const item = historyItemId.safeParse(id).success ? await findHistoryItem(session.email, id!) : undefined;
  if (!item) throw data("This history item does not exist, or it was deleted.", { status: 404, headers: noStore });
  return { email: session.email, item };
}

/** An item as its page shows it: Markdown results rendered through the site's sanitizer. */
export function shownHistoryItem(item: HistoryItem, now = nowSeconds()) {
  const { output } = item;
  return {
    ...item,
    // Images and audio are kept 30 days, the item itself a year: past that the page says so.
    mediaGone: (output.tool === "imagine" || output.tool === "voiceover") && item.createdAt + SUBSCRIBER_MEDIA_RETENTION_SECONDS <= now,
    html: output.tool === "writer" ? renderMarkdown(output.markdown, { nested: true }) : undefined,
    conversation:
      output.tool === "chat"
        ? output.conversation.map((message) => ({
            ...message,
            html: message.role === "assistant" ? renderReply(message.content, message.citations) : undefined,
          }))
        : undefined,
    text: historyItemText(item),
  };
}

/** The item's result as plain text: what 'Copy' copies and 'Download' saves. */
export function historyItemText({ output, input }: HistoryItem): string {
  switch (output.tool) {
    case "detector":
      return output.report;
    case "humanizer":
      return output.text;
    case "writer":
      return output.markdown;
    case "chat":
      return conversationText(output.conversation, (speaker, content) => `${speaker}: ${content}`);
    case "voiceover":
    case "imagine":
      return input.text ?? input.prompt ?? "";
  }
}

/** A kept conversation as text, each turn written by `turn` with its speaker ('You', 'Assistant'). */
export function conversationText(
  conversation: readonly { role: string; content: string }[],
  turn: (speaker: string, content: string) => string,
): string {
  return conversation.map((message) => turn(message.role === "user" ? "You" : "Assistant", message.content)).join("\n\n");
}

/**
 * Deletes the account's item, from its page or the list beside the chat. A new conversation whose
 * first reply is still being written stops with it (decision 075): nothing of it would be kept, and
 * the provider would go on writing, and charging, for a page that follows a deleted conversation.
 */
export async function deleteOwnItem(email: string, id: string): Promise<void> {
  const deleted = await deleteHistoryItem(email, id);
  if (deleted?.writing) await stopAccountTurn(email, deleted.writing);
}
