import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The app's rooms (README 'Layout'): no module imports itself back through others, and the rooms'
// doors hold. Type-only imports are erased at build time, so they do not count as dependencies.
// The lint rules (.oxlintrc.json) say the same per file; this walks the whole graph.

const app = path.resolve(__dirname, "../../app");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });

const VALUE_IMPORT =
  /^\s*import\s+(?!type\s)(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|^\s*export\s+(?!type\s)[^"';]*?\s+from\s+["']([^"']+)["']/gm;

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/")
    ? path.join(app, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.(ts|tsx)$/.test(candidate) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return undefined;
}

const graph = new Map(
  files(app).map((file) => {
    const source = readFileSync(file, "utf8");
    const imports = [...source.matchAll(VALUE_IMPORT)]
      .map((match) => resolve(file, (match[1] ?? match[2])!))
      .filter((target): target is string => Boolean(target));
    return [file, imports] as const;
  }),
);
const relative = (file: string) => path.relative(app, file);

describe("the app's import graph", () => {
  it("names every server module *.server.ts, so React Router refuses to bundle it for the browser", () => {
    const unsuffixed = files(path.join(app, "server"))
      .map(relative)
      .filter((file) => !file.endsWith(".server.ts"));
    expect(unsuffixed).toEqual([]);
  });

  it("reads every module (a sanity check of the walk itself)", () => {
    expect(graph.size).toBeGreaterThan(250);
    expect(graph.get(path.join(app, "root.tsx"))?.map(relative)).toContain("server/account/account-middleware.server.ts");
  });

  it("has no cycle", () => {
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, "open");
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next].map(relative).join(" → "));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, "done");
    };
    for (const file of graph.keys()) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });

  it("keeps server values out of components, content and shared code, and components out of the server", () => {
    const crossings = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((target) => {
          const [from, to] = [relative(file), relative(target)];
          const browserSide = /^(components|content|shared)\//.test(from);
          return (
            (browserSide && to.startsWith("server/")) || (/^(server|forms|content|shared)\//.test(from) && to.startsWith("components/"))
          );
        })
        .map((target) => `${relative(file)} → ${relative(target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it("keeps app/shared and app/content free of server code, types included: both sides read them", () => {
    const ANY_IMPORT = /(?:import|export)\s[^"';]*?\bfrom\s+["']([^"']+)["']/g;
    const reaches = files(app)
      .filter((file) => /^(shared|content)\//.test(relative(file)))
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(ANY_IMPORT)]
          .map((match) => match[1]!)
          .filter((specifier) => /(^~\/server\/|\/server\/|\.server$)/.test(specifier))
          .map((specifier) => `${relative(file)} → ${specifier}`),
      );
    expect(reaches).toEqual([]);
  });
});
