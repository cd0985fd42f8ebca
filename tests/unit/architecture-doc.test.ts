import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { documentLimits } from "~/forms/document-limits";
import { limits } from "~/forms/limits";

// docs/architecture.md may not drift from the code (issue 43 item 6): every file it names must
// exist, and every limit it states next to its name (`limits.x`, `documentLimits.x`) must be the
// code's value.

const root = fileURLToPath(new URL("../..", import.meta.url));
const doc = readFileSync(`${root}docs/architecture.md`, "utf8");
const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).trim().split("\n");
const fileNames = new Set(files.map((file) => file.split("/").pop()!));
const folders = new Set(
  files.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, index, parts) => `${parts.slice(0, index + 1).join("/")}/`),
  ),
);

/** Names in backticks that are download names the routes serve, not files of the repository. */
const DOWNLOAD_NAMES = new Set(["receipt.json", "report.pdf", "text.txt", "results.csv"]);

/**
 * A named path exists when a tracked file or folder is it or ends with it (the doc names modules from
 * their room: `tools/x.server.ts`), or when it is a file install writes (the generated row types, decision 074).
 */
function pathExists(path: string): boolean {
  return [...files, ...folders].some((file) => file === path || file.endsWith(`/${path}`)) || existsSync(`${root}${path}`);
}

/** A bare file name exists as itself or, for a server module named without `.server` (`detect.ts`), as `<name>.server.ts`. */
function nameExists(name: string): boolean {
  if (name.endsWith(".d.ts")) return existsSync(`${root}node_modules/openai/resources/${name}`) || fileNames.has(name);
  return fileNames.has(name) || fileNames.has(name.replace(/\.ts$/, ".server.ts"));
}

export function namedPaths(text: string): { paths: string[]; names: string[]; links: string[] } {
  const paths = new Set<string>();
  const names = new Set<string>();
  for (const [, token] of text.matchAll(/`([^`\s]+)`/g)) {
    // URLs, route patterns and placeholders are not files.
    if (/^(\/|https?:|\.\.\/)/.test(token!) || /[<>*{}…|?=:]/.test(token!)) continue;
    if (!/\.[a-z]+$|\/$/.test(token!)) continue;
    if (token!.includes("/")) paths.add(token!);
    else if (/^[\w-][\w.-]*\.(ts|tsx|mts|mjs|json|jsonl|sql|toml|css)$/.test(token!) && !DOWNLOAD_NAMES.has(token!)) names.add(token!);
  }
  const links = new Set<string>();
  for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) if (!/^https?:/.test(target!)) links.add(target!);
  return { paths: [...paths], names: [...names], links: [...links] };
}

const UNITS: Record<string, number> = { MB: 1024 * 1024, MiB: 1024 * 1024, KB: 1024, KiB: 1024, ms: 1, s: 1000 };

/** Each stated limit: the number written before `(\`limits.x\`)` or `(\`documentLimits.x\`)`, in the limit's own unit. */
export function statedLimits(text: string): { name: string; stated: number }[] {
  return [...text.matchAll(/(\d[\d,.]*)\s*(MB|MiB|KB|KiB|ms|s)?[^\d`]{0,40}?\(`((?:limits|documentLimits)\.\w+)`\)/g)].map(
    ([, number, unit, name]) => ({ name: name!, stated: Number(number!.replaceAll(",", "")) * (unit ? UNITS[unit]! : 1) }),
  );
}

const codeLimits: Record<string, number> = Object.fromEntries([
  ...Object.entries(limits).map(([name, value]) => [`limits.${name}`, value]),
  ...Object.entries(documentLimits).map(([name, value]) => [`documentLimits.${name}`, value]),
]);

describe("docs/architecture.md", () => {
  const { paths, names, links } = namedPaths(doc);

  it("names only files and folders that exist", () => {
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((path) => !pathExists(path))).toEqual([]);
    expect(names.filter((name) => !nameExists(name))).toEqual([]);
    expect(links.filter((link) => !existsSync(`${root}docs/${link}`))).toEqual([]);
  });

  it("states each limit it names as the code has it", () => {
    const stated = statedLimits(doc);
    // The detector's minimum, the chat's carried messages and the document limits are stated, by name.
    expect(stated.map((claim) => claim.name)).toEqual(
      expect.arrayContaining(["limits.detectorMinWords", "limits.chatHistory", "documentLimits.fileBytes", "documentLimits.characters"]),
    );
    for (const { name, stated: value } of stated) expect(value, name).toBe(codeLimits[name]);
  });

  it("states the detector's minimum as the code has it wherever it says a text is too short for a verdict", () => {
    const claims = [...doc.matchAll(/(\d+) words[\s\S]{0,100}?too short for a verdict/g)].map(([, words]) => Number(words));
    expect(claims.length).toBeGreaterThan(0);
    for (const words of claims) expect(words).toBe(limits.detectorMinWords);
  });

  it("catches a stale file name and a stale limit", () => {
    expect(namedPaths("see `app/server/no-such-module.server.ts`").paths.filter((path) => !pathExists(path))).toEqual([
      "app/server/no-such-module.server.ts",
    ]);
    expect(statedLimits("under 80 words (`limits.detectorMinWords`) it says")).toEqual([{ name: "limits.detectorMinWords", stated: 80 }]);
    expect(statedLimits("up to 10 MB (`documentLimits.fileBytes`)")[0]!.stated).toBe(documentLimits.fileBytes);
  });
});
