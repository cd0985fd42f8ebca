import { setting } from "../settings.server";

// Keys for one purpose each (a chat reply's signature, a document's seal), derived from
// SESSION_SECRET by HMAC over the purpose's name, so a MAC made for one is never valid for
// another, nor a session cookie's. Derived once per isolate and secret.

const cached = new Map<string, { secret: string; key: Promise<CryptoKey> }>();

/** An HMAC-SHA256 key for `purpose`; undefined when the server has no SESSION_SECRET. */
export function purposeKey(purpose: string): Promise<CryptoKey> | undefined {
  const secret = setting("SESSION_SECRET");
  if (!secret) return undefined;
  const known = cached.get(purpose);
  if (known?.secret === secret) return known.key;
  const key = deriveKey(secret, purpose);
  cached.set(purpose, { secret, key });
  return key;
}

async function deriveKey(secret: string, purpose: string): Promise<CryptoKey> {
  const hmac = { name: "HMAC", hash: "SHA-256" } as const;
  const root = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), hmac, false, ["sign"]);
  const derived = await crypto.subtle.sign("HMAC", root, new TextEncoder().encode(purpose));
  return crypto.subtle.importKey("raw", derived, hmac, false, ["sign", "verify"]);
}
