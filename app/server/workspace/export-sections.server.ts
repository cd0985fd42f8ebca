import { serverEnv } from "../env.server";
import type { AccountsRow } from "../data/rows.server";

// The parts of 'Export my data' read straight from the account's tables (the registry,
// app/server/data/tables.server.ts, names which table gives which part); reports, batches and
// shared conversations are read by their own modules.

const PAGE = 500;

const db = () => serverEnv().DB;
const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());

async function all<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  return (
    await db()
      .prepare(sql)
      .bind(...params)
      .all<T>()
  ).results;
}

export async function exportedAccount(email: string) {
  const account = await db()
    .prepare("SELECT email, created_at FROM accounts WHERE email = ?")
    .bind(email)
    .first<Pick<AccountsRow, "email" | "created_at">>();
  return { email, createdAt: iso(account?.created_at ?? null) };
}

/** The subscriptions of the customers bound to the account (decision 055): not a stranger's purchase typed with its address. */
export async function exportedSubscriptions(email: string) {
  const rows = await all<Record<string, number | string | null>>(
    `SELECT s.id, s.plan_id, s.status, s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.customer_id
     FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE c.account_email = ?`,
    email,
  );
  return rows.map((row) => ({
    id: row.id,
    plan: row.plan_id,
    status: row.status,
    currentPeriodStart: iso(row.current_period_start as number | null),
    currentPeriodEnd: iso(row.current_period_end as number | null),
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  }));
}

export async function exportedUsage(email: string) {
  const rows = await all<Record<string, number | string>>(
    "SELECT tool, period_start, used FROM usage WHERE customer_id IN (SELECT id FROM customers WHERE account_email = ?) ORDER BY period_start, tool",
    email,
  );
  return rows.map((row) => ({ tool: row.tool, periodStart: iso(row.period_start as number), used: row.used }));
}

/** The account's API keys, never their secrets (only a hash is stored). */
export async function exportedApiKeys(email: string) {
  const rows = await all<Record<string, number | string | null>>(
    "SELECT name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE email = ? ORDER BY created_at",
    email,
  );
  return rows.map((row) => ({
    name: row.name,
    prefix: row.prefix,
    createdAt: iso(row.created_at as number),
    lastUsedAt: iso(row.last_used_at as number | null),
    revokedAt: iso(row.revoked_at as number | null),
  }));
}

type HistoryRow = {
  seq: number;
  id: string;
  tool: string;
  source: string;
  title: string;
  input: string;
  output: string;
  media_id: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number;
};

/** The whole history with links to its images and audio, paged by seq so a large history is read in bounded queries. */
export async function exportedHistory(email: string, origin: string) {
  const history: unknown[] = [];
  for (let after = 0; ;) {
    const page = await all<HistoryRow>("SELECT * FROM history_items WHERE email = ? AND seq > ? ORDER BY seq LIMIT ?", email, after, PAGE);
    for (const row of page) {
      history.push({
        id: row.id,
        tool: row.tool,
        source: row.source,
        title: row.title,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        keptUntil: iso(row.expires_at),
        input: JSON.parse(row.input),
        output: JSON.parse(row.output),
        ...(row.media_id ? { mediaUrl: `${origin}/media/${row.media_id}` } : {}),
      });
    }
    if (page.length < PAGE) break;
    after = page.at(-1)!.seq;
  }
  return history;
}
