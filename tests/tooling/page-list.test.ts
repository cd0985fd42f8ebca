import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { pageRoutes } from "../support/pages";

// Every suite walks the pages of tests/support/pages.ts; this holds that list to the route table,
// so a page added to app/routes.ts is walked (headings, axe, JavaScript off, phone) or fails here.

/** Page routes whose address alone shows nothing of their own, with why they are not walked. */
const notWalked: Record<string, string> = {
  "/chat-ai": "a 301 to /conversational-ai",
};

function pagePaths(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    const own = entry.file.endsWith(".tsx") && !/[:*]/.test(path) ? [path] : [];
    return [...own, ...pagePaths(entry.children ?? [], path)];
  });
}

describe("the page list the suites walk", () => {
  it("is every page of the route table without parameters", () => {
    const table = pagePaths(routes).filter((path) => !(path in notWalked));
    expect([...new Set(pageRoutes.map(([path]) => path))].sort()).toEqual([...new Set(table)].sort());
  });

  it("names no page twice", () => {
    const paths = pageRoutes.map(([path]) => path);
    expect(paths.length).toBe(new Set(paths).size);
  });
});
