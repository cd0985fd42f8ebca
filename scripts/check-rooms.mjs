#!/usr/bin/env node
// The app's rooms, checked over the whole import graph (docs/decisions/063-rooms.md); `npm run lint`
// runs it after oxlint. oxlint's own rules (.oxlintrc.json) say the door rules per file in the
// editor; its import/no-cycle cannot run here (it follows imports into node_modules and stops at
// mespeak's non-UTF-8 source), so cycles and the forms' door are checked here, type-only imports
// included: a type cycle still ties two files together. The imports are read by a pattern (the
// TypeScript 7 package has no JavaScript parser API to lend).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SOURCE = /\.(ts|tsx)$/;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "+types" ? [] : sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

// Statements at the start of a line: `import … from "x"` (type-only and multi-line too), `import "x"`,
// `export … from "x"`; and anywhere, `import("x")` calls and types.
const STATIC = /^\s*(?:import|export)\s+(?:[^"'`;]*?\s+from\s+)?["']([^"']+)["']/gm;
const DYNAMIC = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every module specifier a file names: imports and re-exports (type-only too), import() calls and import("…") types. */
export function specifiersOf(text) {
  return [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)].map((match) => match[1]);
}

function isFile(candidate) {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false; // missing, or under a file (a JSON module's path)
  }
}

/** The app's file a specifier names (`~/` is app/), or undefined for a package or a non-source file. */
function resolveIn(app, from, specifier) {
  const base = specifier.startsWith("~/")
    ? path.join(app, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (SOURCE.test(candidate) && isFile(candidate)) return candidate;
  }
  return undefined;
}

/** The import graph of an app folder: each source file (relative to it) with the app files it names. */
export function importGraph(app) {
  return new Map(
    sourceFiles(app).map((file) => {
      const targets = specifiersOf(readFileSync(file, "utf8"))
        .map((specifier) => resolveIn(app, file, specifier))
        .filter(Boolean)
        .map((target) => path.relative(app, target));
      return [path.relative(app, file), [...new Set(targets)]];
    }),
  );
}

const isServer = (file) => file.startsWith("server/") || /\.server\.tsx?$/.test(file);
const isRoute = (file) => file === "root.tsx" || file.startsWith("routes/");
/** Code that is bundled for the browser too. */
const browserSide = (file) => /^(components|content|shared)\//.test(file) || (file.startsWith("forms/") && !isServer(file));

/** Which import crosses a room's door, and why (the rules of decision 063). */
export const doors = [
  {
    rule: "app/server holds server modules only: every one is *.server.ts, so React Router refuses to bundle it for the browser",
    breaks: (from) => from.startsWith("server/") && !from.endsWith(".server.ts"),
  },
  {
    rule: "components, content, shared and the forms' schemas run in the browser too: they import no server module, not even a type (view types live in app/shared)",
    breaks: (from, to) => browserSide(from) && isServer(to),
  },
  {
    rule: "the server, forms, content and shared code do not depend on components: move what both need to app/shared",
    breaks: (from, to) => /^(server|forms|content|shared)\//.test(from) && to.startsWith("components/"),
  },
  {
    rule: "only the route table's framework imports route modules (root.tsx, routes/): what a component needs from a loader is a type in app/shared",
    breaks: (from, to) => !isRoute(from) && isRoute(to),
  },
];

/** Every cycle of the graph once, as its files in order (Tarjan's strongly connected components). */
export function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let next = 0;
  const connect = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return components;
}

const REGISTRY = "server/data/tables.server.ts";

/** Each D1 table's module, as the table registry names it (`<table>: {` then `module: "<path under server/>"`). */
export function tableModules(app) {
  const text = readFileSync(path.join(app, REGISTRY), "utf8");
  return new Map([...text.matchAll(/^ {2}(\w+): \{\n {4}module: "([^"]+)"/gm)].map(([, table, module]) => [table, `server/${module}`]));
}

/**
 * Where a table's name stands in SQL outside the module the registry gives it (decision 066): after
 * FROM, INTO, UPDATE, JOIN or TABLE, in any string of a server module.
 */
export function sqlOutsideItsModule(app) {
  const modules = tableModules(app);
  const problems = [];
  for (const file of sourceFiles(path.join(app, "server"))) {
    const from = path.relative(app, file);
    if (from === REGISTRY) continue;
    const text = readFileSync(file, "utf8");
    for (const [table, module] of modules) {
      if (from !== module && new RegExp(`\\b(FROM|INTO|UPDATE|JOIN|TABLE)\\s+${table}\\b`).test(text)) {
        problems.push(
          `${from}: SQL names the table ${table}, which ${module} alone reads and writes (the table registry): call its functions`,
        );
      }
    }
  }
  return problems;
}

/** What breaks the rooms in an app folder: one line per crossing or cycle, empty when they hold. */
export function checkRooms(app) {
  const graph = importGraph(app);
  const problems = [...(existsSync(path.join(app, REGISTRY)) ? sqlOutsideItsModule(app) : [])];
  for (const [from, targets] of graph) {
    for (const door of doors) {
      if (door.breaks.length === 1 ? door.breaks(from) : false) problems.push(`${from}: ${door.rule}`);
      for (const to of door.breaks.length === 2 ? targets : []) if (door.breaks(from, to)) problems.push(`${from} → ${to}: ${door.rule}`);
    }
  }
  for (const cycle of cyclesOf(graph)) {
    const ties = cycle.flatMap((from) =>
      graph
        .get(from)
        .filter((to) => cycle.includes(to))
        .map((to) => `${from} → ${to}`),
    );
    problems.push(`import cycle of ${cycle.length} files (${ties.join(", ")}): move what they share into a module both import`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const app = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app");
  const problems = checkRooms(app);
  for (const problem of problems) console.error(`check-rooms: ${problem}`);
  if (problems.length) process.exit(1);
  console.log(`check-rooms: ${importGraph(app).size} modules, no door crossed, no import cycle, each table's SQL in its own module`);
}
