import { company } from "~/content/company";
import { nowSeconds } from "../account/secure-random.server";
import { serverEnv } from "../env.server";
import { setting } from "../settings.server";
import { describeError, log } from "../log.server";
import { listBatches } from "../reports/batches.server";
import { exportedReports } from "../reports/reports.server";
import { exportedSharedConversations } from "../conversations/shared-conversations.server";

// 'Export my data' (privacy policy 'Your rights'): a JSON file of the account, its subscriptions,
// usage, API keys (never their secrets), whole history with links to its images and audio, and
// detection reports with their receipts (never a share link: only its hash is kept).
// It is built after the answer (waitUntil), kept in R2 for 24 hours, and announced by mail.

export const EXPORT_LIFETIME_SECONDS = 24 * 60 * 60;
const PAGE = 500;

export type DataExport = { id: string; status: "preparing" | "ready" | "failed"; createdAt: number; expiresAt: number };

const db = () => serverEnv().DB;
export const exportObjectKey = (id: string) => `exports/${id}.json`;

function newExportId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Records the export and returns its id with the work that builds it (for waitUntil). `origin` is
 * the site's canonical origin (site-origin.server.ts); without one, the file's media links are
 * relative and no mail is sent (the export page still offers the download).
 */
export async function startDataExport(email: string, origin: string | undefined): Promise<{ id: string; work: Promise<void> }> {
  const id = newExportId();
  const now = nowSeconds();
  await db()
    .prepare("INSERT INTO data_exports (id, email, status, created_at, expires_at) VALUES (?, ?, 'preparing', ?, ?)")
    .bind(id, email, now, now + EXPORT_LIFETIME_SECONDS)
    .run();
  return { id, work: buildDataExport(email, id, origin) };
}

async function buildDataExport(email: string, id: string, origin: string | undefined): Promise<void> {
  try {
    const body = JSON.stringify(await exportContents(email, origin), null, 2);
    await serverEnv().MEDIA.put(exportObjectKey(id), body, { httpMetadata: { contentType: "application/json" } });
    await db().prepare("UPDATE data_exports SET status = 'ready' WHERE id = ? AND email = ?").bind(id, email).run();
    if (origin) await sendExportMail(email, `${origin}/account/export/${id}`);
    log("info", "data export ready", { bytes: body.length });
  } catch (error) {
    log("error", "data export failed", describeError(error));
    await db().prepare("UPDATE data_exports SET status = 'failed' WHERE id = ? AND email = ?").bind(id, email).run();
  }
}

async function exportContents(email: string, origin = "") {
  const all = async <T>(sql: string, ...params: unknown[]) =>
    (
      await db()
        .prepare(sql)
        .bind(...params)
        .all<T>()
    ).results;
  const account = await db()
    .prepare("SELECT email, created_at FROM accounts WHERE email = ?")
    .bind(email)
    .first<{ email: string; created_at: number }>();
  const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());
  // The customers bound to the account (decision 055): not a stranger's purchase typed with its address.
  const subscriptions = await all<Record<string, number | string | null>>(
    `SELECT s.id, s.plan_id, s.status, s.current_period_start, s.current_period_end, s.cancel_at_period_end, s.customer_id
     FROM subscriptions s JOIN customers c ON c.id = s.customer_id WHERE c.account_email = ?`,
    email,
  );
  const usage = await all<Record<string, number | string>>(
    "SELECT tool, period_start, used FROM usage WHERE customer_id IN (SELECT id FROM customers WHERE account_email = ?) ORDER BY period_start, tool",
    email,
  );
  const keys = await all<Record<string, number | string | null>>(
    "SELECT name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE email = ? ORDER BY created_at",
    email,
  );
  const history: unknown[] = [];
  // Paged by seq so a large history is read in bounded queries.
  for (let after = 0; ;) {
    const page = await all<{
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
    }>("SELECT * FROM history_items WHERE email = ? AND seq > ? ORDER BY seq LIMIT ?", email, after, PAGE);
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
  const reports = await exportedReports(email, origin);
  const batches = (await listBatches(email, 10_000)).map(({ createdAt, ...batch }) => ({ ...batch, createdAt: iso(createdAt) }));
  return {
    exportedAt: new Date().toISOString(),
    account: { email, createdAt: iso(account?.created_at ?? null) },
    subscriptions: subscriptions.map((row) => ({
      id: row.id,
      plan: row.plan_id,
      status: row.status,
      currentPeriodStart: iso(row.current_period_start as number | null),
      currentPeriodEnd: iso(row.current_period_end as number | null),
      cancelAtPeriodEnd: row.cancel_at_period_end === 1,
    })),
    usage: usage.map((row) => ({ tool: row.tool, periodStart: iso(row.period_start as number), used: row.used })),
    apiKeys: keys.map((row) => ({
      name: row.name,
      prefix: row.prefix,
      createdAt: iso(row.created_at as number),
      lastUsedAt: iso(row.last_used_at as number | null),
      revokedAt: iso(row.revoked_at as number | null),
    })),
    history,
    reports,
    batches,
    sharedConversations: await exportedSharedConversations(email),
  };
}

/** The account's export, or undefined (another account's id is as unknown as a made-up one). */
export async function findDataExport(email: string, id: string): Promise<DataExport | undefined> {
  const row = await db()
    .prepare("SELECT id, status, created_at, expires_at FROM data_exports WHERE id = ? AND email = ? AND expires_at > ?")
    .bind(id, email, nowSeconds())
    .first<{ id: string; status: DataExport["status"]; created_at: number; expires_at: number }>();
  return row ? { id: row.id, status: row.status, createdAt: row.created_at, expiresAt: row.expires_at } : undefined;
}

async function sendExportMail(email: string, link: string): Promise<void> {
  const from = setting("MAIL_FROM");
  if (!from) return;
  const text = [
    `You asked to export your ${company.productName} data as ${email}.`,
    `Your ${company.productName} data export is ready.`,
    "",
    "Sign in and download it here within 24 hours:",
    link,
    "",
    `Questions? Write to ${company.supportEmail}.`,
  ].join("\n");
  try {
    await serverEnv().EMAIL.send({
      from: { email: from, name: company.productName },
      to: email,
      subject: `Your ${company.productName} data export is ready`,
      text,
    });
  } catch (error) {
    log("error", "export mail failed", describeError(error));
  }
}
