// Security headers for every response: documents get a CSP with the request's nonce; static
// files and generated media (which never run script in a page of their own) get a CSP that allows
// nothing active.
export type SecurityHeaderOptions = {
  /** Absent for static files and generated media. */
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
const builtAssetCacheControl = "public, max-age=31536000, immutable";

/**
 * Cloudflare's `_headers` file for the static files. The asset server answers every file that
 * exists (the build's /assets/ and public/) without running the Worker, so it applies these
 * headers instead: the static security headers and the script-free policy on every file, and a
 * year of caching on the content-hashed ones. A missing file is not a static file: it goes to the
 * Worker, whose 404 page is never cached.
 */
export function staticFilesHeadersFile(): string {
  const rules: [string, Record<string, string>][] = [
    ["/*", { ...staticSecurityHeaders, "Content-Security-Policy": assetContentSecurityPolicy }],
    ["/assets/*", { "Cache-Control": builtAssetCacheControl }],
  ];
  return rules.map(([path, headers]) => [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n")).join("\n") + "\n";
}

export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(staticSecurityHeaders)) headers.set(name, value);
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
}
