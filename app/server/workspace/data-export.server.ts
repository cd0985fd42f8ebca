import { randomId } from "../account/secure-random.server";
import { company } from "~/content/company";
import { nowSeconds } from "../clock.server";
import { serverEnv } from "../env.server";
import { setting } from "../settings.server";
import { describeError, log } from "../log.server";
import { EXPORT_SECTIONS, exportObjectKey } from "../data/table-entry.server";
import { tableEntries } from "../data/tables.server";
import type { DataExportsRow } from "../data/rows.server";
import type { Selected } from "../data/selected.server";

// 'Export my data' (privacy policy 'Your rights'): a JSON file of the account, its subscriptions,
// usage, API keys (never their secrets), whole history with links to its images and audio, and
// detection reports with their receipts (never a share link: only its hash is kept).
// It is built after the answer (waitUntil), kept in R2 for 24 hours, and announced by mail.

export const EXPORT_LIFETIME_SECONDS = 24 * 60 * 60;

export type DataExport = { id: string; status: "preparing" | "ready" | "failed"; createdAt: number; expiresAt: number };

const db = () => serverEnv().DB;

/**
 * Records the export and returns its id with the work that builds it (for waitUntil). `origin` is
 * the site's canonical origin (site-origin.server.ts); without one, the file's media links are
 * relative and no mail is sent (the export page still offers the download).
 */
export async function startDataExport(email: string, origin: string | undefined): Promise<{ id: string; work: Promise<void> }> {
  const id = randomId();
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
    const ready = await db().prepare("UPDATE data_exports SET status = 'ready' WHERE id = ? AND email = ?").bind(id, email).run();
    // The account deleted while the file was built (its row went with it): no row would ever lead the
    // retention sweep to the file, so it goes now, and no mail is sent.
    if (ready.meta.changes === 0) return void (await serverEnv().MEDIA.delete(exportObjectKey(id)));
    if (origin) await sendExportMail(email, `${origin}/account/export/${id}`);
    log("info", "data export ready", { bytes: body.length });
  } catch (error) {
    log("error", "data export failed", describeError(error));
    await db().prepare("UPDATE data_exports SET status = 'failed' WHERE id = ? AND email = ?").bind(id, email).run();
  }
}

async function exportContents(email: string, origin = "") {
  const sections = new Map<string, unknown>();
  for (const [, entry] of tableEntries) {
    if (entry.export.kind === "section") sections.set(entry.export.key, await entry.export.read(email, origin));
  }
  // In the registry's order for the reader; a section no table gives is an empty list, never a missing key.
  return { exportedAt: new Date().toISOString(), ...Object.fromEntries(EXPORT_SECTIONS.map((key) => [key, sections.get(key) ?? []])) };
}

/** The account's export, or undefined (another account's id is as unknown as a made-up one). */
export async function findDataExport(email: string, id: string): Promise<DataExport | undefined> {
  const row = await db()
    .prepare("SELECT id, status, created_at, expires_at FROM data_exports WHERE id = ? AND email = ? AND expires_at > ?")
    .bind(id, email, nowSeconds())
    .first<Selected<DataExportsRow, "id" | "status" | "created_at" | "expires_at", { status: DataExport["status"] }>>();
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
