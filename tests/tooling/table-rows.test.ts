import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tableRows } from "../../scripts/table-rows.mjs";

// The row types (app/server/data/rows.server.ts) are the migrations' schema, generated: a migration
// without `npm run rows` fails here, and so does a hand edit of the file.
describe("the generated row types", () => {
  const generated = readFileSync(new URL("../../app/server/data/rows.server.ts", import.meta.url), "utf8");

  it("are what migrations/ make today", () => {
    expect(generated).toBe(tableRows());
  });

  it("type each column by its declared type, nullable unless NOT NULL or the key", () => {
    expect(generated).toContain("export type SubscriptionsRow = {\n  id: string;\n  customer_id: string;");
    expect(generated).toMatch(/export type CustomersRow = \{[^}]*\n {2}erased_at: number \| null;/);
    expect(generated).toMatch(/export type HistoryItemsRow = \{[^}]*\n {2}seq: number;/);
  });
});
