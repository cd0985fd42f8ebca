import type { ShownMessage } from "~/forms/chat-history";
import {
  sharedConversationPath,
  sharedTitle,
  type SharedConversationView,
  type SharedLinkSummary,
  type SharedMessage,
} from "~/shared/shared-conversation";
import { nowSeconds, randomToken } from "../account/secure-random.server";
import { renderReply } from "../content/cited-reply.server";
import { serverEnv } from "../env.server";

// Shared chat conversations (docs/decisions/049): a snapshot of a subscriber's conversation under a
// 256-bit token, opened by anyone holding the link, revoked by its owner only. Every owner query
// names the account; a stranger's token is as unknown as a made-up one. Revoking erases the
// content at once; account deletion deletes the rows.

/** At most this many links an account may make in an hour, and keep live at once. */
export const SHARES_PER_HOUR = 20;
export const LIVE_SHARES_PER_ACCOUNT = 200;

/** Share tokens: 256 random bits, base64url. */
export const isShareToken = (token: string | undefined): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

const db = () => serverEnv().DB;

export type ShareRefusal = { error: string; status: 429 };

/** Stores the snapshot and returns its token, or why not (too many links made lately or kept). */
export async function createSharedConversation(
  email: string,
  messages: SharedMessage[],
  now = nowSeconds(),
): Promise<{ token: string; title: string } | ShareRefusal> {
  const counts = await db()
    .prepare(
      `SELECT COUNT(*) FILTER (WHERE created_at > ?2) AS recent, COUNT(*) FILTER (WHERE revoked_at IS NULL) AS live
       FROM shared_conversations WHERE email = ?1`,
    )
    .bind(email, now - 3600)
    .first<{ recent: number; live: number }>();
  if ((counts?.recent ?? 0) >= SHARES_PER_HOUR)
    return { status: 429, error: `You have shared ${SHARES_PER_HOUR} conversations in the last hour. Please try again later.` };
  if ((counts?.live ?? 0) >= LIVE_SHARES_PER_ACCOUNT)
    return {
      status: 429,
      error: `You have ${LIVE_SHARES_PER_ACCOUNT} shared links. Revoke some on your dashboard before sharing another conversation.`,
    };
  const token = randomToken();
  const title = sharedTitle(messages);
  await db()
    .prepare("INSERT INTO shared_conversations (token, email, title, messages, created_at) VALUES (?, ?, ?, ?, ?)")
    .bind(token, email, title, JSON.stringify(messages), now)
    .run();
  return { token, title };
}

/** What a live link opens, replies rendered to sanitized HTML here; undefined when revoked or unknown. */
export async function findSharedConversation(token: string | undefined): Promise<SharedConversationView | undefined> {
  if (!isShareToken(token)) return undefined;
  const row = await db()
    .prepare("SELECT title, messages, created_at FROM shared_conversations WHERE token = ? AND revoked_at IS NULL")
    .bind(token)
    .first<{ title: string; messages: string; created_at: number }>();
  if (!row) return undefined;
  return { title: row.title, createdAt: row.created_at, messages: shownConversation(JSON.parse(row.messages) as SharedMessage[]) };
}

/** Messages as the chat screen shows them: replies rendered from their Markdown, sanitized, never trusted HTML. */
export function shownConversation(messages: readonly SharedMessage[]): ShownMessage[] {
  return messages.map(({ id, role, content, attachments, citations }) => ({
    id,
    role,
    content,
    ...(role === "assistant" ? { html: renderReply(content, citations) } : {}),
    ...(attachments?.length
      ? { sharedFiles: attachments.map(({ name, bytes, text }) => ({ name, bytes, ...(text === undefined ? {} : { text }) })) }
      : {}),
  }));
}

/** The account's live links, newest first. */
export async function listSharedConversations(email: string, limit = LIVE_SHARES_PER_ACCOUNT): Promise<SharedLinkSummary[]> {
  const { results } = await db()
    .prepare(
      `SELECT token, title, created_at, json_array_length(messages) AS count FROM shared_conversations
       WHERE email = ? AND revoked_at IS NULL ORDER BY created_at DESC, token LIMIT ?`,
    )
    .bind(email, limit)
    .all<{ token: string; title: string; created_at: number; count: number }>();
  return results.map((row) => ({ token: row.token, title: row.title, createdAt: row.created_at, messages: row.count }));
}

/**
 * Ends the link and erases its title and messages; the bare row stays a day (retention sweep) so
 * revoking does not reset the hourly limit. False when it is not the account's live link.
 */
export async function revokeSharedConversation(email: string, token: string | undefined, now = nowSeconds()): Promise<boolean> {
  if (!isShareToken(token)) return false;
  const { meta } = await db()
    .prepare(
      "UPDATE shared_conversations SET revoked_at = ?3, title = '', messages = '[]' WHERE token = ?1 AND email = ?2 AND revoked_at IS NULL",
    )
    .bind(token, email, now)
    .run();
  return (meta.changes ?? 0) > 0;
}

/** 'Export my data': the account's live links with what each shows (at most 200, each at most 20 messages). */
export async function exportedSharedConversations(email: string, origin: string): Promise<unknown[]> {
  const { results } = await db()
    .prepare(
      "SELECT token, title, messages, created_at FROM shared_conversations WHERE email = ? AND revoked_at IS NULL ORDER BY created_at",
    )
    .bind(email)
    .all<{ token: string; title: string; messages: string; created_at: number }>();
  return results.map((row) => ({
    url: `${origin}${sharedConversationPath(row.token)}`,
    title: row.title,
    sharedAt: new Date(row.created_at * 1000).toISOString(),
    messages: JSON.parse(row.messages) as SharedMessage[],
  }));
}
