// The inline scripts of a prerendered page, and the CSP hash sources that allow exactly them.
// Used by the build (vite.config.ts) to write each page's policy into _headers, and by the tests
// that check the served policy against the served page.

const inlineScriptPattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The text of every `<script>` without a `src`, as the browser hashes it. */
export function inlineScriptBodies(html: string): string[] {
  return [...html.matchAll(inlineScriptPattern)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ""))
    .map(([, , body]) => body ?? "");
}

/**
 * The page without `nonce` attributes: prerendering runs the Worker, which gives every render a
 * nonce, but a page shared by every visitor cannot carry a secret one; its policy lists hashes.
 */
export function withoutNonces(html: string): string {
  return html.replace(/(<(?:script|link|style)\b[^>]*?)\s+nonce="[^"]*"/gi, "$1");
}

/** `sha256-…` (base64) of a script's UTF-8 text, the form CSP's script-src takes. */
export async function scriptHash(body: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

export async function inlineScriptHashes(html: string): Promise<string[]> {
  return [...new Set(await Promise.all(inlineScriptBodies(html).map(scriptHash)))];
}
