// Security headers for every response: documents get a CSP with the request's nonce; static
// assets (which never run script in a page of their own) get a CSP that allows nothing active.
export type SecurityHeaderOptions = {
  /** Absent for static assets. */
  nonce?: string;
  /** Origins a form may post to or be redirected to (e.g. Stripe Checkout). */
  formActionOrigins?: readonly string[];
  /** Vite's dev server talks to the page over a websocket (hot module replacement). */
  development?: boolean;
};

const assetContentSecurityPolicy = "default-src 'none'; img-src 'self'; style-src 'self'; font-src 'self'; frame-ancestors 'none'";

export function contentSecurityPolicy({ nonce, formActionOrigins = [], development }: SecurityHeaderOptions): string {
  if (!nonce) return assetContentSecurityPolicy;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React and framer-motion set style attributes; no inline <style> carries user input.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self'",
    development ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActionOrigins].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

export const staticSecurityHeaders: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
  "Cross-Origin-Opener-Policy": "same-origin",
};

/** How long browsers and caches keep a built file: its name changes whenever its content does. */
export const builtAssetCacheControl = "public, max-age=31536000, immutable";

/**
 * Cloudflare's `_headers` file for the built files under /assets/. The asset server answers those
 * without running the Worker (wrangler.toml's run_worker_first), so it applies these headers
 * instead: the same static headers and script-free policy the Worker gives every other asset.
 */
export function builtAssetsHeadersFile(): string {
  const headers = {
    ...staticSecurityHeaders,
    "Content-Security-Policy": assetContentSecurityPolicy,
    "Cache-Control": builtAssetCacheControl,
  };
  return ["/assets/*", ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n") + "\n";
}

export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(staticSecurityHeaders)) headers.set(name, value);
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
}
