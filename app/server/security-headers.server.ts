// Security headers for every response: documents rendered by the Worker get a CSP with the
// request's nonce; prerendered documents (served by the asset server) one with the hashes of their
// inline scripts; static files and generated media (which never run script in a page of their own)
// a CSP that allows nothing active.
export type SecurityHeaderOptions = {
  /** Absent for static files and generated media. */
  nonce?: string;
  /** For a prerendered page instead of a nonce: `sha256-…` sources of its inline scripts. */
  scriptHashes?: readonly string[];
  /** Origins a form may post to or be redirected to (e.g. Stripe Checkout). */
  formActionOrigins?: readonly string[];
  /** Vite's dev server talks to the page over a websocket (hot module replacement). */
  development?: boolean;
};

const assetContentSecurityPolicy = "default-src 'none'; img-src 'self'; style-src 'self'; font-src 'self'; frame-ancestors 'none'";

export function contentSecurityPolicy({ nonce, scriptHashes, formActionOrigins = [], development }: SecurityHeaderOptions): string {
  if (!nonce && !scriptHashes) return assetContentSecurityPolicy;
  const inlineScripts = nonce ? [`'nonce-${nonce}'`] : (scriptHashes ?? []).map((hash) => `'${hash}'`);
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineScripts].join(" "),
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

export type PrerenderedPage = { path: string; scriptHashes: readonly string[] };

/**
 * Cloudflare's `_headers` file for the static files. The asset server answers every file that
 * exists (the build's /assets/ and public/, and the prerendered pages) without running the
 * Worker, so it applies these headers instead: the static security headers and the script-free
 * policy on every file, a year of caching on the content-hashed ones, and on each prerendered page
 * a page policy with its inline scripts' hashes in place of the script-free one (`! Name` drops a
 * header a broader rule set; read 2026-11-24 in Cloudflare's Workers static assets 'Headers' docs
 * and in miniflare 4.20260426's asset worker, which applies the matching rules in file order). A
 * missing file is not a static file: it goes to the Worker, whose 404 page is never cached.
 */
export function staticFilesHeadersFile(pages: readonly PrerenderedPage[] = []): string {
  const rules: [string, [string, string][]][] = [
    ["/*", Object.entries({ ...staticSecurityHeaders, "Content-Security-Policy": assetContentSecurityPolicy })],
    ["/assets/*", [["Cache-Control", builtAssetCacheControl]]],
    ...pages.map(({ path, scriptHashes }): [string, [string, string][]] => [
      path,
      [
        ["! Content-Security-Policy", ""],
        ["Content-Security-Policy", contentSecurityPolicy({ scriptHashes })],
      ],
    ]),
  ];
  const line = ([name, value]: [string, string]) => (name.startsWith("!") ? `  ${name}` : `  ${name}: ${value}`);
  return rules.map(([path, headers]) => [path, ...headers.map(line)].join("\n")).join("\n") + "\n";
}

export function applySecurityHeaders(headers: Headers, options: SecurityHeaderOptions): void {
  for (const [name, value] of Object.entries(staticSecurityHeaders)) headers.set(name, value);
  headers.set("Content-Security-Policy", contentSecurityPolicy(options));
}
