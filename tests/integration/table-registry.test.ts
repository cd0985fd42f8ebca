import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { apiExamples } from "~/content/api-examples";
import { sha256Hex } from "~/server/account/secure-random.server";
import { type AccountRef, ownerParams } from "~/server/data/table-entry.server";
import { tableEntries, tables } from "~/server/data/tables.server";
import { callApi, createKeyOnDashboard } from "./api-helpers";
import { get, postForm, postMultipart, requestSignInLink, subscribe } from "./helpers";
import { chatFields } from "./chat-helpers";
import { withFakeStripe } from "./each-test";

// The table registry (app/server/data/tables.server.ts, docs/decisions/061) against the schema the
// migrations build, and 'Delete my account' driven by it: an account with a row in every table it
// owns and the R2 objects those rows point at, deleted through the real route, leaves nothing of it
// in D1 or R2, and another account's rows stay as they were.

beforeAll(async () => {
  await (await get("/cookies")).text();
}, 120_000);
withFakeStripe();

type SchemaTable = { name: string; sql: string };

/** The tables the migrations made: not SQLite's, D1's or Cloudflare's own, nor the shadow tables of a full-text index. */
async function schemaTables(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all<SchemaTable>();
  const virtual = results.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
  const shadow = (name: string) => virtual.some((index) => name.startsWith(`${index}_`));
  return results
    .map((table) => table.name)
    .filter((name) => !/^(sqlite_|_cf_|d1_)/.test(name) && !shadow(name))
    .sort();
}

async function columnsOf(table: string): Promise<string[]> {
  const { results } = await env.DB.prepare(`SELECT name FROM pragma_table_info(?)`).bind(table).all<{ name: string }>();
  return results.map((column) => column.name);
}

describe("the table registry", () => {
  it("names every table the migrations make, and no table they do not", async () => {
    const schema = await schemaTables();
    const registered = Object.keys(tables).sort();
    expect(
      schema.filter((name) => !registered.includes(name)),
      "tables without a registry entry",
    ).toEqual([]);
    expect(
      registered.filter((name) => !schema.includes(name)),
      "registry entries without a table",
    ).toEqual([]);
  });

  it("names only columns the tables have, and its owner clauses run", async () => {
    const account: AccountRef = { email: "nobody@example.com", digest: await sha256Hex("nobody@example.com") };
    for (const [table, entry] of tableEntries) {
      const columns = await columnsOf(table);
      for (const column of entry.objects?.columns ?? []) expect(columns, `${table}.${column}`).toContain(column);
      if (entry.retention.kind === "swept") expect(columns, `${table}.${entry.retention.column}`).toContain(entry.retention.column);
      if (entry.owner) {
        const where = entry.owner.where;
        const found = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
          .bind(...ownerParams(where, account))
          .first<{ n: number }>();
        expect(found?.n, table).toBe(0);
      }
    }
  });
});

const aiText = apiExamples.find((example) => example.name === "detect")!.body!.text as string;

type Seeded = { cookie: string; email: string; customerId: string; identifiers: string[]; objects: string[] };

/** A subscriber with a row in every table the registry says an account owns, made the way people make them where a page or the API does. */
async function seedAccount(): Promise<Seeded> {
  const { cookie, email, customerId } = await subscribe("pro");
  // A sign-in link asked for on the page (the checkout's own link is mailed without a request row).
  await requestSignInLink(email);
  const marker = `zq${crypto.randomUUID().replaceAll("-", "")}`;
  await postForm("/ai-detector", { text: `${aiText} ${marker}` }, { cookie });
  await postForm("/imagine-ai", { style: "cartoon", size: "square", prompt: `A jar labelled ${marker}` }, { cookie });
  // A report made one at a time (its hour is counted in report_hours); the batch below makes more.
  expect((await postForm("/reports", { text: aiText }, { cookie })).status).toBe(303);
  const key = await createKeyOnDashboard(cookie, "registry");
  const detected = await callApi("detect", { key, body: { text: aiText }, headers: { "idempotency-key": marker } });
  expect(detected.status, detected.text).toBe(200);
  const batch = await callApi("detect/batch", { key, body: { documents: [{ name: "essay.txt", text: aiText }] } });
  expect(batch.status, batch.text).toBe(200);
  await env.DB.prepare(
    "INSERT INTO shared_conversations (token_hash, email, title, messages, created_at) VALUES (?, ?, ?, '[]', unixepoch())",
  )
    .bind(await sha256Hex(marker), email, marker)
    .run();
  // A chat project with a file and a chat in it (docs/decisions/071), made on the chat page.
  const created = await postForm("/conversational-ai?project", { intent: "create", name: marker, instructions: marker }, { cookie });
  const projectId = created.headers.get("location")!.split("=").pop()!;
  const files = new FormData();
  files.set("intent", "add-files");
  files.set("project", projectId);
  files.append("files", new File([`A note about ${marker}`], "note.txt", { type: "text/plain" }));
  expect((await postMultipart(`/conversational-ai?project&p=${projectId}`, files, { cookie })).status).toBe(303);
  const chat = await postForm(`/conversational-ai?p=${projectId}`, { ...chatFields(`About ${marker}`), project: projectId }, { cookie });
  expect(chat.status).toBe(200);
  const projectFiles = await env.DB.prepare("SELECT files FROM projects WHERE id = ?").bind(projectId).first<{ files: string }>();
  const projectObjects = (JSON.parse(projectFiles!.files) as { id: string }[]).map((file) => `project-files/${file.id}`);
  const exported = await postForm("/account/export", { intent: "export" }, { cookie });
  expect(exported.status).toBe(303);
  const exportId = exported.headers.get("location")!.split("/").pop()!;
  // The export's file is written after the answer (waitUntil).
  for (let attempt = 0; attempt < 100 && !(await env.MEDIA.head(`exports/${exportId}.json`)); attempt += 1)
    await new Promise((resolve) => setTimeout(resolve, 50));

  const media = await env.DB.prepare("SELECT media_id FROM history_items WHERE email = ? AND media_id IS NOT NULL")
    .bind(email)
    .all<{ media_id: string }>();
  const objects = [...media.results.map((row) => `media/${row.media_id}`), `exports/${exportId}.json`, ...projectObjects];
  expect(projectObjects).toHaveLength(1);
  for (const object of objects) expect(await env.MEDIA.head(object), object).not.toBeNull();
  const keyIds = await env.DB.prepare("SELECT id FROM api_keys WHERE email = ?").bind(email).all<{ id: string }>();
  const digest = await sha256Hex(email);
  return { cookie, email, customerId, identifiers: [email, digest, marker, ...keyIds.results.map((row) => row.id)], objects };
}

async function ownedRows(table: string, where: string, account: AccountRef): Promise<number> {
  const found = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${where}`)
    .bind(...ownerParams(where, account))
    .first<{ n: number }>();
  return found!.n;
}

/** Every row of every table (the full-text index through its own table) that mentions one of the values, as JSON. */
async function rowsMentioning(values: string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const table of await schemaTables()) {
    const { results } = await env.DB.prepare(`SELECT * FROM ${table}`).all();
    const rows = results.map((row) => JSON.stringify(row)).filter((row) => values.some((value) => row.includes(value)));
    if (rows.length) found[table] = rows.sort();
  }
  return found;
}

describe("deleting an account through the registry", () => {
  it("removes the account's row in every table it owns and the R2 objects they point at, and leaves another account's alone", async () => {
    const mine = await seedAccount();
    const other = await seedAccount();
    const account: AccountRef = { email: mine.email, digest: await sha256Hex(mine.email) };

    for (const [table, entry] of tableEntries) {
      if (entry.owner) expect(await ownedRows(table, entry.owner.where, account), `a row of the account in ${table}`).toBeGreaterThan(0);
    }
    // The full-text index has no owner column: the account's marker word is what finds its rows.
    expect(Object.keys(await rowsMentioning([mine.identifiers[2]!]))).toContain("history_search");
    const othersBefore = await rowsMentioning([...other.identifiers, other.customerId]);

    const deleted = await postForm("/account/delete", { confirmEmail: mine.email }, { cookie: mine.cookie });
    expect(deleted.status).toBe(200);

    // Nothing names the account any more but its pending second erase (decision 076), which the
    // cron runs half an hour on and which takes that row too; its Stripe customer id stays only on
    // the kept billing records.
    expect(Object.keys(await rowsMentioning(mine.identifiers))).toEqual(["account_erasures"]);
    // The cron's second erase alone (its other sweeps would take the other account's short-lived rows).
    const { eraseAgain } = await import("~/server/workspace/account-deletion.server");
    expect(await eraseAgain(Math.floor(Date.now() / 1000) + 30 * 60)).toBe(1);
    expect(await rowsMentioning(mine.identifiers)).toEqual({});
    const billing = Object.keys(await rowsMentioning([mine.customerId])).sort();
    const kept = tableEntries
      .filter(([, entry]) => entry.deletion?.kind === "erase" || entry.deletion?.kind === "kept")
      .map(([table]): string => table);
    expect(
      billing.every((table) => kept.includes(table)),
      billing.join(", "),
    ).toBe(true);
    for (const object of mine.objects) expect(await env.MEDIA.head(object), object).toBeNull();

    expect(await rowsMentioning([...other.identifiers, other.customerId])).toEqual(othersBefore);
    for (const object of other.objects) expect(await env.MEDIA.head(object), object).not.toBeNull();
  });
});
