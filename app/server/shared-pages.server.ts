import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

// Pages the Worker still renders whose HTML is, for a browser without a session, the same on every
// request of a deployment but for the CSP nonce: the 404 page (every unknown path renders the same
// document) and /pricing (its prices are in PLAN_CURRENCY, a deployment variable, so it is not
// prerendered at build time). Each isolate renders each of them once, with a placeholder for the
// nonce, and answers later requests from memory with the request's own nonce put in. An isolate
// never outlives its deployment (code and variables), so a copy is never stale, and nothing that
// depends on a visitor is kept: requests with a session (or the retired subscriber) cookie, with a
// query string, or other than GET are rendered as before.

type SharedPage = { status: number; headers: [string, string][]; body: string };

const pages = new Map<string, SharedPage>();
// Unguessable and unlike anything a page contains; replaced before a response leaves the Worker.
// Made on first use: Workers allow no random values in global scope.
let placeholder: string | undefined;
const placeholderNonce = () => (placeholder ??= `shared-page-nonce-${crypto.randomUUID()}`);
const sharedPaths = new Set(["/pricing"]);
const NOT_FOUND_ROUTE_ID = "routes/not-found";

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] };
let routeTree: RouteNode[] | undefined;

function treeOf(routes: ServerBuild["routes"]): RouteNode[] {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { id, path, index, caseSensitive } = route;
    nodes.set(id, { id, path, index, caseSensitive, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** Which shared page the request asks for, if it is one this isolate may answer from memory. */
export function sharedPageKey(request: Request, build: ServerBuild): string | undefined {
  if (request.method !== "GET" || request.headers.get("cookie")?.includes("__Host-")) return undefined;
  const { pathname, search } = new URL(request.url);
  // React Router's data requests (`.data`) and internal paths answer something else than a page.
  if (search || pathname.endsWith(".data") || pathname.startsWith("/__")) return undefined;
  if (sharedPaths.has(pathname)) return pathname;
  routeTree ??= treeOf(build.routes);
  // The manifest's routes as a tree, the shape matchRoutes walks (index routes have no children).
  return matchRoutes(routeTree as RouteObject[], pathname)?.at(-1)?.route.id === NOT_FOUND_ROUTE_ID ? "not-found" : undefined;
}

/**
 * The shared page `key` with `nonce` in it: rendered once per isolate through `render`, which
 * is given the placeholder nonce to render with. A render that sets a cookie is not kept.
 */
export async function sharedPage(key: string, nonce: string, render: (nonce: string) => Promise<Response>): Promise<Response> {
  let page = pages.get(key);
  if (!page) {
    const response = await render(placeholderNonce());
    const rendered: SharedPage = { status: response.status, headers: [...response.headers], body: await response.text() };
    if (response.headers.has("Set-Cookie") || ![200, 404].includes(response.status)) return toResponse(rendered, nonce);
    page = rendered;
    pages.set(key, page);
  }
  return toResponse(page, nonce);
}

function toResponse({ status, headers, body }: SharedPage, nonce: string): Response {
  return new Response(body.replaceAll(placeholderNonce(), nonce), { status, headers });
}
