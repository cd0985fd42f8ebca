import { describe, expect, it } from "vitest";
import { tableRows } from "../../scripts/table-rows.mjs";

// The row types (app/server/data/rows.server.ts) are the migrations' schema, written by `npm install`
// and `npm run typecheck` from migrations/ (decision 074): these check how columns become types.
describe("the generated row types", () => {
  const generated = tableRows();

  it("type each column by its declared type, nullable unless NOT NULL or the key", () => {
    expect(generated).toContain("export type SubscriptionsRow = {\n  id: string;\n  customer_id: string;");
    expect(generated).toMatch(/export type CustomersRow = \{[^}]*\n {2}erased_at: number \| null;/);
    expect(generated).toMatch(/export type HistoryItemsRow = \{[^}]*\n {2}seq: number;/);
  });

  it("has one row type per table the migrations create", () => {
    expect(generated.match(/^export type \w+Row = \{/gm)).toHaveLength(22);
    expect(generated).toContain("export type ProjectsRow = {");
    expect(generated).toContain("export type AccountErasuresRow = {\n  email: string;\n  erased_at: number;\n};");
  });
});
