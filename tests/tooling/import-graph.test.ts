import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkRooms, importGraph, tableModules } from "../../scripts/check-rooms.mjs";

// The app's rooms (README 'Layout', docs/decisions/063-rooms.md), as `npm run lint` checks them
// with scripts/check-rooms.mjs: the real app, and small apps that each break one rule.

const app = path.resolve(__dirname, "../../app");

let made: string | undefined;
afterEach(() => {
  if (made) rmSync(made, { recursive: true, force: true });
  made = undefined;
});

/** A throwaway app folder with these files. */
function appWith(files: Record<string, string>): string {
  made = mkdtempSync(path.join(tmpdir(), "rooms-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(made, name)), { recursive: true });
    writeFileSync(path.join(made, name), text);
  }
  return made;
}

describe("the app's rooms", () => {
  it("reads every module, type-only and dynamic imports too (a sanity check of the walk itself)", () => {
    const graph = importGraph(app);
    expect(graph.size).toBeGreaterThan(250);
    expect(graph.get("root.tsx")).toContain("server/account/account-middleware.server.ts");
    expect(graph.get("components/account/use-account.ts")).toContain("shared/root-data.ts");
    expect(graph.get("components/tools/imagine/image-edit-tool.tsx")).toContain("components/tools/imagine/mask-painter.tsx");
  });

  it("hold in the app: no door crossed and no import cycle, type-only imports included", () => {
    expect(checkRooms(app)).toEqual([]);
  });

  it("finds a cycle that only a type import closes", () => {
    const problems = checkRooms(
      appWith({
        "server/a.server.ts": 'import { b } from "./b.server";\nexport type A = string;\nexport const a = b;\n',
        "server/b.server.ts": 'import type { A } from "./a.server";\nexport const b: A = "b";\n',
      }),
    );
    expect(problems).toEqual([
      "import cycle of 2 files (server/a.server.ts → server/b.server.ts, server/b.server.ts → server/a.server.ts): move what they share into a module both import",
    ]);
  });

  it("refuses a server type in a component, a forms schema that reads the server, and a component that imports a route", () => {
    const problems = checkRooms(
      appWith({
        "server/view.server.ts": "export type View = { id: string };\n",
        "components/view.tsx": 'import type { View } from "~/server/view.server";\nexport const v = (x: View) => x.id;\n',
        "forms/login.ts": 'import { limit } from "../server/view.server";\nexport const l = limit;\n',
        "forms/read.server.ts": 'import type { View } from "~/server/view.server";\nexport type R = View;\n',
        "root.tsx": "export function loader() {\n  return { a: 1 };\n}\n",
        "components/nav.tsx": 'import type { loader } from "~/root";\nexport type N = typeof loader;\n',
        "shared/x.ts": 'import { Nav } from "../components/nav";\nexport const x = Nav;\n',
      }),
    );
    expect(problems.map((problem) => problem.split(":")[0])).toEqual([
      "components/nav.tsx → root.tsx",
      "components/view.tsx → server/view.server.ts",
      "forms/login.ts → server/view.server.ts",
      "shared/x.ts → components/nav.tsx",
    ]);
  });

  it("names every module in app/server *.server.ts", () => {
    expect(checkRooms(appWith({ "server/helper.ts": "export const h = 1;\n" }))).toEqual([
      "server/helper.ts: app/server holds server modules only: every one is *.server.ts, so React Router refuses to bundle it for the browser",
    ]);
  });

  it("keeps each table's SQL in the module the table registry names, the registry's own clauses aside", () => {
    const registry = [
      "export const tables = {",
      "  notes: {",
      '    module: "notes/notes.server.ts",',
      '    owner: { where: "id IN (SELECT id FROM notes)" },',
      "  },",
      "};",
      "",
    ].join("\n");
    const problems = checkRooms(
      appWith({
        "server/data/tables.server.ts": registry,
        "server/notes/notes.server.ts": 'export const list = "SELECT * FROM notes";\n',
        "server/stats/stats.server.ts":
          'export const count = "SELECT COUNT(*) FROM notes JOIN x";\nexport const word = "notes from the field";\n',
      }),
    );
    expect(problems).toEqual([
      "server/stats/stats.server.ts: SQL names the table notes, which server/notes/notes.server.ts alone reads and writes (the table registry): call its functions",
    ]);
    expect(tableModules(app).get("history_items")).toBe("server/workspace/history.server.ts");
    expect(tableModules(app).size).toBeGreaterThanOrEqual(20);
  });
});
