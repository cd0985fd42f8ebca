import { nowSeconds } from "../clock.server";
import { serverEnv } from "../env.server";
import type { ConversationSummary } from "~/shared/conversation-summary";
import { ftsQuery } from "./history.server";

// A subscriber's chat conversations as the chat page lists them (docs/decisions/067): the history's
// chat items (one per conversation, history-entry.server.ts), pinned first, then newest first. Every
// statement names the account and the chat tool: an id alone, or another tool's item, is never found.

/** How many the list shows: the history page has the rest. */
export const CONVERSATION_LIST_SIZE = 50;

const db = () => serverEnv().DB;

/** The account's conversations, the last pinned first, then by last change; `query` as the history's search reads it. */
export async function listConversations(email: string, query?: string): Promise<ConversationSummary[]> {
  const match = query ? ftsQuery(query) : undefined;
  // A search of only punctuation has no words: nothing matches, rather than everything.
  if (query && !match) return [];
  const { results } = await db()
    .prepare(
      `SELECT id, title, pinned_at, updated_at FROM history_items
       WHERE email = ?1 AND tool = 'chat' ${match ? "AND seq IN (SELECT rowid FROM history_search WHERE history_search MATCH ?2)" : ""}
       ORDER BY pinned_at IS NULL, pinned_at DESC, updated_at DESC, seq DESC LIMIT ${CONVERSATION_LIST_SIZE}`,
    )
    .bind(...(match ? [email, match] : [email]))
    .all<{ id: string; title: string; pinned_at: number | null; updated_at: number }>();
  return results.map((row) => ({ id: row.id, title: row.title, pinned: row.pinned_at !== null, updatedAt: row.updated_at }));
}

/** Renames the account's conversation, in the list and in the search index; false when it has none by that id. */
export async function renameConversation(email: string, id: string, title: string): Promise<boolean> {
  const [renamed] = await db().batch([
    db().prepare("UPDATE history_items SET title = ?3 WHERE email = ?1 AND id = ?2 AND tool = 'chat'").bind(email, id, title),
    db()
      .prepare(
        "UPDATE history_search SET title = ?3 WHERE rowid = (SELECT seq FROM history_items WHERE email = ?1 AND id = ?2 AND tool = 'chat')",
      )
      .bind(email, id, title),
  ]);
  return (renamed?.meta.changes ?? 0) > 0;
}

/** Pins (to the top, the last pinned first) or unpins the account's conversation. */
export async function pinConversation(email: string, id: string, pinned: boolean, now = nowSeconds()): Promise<boolean> {
  const result = await db()
    .prepare("UPDATE history_items SET pinned_at = ?3 WHERE email = ?1 AND id = ?2 AND tool = 'chat'")
    .bind(email, id, pinned ? now : null)
    .run();
  return result.meta.changes > 0;
}

/** Whether the account has a conversation by this id (deleting goes through the history's own delete). */
export async function isConversation(email: string, id: string): Promise<boolean> {
  const row = await db()
    .prepare("SELECT 1 AS found FROM history_items WHERE email = ? AND id = ? AND tool = 'chat'")
    .bind(email, id)
    .first();
  return row !== null;
}
