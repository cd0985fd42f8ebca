#!/usr/bin/env node
// The bundle cost of a query builder for D1 (docs/decisions/061-table-registry.md): the same Worker
// (one keyset-paged SELECT and one DELETE on history_items) written with Kysely + kysely-d1, with
// Drizzle, and with D1's own prepared statements, each bundled and minified by esbuild as wrangler
// does, then gzipped. The builders are installed into a temporary folder, never into the project.
// Usage: node scripts/query-builder-cost.mjs
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const VERSIONS = { kysely: "0.29.9", "kysely-d1": "0.4.0", "drizzle-orm": "0.45.4" };
const esbuild = new URL("../node_modules/.bin/esbuild", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "query-builder-cost-"));
writeFileSync(join(dir, "package.json"), "{}");
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", ...Object.entries(VERSIONS).map(([name, v]) => `${name}@${v}`)], {
  cwd: dir,
  stdio: "inherit",
});

const workers = {
  "Kysely 0.29.9 + kysely-d1 0.4.0": `import { Kysely } from "kysely";
import { D1Dialect } from "kysely-d1";
export default { async fetch(_request, env) {
  const db = new Kysely({ dialect: new D1Dialect({ database: env.DB }) });
  const rows = await db.selectFrom("history_items").select(["seq", "title"]).where("email", "=", "a@b").orderBy("seq").limit(10).execute();
  await db.deleteFrom("history_items").where("email", "=", "a@b").execute();
  return Response.json(rows);
} };`,
  "Drizzle 0.45.4": `import { drizzle } from "drizzle-orm/d1";
import { sqliteTable, text, integer } from "drizzle-orm/sqlite-core";
import { eq, asc } from "drizzle-orm";
const historyItems = sqliteTable("history_items", { seq: integer("seq").primaryKey(), email: text("email").notNull(), title: text("title").notNull() });
export default { async fetch(_request, env) {
  const db = drizzle(env.DB);
  const rows = await db.select({ seq: historyItems.seq, title: historyItems.title }).from(historyItems).where(eq(historyItems.email, "a@b")).orderBy(asc(historyItems.seq)).limit(10);
  await db.delete(historyItems).where(eq(historyItems.email, "a@b"));
  return Response.json(rows);
} };`,
  "D1 prepared statements (today)": `export default { async fetch(_request, env) {
  const rows = await env.DB.prepare("SELECT seq, title FROM history_items WHERE email = ? ORDER BY seq LIMIT 10").bind("a@b").all();
  await env.DB.prepare("DELETE FROM history_items WHERE email = ?").bind("a@b").run();
  return Response.json(rows.results);
} };`,
};

console.log("| Worker | minified bytes | gzip bytes |\n|---|---:|---:|");
for (const [name, source] of Object.entries(workers)) {
  const input = join(dir, "worker.js");
  const output = join(dir, "out.js");
  writeFileSync(input, source);
  execFileSync(esbuild, [input, "--bundle", "--minify", "--format=esm", "--platform=neutral", `--outfile=${output}`, "--log-level=error"], {
    cwd: dir,
  });
  const bytes = readFileSync(output);
  console.log(`| ${name} | ${bytes.length} | ${gzipSync(bytes, { level: 9 }).length} |`);
}
