import { tools } from "./tools.ts";

// Pages whose HTML is the same for every visitor: React Router prerenders them at build time
// (react-router.config.ts) and Cloudflare's asset server answers them without running the Worker,
// with a CSP that lists the hashes of their inline scripts (the build's _headers file, vite.config.ts).
// A page belongs here only if nothing in it depends on the request, the visitor or a runtime
// variable: /pricing shows prices in PLAN_CURRENCY, a deployment variable, so it stays rendered
// by the Worker (docs/decisions/008-prerender-shared-pages.md).

/** The explorer's selection as a path, so each choice is a prerendered page that works without JavaScript. */
export const explorerPath = (toolId: string) => `/explore/${toolId}`;

export const prerenderedPaths: readonly string[] = [
  "/",
  ...tools.map((tool) => explorerPath(tool.id)),
  "/terms",
  "/privacy-policy",
  "/refund-policy",
  "/cookies",
  "/ai-transparency",
  "/accessibility",
  "/cancel",
];

export function isPrerenderedPath(pathname: string): boolean {
  return prerenderedPaths.includes(pathname);
}
