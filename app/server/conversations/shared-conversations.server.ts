import type { ShownMessage } from "~/forms/chat-history";
import { sharedTitle, type SharedConversationView, type SharedLinkSummary, type SharedMessage } from "~/shared/shared-conversation";
import { nowSeconds } from "../clock.server";
import { randomToken, sha256Hex } from "../account/secure-random.server";
import { renderReply } from "../content/cited-reply.server";
import { serverEnv } from "../env.server";
import { isSignedReply } from "./reply-signature.server";
import type { SharedConversationsRow } from "../data/rows.server";

// Shared chat conversations (docs/decisions/049, 057): a snapshot of a subscriber's conversation under a
// 256-bit token stored as its SHA-256, opened by anyone holding the link, revoked by its owner only. Every owner query
// names the account; a stranger's token is as unknown as a made-up one. Revoking erases the
// content at once; account deletion deletes the rows.

/** At most this many links an account may make in an hour, and keep live at once. */
export const SHARES_PER_HOUR = 20;
export const LIVE_SHARES_PER_ACCOUNT = 200;

/** Share tokens: 256 random bits, base64url. */
export const isShareToken = (token: string | undefined): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

/** The dashboard's name for a link: its token's SHA-256, hex (or a legacy raw token, a share token itself). */
const isLinkId = (id: string | undefined): id is string => typeof id === "string" && /^[0-9a-f]{64}$/.test(id);

const db = () => serverEnv().DB;

export type ShareRefusal = { error: string; status: 429 };

/**
 * Stores the snapshot and returns its token, or why not (too many links made lately or kept). The
 * limits are checked by the insert itself (one statement, so concurrent shares cannot all pass a
 * count taken before any of them was stored); only a refused insert counts again, to say which.
 */
export async function createSharedConversation(
  email: string,
  messages: SharedMessage[],
  now = nowSeconds(),
): Promise<{ token: string; title: string } | ShareRefusal> {
  const token = randomToken();
  const title = sharedTitle(messages);
  const { meta } = await db()
    .prepare(
      `INSERT INTO shared_conversations (token_hash, email, title, messages, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5
       WHERE (SELECT COUNT(*) FROM shared_conversations WHERE email = ?2 AND created_at > ?6) < ?7
         AND (SELECT COUNT(*) FROM shared_conversations WHERE email = ?2 AND revoked_at IS NULL) < ?8`,
    )
    .bind(await sha256Hex(token), email, title, JSON.stringify(messages), now, now - 3600, SHARES_PER_HOUR, LIVE_SHARES_PER_ACCOUNT)
    .run();
  if ((meta.changes ?? 0) > 0) return { token, title };
  const counts = await db()
    .prepare("SELECT COUNT(*) FILTER (WHERE created_at > ?2) AS recent FROM shared_conversations WHERE email = ?1")
    .bind(email, now - 3600)
    .first<{ recent: number }>();
  return (counts?.recent ?? 0) >= SHARES_PER_HOUR
    ? { status: 429, error: `You have shared ${SHARES_PER_HOUR} conversations in the last hour. Please try again later.` }
    : {
        status: 429,
        error: `You have ${LIVE_SHARES_PER_ACCOUNT} shared links. Revoke some on your dashboard before sharing another conversation.`,
      };
}

/**
 * What `token_hash` may hold for a link (docs/decisions/057): the token's SHA-256 (hex), or, for a
 * link made before migration 0011 and not yet rewritten, the raw token itself (43 base64url
 * characters, which no 64-character hash can equal).
 */
const storedNames = async (token: string): Promise<[hash: string, legacy: string]> => [await sha256Hex(token), token];

/** Rewrites a link still stored raw to its hash. */
const hashLegacyToken = async (token: string) =>
  db()
    .prepare("UPDATE shared_conversations SET token_hash = ?1 WHERE token_hash = ?2")
    .bind(await sha256Hex(token), token)
    .run();

/** Rewrites links still stored raw (made before migration 0011) to their hash; the retention sweep calls it. */
export async function hashLegacyShareTokens(batch: number): Promise<number> {
  const { results } = await db()
    .prepare("SELECT token_hash FROM shared_conversations WHERE length(token_hash) <> 64 LIMIT ?")
    .bind(batch)
    .all<Pick<SharedConversationsRow, "token_hash">>();
  for (const { token_hash } of results) await hashLegacyToken(token_hash);
  return results.length;
}

/** What a live link opens, replies rendered to sanitized HTML here; undefined when revoked or unknown. */
export async function findSharedConversation(token: string | undefined): Promise<SharedConversationView | undefined> {
  if (!isShareToken(token)) return undefined;
  const row = await db()
    .prepare("SELECT token_hash, title, messages, created_at FROM shared_conversations WHERE token_hash IN (?1, ?2) AND revoked_at IS NULL")
    .bind(...(await storedNames(token)))
    .first<Pick<SharedConversationsRow, "token_hash" | "title" | "messages" | "created_at">>();
  if (!row) return undefined;
  if (row.token_hash === token) await hashLegacyToken(token);
  return { title: row.title, createdAt: row.created_at, messages: await sharedMessages(JSON.parse(row.messages) as SharedMessage[]) };
}

/**
 * The snapshot as its page shows it (docs/decisions/057): a reply is the site's only when the
 * server's signature on it verifies; any other 'assistant' message is text the sharer supplied,
 * shown as plain text and labelled as theirs (never rendered as Markdown, so it links nowhere).
 */
async function sharedMessages(messages: readonly SharedMessage[]): Promise<ShownMessage[]> {
  const signed = await Promise.all(messages.map(isSignedReply));
  return shownConversation(messages).map(({ signature: _signature, html, ...message }, index) =>
    message.role !== "assistant" ? message : signed[index] ? { ...message, html } : { ...message, supplied: true },
  );
}

/** Messages as the chat screen shows them: replies rendered from their Markdown, sanitized, never trusted HTML; signatures kept. */
export function shownConversation(messages: readonly SharedMessage[]): ShownMessage[] {
  return messages.map(({ id, role, content, attachments, citations, signature }) => ({
    id,
    role,
    content,
    ...(signature ? { signature } : {}),
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
      `SELECT token_hash, title, created_at, json_array_length(messages) AS count FROM shared_conversations
       WHERE email = ? AND revoked_at IS NULL ORDER BY created_at DESC, token_hash LIMIT ?`,
    )
    .bind(email, limit)
    .all<Pick<SharedConversationsRow, "token_hash" | "title" | "created_at"> & { count: number }>();
  return results.map((row) => ({ id: row.token_hash, title: row.title, createdAt: row.created_at, messages: row.count }));
}

/**
 * Ends the link, named by its token or by the dashboard's id (the token's hash, which opens
 * nothing), and erases its title and messages; the bare row stays a day (retention sweep) so
 * revoking does not reset the hourly limit. False when it is not the account's live link.
 */
export async function revokeSharedConversation(email: string, link: string | undefined, now = nowSeconds()): Promise<boolean> {
  const names = isShareToken(link) ? await storedNames(link) : isLinkId(link) ? [link, link] : undefined;
  if (!names) return false;
  const { meta } = await db()
    .prepare(
      `UPDATE shared_conversations SET token_hash = ?1, revoked_at = ?4, title = '', messages = '[]'
       WHERE token_hash IN (?1, ?2) AND email = ?3 AND revoked_at IS NULL`,
    )
    .bind(...names, email, now)
    .run();
  return (meta.changes ?? 0) > 0;
}

/**
 * 'Export my data': the account's live links with what each shows (at most 200, each at most 20
 * messages). Not their addresses: only the token's hash is stored.
 */
export async function exportedSharedConversations(email: string): Promise<unknown[]> {
  const { results } = await db()
    .prepare("SELECT title, messages, created_at FROM shared_conversations WHERE email = ? AND revoked_at IS NULL ORDER BY created_at")
    .bind(email)
    .all<Pick<SharedConversationsRow, "title" | "messages" | "created_at">>();
  return results.map((row) => ({
    title: row.title,
    sharedAt: new Date(row.created_at * 1000).toISOString(),
    messages: JSON.parse(row.messages) as SharedMessage[],
  }));
}
