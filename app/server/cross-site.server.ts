// State-changing requests must come from our own pages: a form on another site posting here gets
// 403 (login CSRF, quota theft). Browsers send Origin on every POST; Stripe's webhook sends none.
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function crossSiteRejection(request: Request): Response | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  // The developer API authenticates by bearer key only and never reads a cookie, so a request from
  // another site spends nothing unless it carries a key; scripts and servers may call it from anywhere.
  if (new URL(request.url).pathname.startsWith("/api/v1/")) return undefined;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  const sameOrigin = origin === null ? fetchSite !== "cross-site" : origin === new URL(request.url).origin;
  if (sameOrigin) return undefined;
  return new Response("Cross-site form submissions are not allowed. Please use the form on this site.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
