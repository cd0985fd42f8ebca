import type { ToolId } from "~/content/tools";
import { randomId } from "../account/secure-random.server";
import { isoTime, nowSeconds } from "../clock.server";
import { serverEnv } from "../env.server";
import { describeError, log } from "../log.server";
import type { ConversationSummary } from "~/shared/conversation-summary";
import type { FormValues } from "~/shared/tool-action-data";
import { activityStatement } from "./analytics.server";
import { historyEntry, ownedMediaKeys, type HistoryEntry } from "./history-entry.server";
import type { HistoryOutput } from "~/shared/history-output";
import { HISTORY_RETENTION_SECONDS } from "./retention.server";
import { decodeCursor, encodeCursor, ftsQuery } from "./history-query.server";
import type { HistoryItemsRow } from "../data/rows.server";
import type { Selected } from "../data/selected.server";

// The workspace's history (docs/architecture.md 'Workspace'): every result a subscriber produced, on
// the web or through the API. Every query names the account: an item id alone never finds a row.

export type HistorySource = "web" | "api";

export type HistorySummary = { id: string; tool: ToolId; source: HistorySource; title: string; createdAt: number; updatedAt: number };
/** An item whole; `writing`: a new conversation whose first reply is being written, its id (decision 075). */
export type HistoryItem = HistorySummary & ItemBody & { writing?: string };
type ItemBody = { input: FormValues; output: HistoryOutput; expiresAt: number; projectId: string | null };

export type HistoryPage = { items: HistorySummary[]; nextCursor: string | null };

// Every column but the address (the query names it), the media ids (only deletion reads them) and the pin (the list's).
type Row = Selected<
  HistoryItemsRow,
  Exclude<keyof HistoryItemsRow, "email" | "media_id" | "upload_media_id" | "pinned_at">,
  { tool: ToolId; source: HistorySource }
>;

const db = () => serverEnv().DB;

/**
 * Keeps a finished run in the account's history: its item's id, or undefined (a storage error is
 * logged, not shown: the person has their answer). `startedAs`: the conversation was listed while
 * its first reply was written (keepConversationStarted): that item becomes this one, id and title
 * kept, or goes where the same conversation is kept already; deleted meanwhile, it stays deleted.
 */
export async function recordToolResult(
  email: string,
  tool: ToolId,
  source: HistorySource,
  input: Record<string, unknown>,
  result: unknown,
  { now = nowSeconds(), startedAs }: { now?: number; startedAs?: string } = {},
): Promise<string | undefined> {
  try {
    const entry = historyEntry(tool, input, result);
    const id = randomId();
    const started = startedAs && entry.conversationKey ? startedKey(startedAs) : undefined;
    const claimStarted = `UPDATE history_items SET conversation_key = ?3 WHERE email = ?1 AND conversation_key = ?2
      AND NOT EXISTS (SELECT 1 FROM history_items WHERE email = ?1 AND conversation_key = ?3)`;
    const written = await db().batch([
      ...(started ? [db().prepare(claimStarted).bind(email, started, entry.conversationKey!)] : []),
      itemStatement(email, source, entry, { id, tool, key: entry.conversationKey, now, whileListed: Boolean(started) }),
      searchStatement(email, entry.body, { id, key: entry.conversationKey }),
      ...(started ? [forgetStatement(email, started)] : []),
      activityStatement({ email, tool, source, input, output: entry.output, created_at: now }),
    ]);
    // Its started item deleted meanwhile: nothing was written, so nothing is said to be kept.
    return started && written[1]?.meta.changes === 0 ? undefined : id;
  } catch (error) {
    log("error", "history record failed", { tool, ...describeError(error) });
    return undefined;
  }
}

/** The item's words in the search index; the row's title, not the entry's: a conversation renamed in the chat page's list keeps its name. */
function searchStatement(email: string, body: string, { id, key }: { id: string; key: string | undefined }) {
  return db()
    .prepare(
      `INSERT OR REPLACE INTO history_search (rowid, title, body)
       SELECT seq, title, ?1 FROM history_items WHERE email = ?2 AND (id = ?3 OR (?4 IS NOT NULL AND conversation_key = ?4))`,
    )
    .bind(body, email, id, key ?? null);
}

/** The item's row, written or (a conversation that goes on, by its key) updated; `whileListed`: only where its conversation's row is. */
function itemStatement(
  email: string,
  source: HistorySource,
  entry: HistoryEntry,
  { id, tool, key, now, whileListed }: { id: string; tool: ToolId; key: string | undefined; now: number; whileListed?: boolean },
) {
  const listed = "WHERE EXISTS (SELECT 1 FROM history_items WHERE email = ?2 AND conversation_key = ?9)";
  return db()
    .prepare(
      `INSERT INTO history_items (id, email, tool, source, title, input, output, media_id, conversation_key, created_at, updated_at, expires_at, upload_media_id, project_id)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12, ?13 ${whileListed ? listed : "WHERE true"}
       ON CONFLICT (email, conversation_key) WHERE conversation_key IS NOT NULL
       DO UPDATE SET output = excluded.output, input = excluded.input, source = excluded.source, updated_at = excluded.updated_at, expires_at = excluded.expires_at`,
    )
    .bind(
      id,
      email,
      tool,
      source,
      entry.title,
      JSON.stringify(entry.input),
      JSON.stringify(entry.output),
      entry.mediaId ?? null,
      key ?? null,
      now,
      now + HISTORY_RETENTION_SECONDS,
      entry.uploadMediaId ?? null,
      entry.projectId ?? null,
    );
}

export const HISTORY_PAGE_SIZE = 20;

/** Newest first, optionally one tool and/or a full-text search; keyset paging by cursor. */
export async function listHistory(
  email: string,
  { tool, query, cursor, limit = HISTORY_PAGE_SIZE }: { tool?: ToolId; query?: string; cursor?: string; limit?: number },
): Promise<HistoryPage> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  const match = query ? ftsQuery(query) : undefined;
  const conditions = ["h.email = ?1"];
  const params: (string | number)[] = [email];
  const add = (condition: string, ...values: (string | number)[]) => {
    conditions.push(condition.replace(/\?(\d)/g, (_, n: string) => `?${params.length + Number(n)}`));
    params.push(...values);
  };
  if (tool) add("h.tool = ?1", tool);
  if (after) add("(h.updated_at < ?1 OR (h.updated_at = ?1 AND h.seq < ?2))", after.updatedAt, after.seq);
  if (match) add("h.seq IN (SELECT rowid FROM history_search WHERE history_search MATCH ?1)", match);
  const { results } = await db()
    .prepare(
      `SELECT h.seq, h.id, h.tool, h.source, h.title, h.created_at, h.updated_at FROM history_items h
       WHERE ${conditions.join(" AND ")} ORDER BY h.updated_at DESC, h.seq DESC LIMIT ${limit + 1}`,
    )
    .bind(...params)
    .all<Omit<Row, "input" | "output" | "expires_at" | "project_id" | "conversation_key">>();
  const page = results.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(summaryOf),
    nextCursor: results.length > limit && last ? encodeCursor(last.updated_at, last.seq) : null,
  };
}

function summaryOf(row: Omit<Row, "input" | "output" | "expires_at" | "project_id" | "conversation_key">): HistorySummary {
  return { id: row.id, tool: row.tool, source: row.source, title: row.title, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** The account's item, or undefined: another account's id is as unknown as a made-up one. */
export async function findHistoryItem(email: string, id: string): Promise<HistoryItem | undefined> {
  const row = await db().prepare("SELECT * FROM history_items WHERE email = ? AND id = ?").bind(email, id).first<Row>();
  if (!row) return undefined;
  return {
    ...summaryOf(row),
    expiresAt: row.expires_at,
    projectId: row.project_id,
    input: JSON.parse(row.input) as FormValues,
    output: JSON.parse(row.output) as HistoryOutput,
    ...writingOf(row.conversation_key),
  };
}

/** Deletes the account's item and its media (result, uploaded original): what it was (`writing`: a new conversation's), or undefined if none. */
export async function deleteHistoryItem(email: string, id: string): Promise<{ writing?: string } | undefined> {
  const row = await db()
    .prepare("DELETE FROM history_items WHERE email = ? AND id = ? RETURNING media_id, upload_media_id, conversation_key")
    .bind(email, id)
    .first<Pick<HistoryItemsRow, "media_id" | "upload_media_id" | "conversation_key">>();
  const keys = row ? ownedMediaKeys(row) : [];
  if (keys.length) await serverEnv().MEDIA.delete(keys);
  return row ? writingOf(row.conversation_key) : undefined;
}

const EXPORT_PAGE = 500;

/** The whole history with links to its images and audio, paged by seq so a large history is read in bounded queries. */
export async function exportedHistory(email: string, origin: string) {
  const history: unknown[] = [];
  for (let after = 0; ;) {
    const { results: page } = await db()
      .prepare("SELECT * FROM history_items WHERE email = ? AND seq > ? ORDER BY seq LIMIT ?")
      .bind(email, after, EXPORT_PAGE)
      .all<HistoryItemsRow>();
    for (const row of page) {
      history.push({
        id: row.id,
        tool: row.tool,
        source: row.source,
        title: row.title,
        createdAt: isoTime(row.created_at),
        updatedAt: isoTime(row.updated_at),
        keptUntil: isoTime(row.expires_at),
        input: JSON.parse(row.input),
        output: JSON.parse(row.output),
        ...(row.media_id ? { mediaUrl: `${origin}/media/${row.media_id}` } : {}),
      });
    }
    if (page.length < EXPORT_PAGE) break;
    after = page.at(-1)!.seq;
  }
  return history;
}

// A subscriber's new conversation is listed as soon as its first reply starts (decision 075): an
// item with the question alone, keyed by the conversation's id until the reply is kept.
const STARTED = "started:";
const startedKey = (conversation: string) => `${STARTED}${conversation}`;
const forgetStatement = (email: string, key: string) =>
  db().prepare("DELETE FROM history_items WHERE email = ?1 AND conversation_key = ?2").bind(email, key);
type StartedConversation = { source: HistorySource; input: Record<string, unknown>; question: { role: string; content: string } };
const writingOf = (key: string | null) => (key?.startsWith(STARTED) ? { writing: key.slice(STARTED.length) } : {});

/** Lists a new conversation whose first reply is being written (false when that failed, logged); not counted in the analytics (its kept reply is). */
export async function keepConversationStarted(email: string, conversation: string, keep: StartedConversation, now = nowSeconds()) {
  const entry = historyEntry("chat", keep.input, { conversation: [keep.question] });
  const [id, key] = [randomId(), startedKey(conversation)];
  return db()
    .batch([itemStatement(email, keep.source, entry, { id, tool: "chat", key, now }), searchStatement(email, entry.body, { id, key })])
    .then(() => true)
    .catch((error: unknown) => (log("error", "history record failed", { tool: "chat", ...describeError(error) }), false));
}

/** A project's new conversations whose first reply is being written: stopped when the project goes. */
export async function conversationsStartedIn(email: string, projectId: string): Promise<string[]> {
  const sql = `SELECT conversation_key FROM history_items WHERE email = ?1 AND project_id = ?2 AND conversation_key GLOB '${STARTED}*'`;
  const { results } = await db().prepare(sql).bind(email, projectId).all<{ conversation_key: string }>();
  return results.flatMap((row) => writingOf(row.conversation_key).writing ?? []);
}

/** The started conversation's item goes when its first reply ends without being kept (stopped, failed, interrupted). */
export async function forgetConversationStarted(email: string, conversation: string): Promise<void> {
  await forgetStatement(email, startedKey(conversation)).run();
}

// The chat page's conversation list (docs/decisions/067): the history's chat items (one per
// conversation), pinned first, then newest first. Every statement names the account and the chat
// tool: an id alone, or another tool's item, is never found.

/** How many conversations the chat page lists: the history page has the rest. */
export const CONVERSATION_LIST_SIZE = 50;

/**
 * The account's conversations, the last pinned first, then by last change; `query` as the history's
 * search reads it. With `projectId` the project's chats only, without it the chats of no project
 * (a project's are listed inside it, decision 071).
 */
export async function listConversations(email: string, query?: string, projectId?: string): Promise<ConversationSummary[]> {
  const match = query ? ftsQuery(query) : undefined;
  // A search of only punctuation has no words: nothing matches, rather than everything.
  if (query && !match) return [];
  const { results } = await db()
    .prepare(
      `SELECT id, title, pinned_at, updated_at, conversation_key FROM history_items
       WHERE email = ?1 AND tool = 'chat' AND project_id IS ?2 ${match ? "AND seq IN (SELECT rowid FROM history_search WHERE history_search MATCH ?3)" : ""}
       ORDER BY pinned_at IS NULL, pinned_at DESC, updated_at DESC, seq DESC LIMIT ${CONVERSATION_LIST_SIZE}`,
    )
    .bind(...(match ? [email, projectId ?? null, match] : [email, projectId ?? null]))
    .all<Pick<HistoryItemsRow, "id" | "title" | "pinned_at" | "updated_at" | "conversation_key">>();
  return results.map((row) => ({
    id: row.id,
    title: row.title,
    pinned: row.pinned_at !== null,
    updatedAt: row.updated_at,
    ...writingOf(row.conversation_key),
  }));
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
