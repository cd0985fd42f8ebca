import { sessionSecret } from "./config.server";

// The subscriber session: a cookie holding the Stripe customer id and an expiry, signed with
// HMAC-SHA256 (WebCrypto) under SESSION_SECRET. No server-side session store is needed; signing
// makes it unforgeable and the expiry bounds a stolen cookie's life.
// `__Host-` makes the browser insist on Secure, Path=/ and no Domain (no subdomain can set it).
export const SESSION_COOKIE = "__Host-subscriber";
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;

export type SubscriberSession = { customerId: string; expiresAt: number };

const encoder = new TextEncoder();

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  const array = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return btoa(String.fromCharCode(...array)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The Set-Cookie header that starts a session, or undefined when SESSION_SECRET is not set. */
export async function sessionCookieFor(customerId: string, now = Date.now()): Promise<string | undefined> {
  const secret = sessionSecret();
  if (!secret) return undefined;
  const expiresAt = Math.floor(now / 1000) + SESSION_LIFETIME_SECONDS;
  const payload = `${customerId}|${expiresAt}`;
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(payload));
  const value = `${toBase64Url(encoder.encode(payload))}.${toBase64Url(signature)}`;
  return `${SESSION_COOKIE}=${value}; Max-Age=${SESSION_LIFETIME_SECONDS}; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

/** The request's valid, unexpired session, or undefined (no cookie, bad signature, expired, no secret). */
export async function readSession(request: Request, now = Date.now()): Promise<SubscriberSession | undefined> {
  const secret = sessionSecret();
  const value = cookieValue(request.headers.get("cookie"), SESSION_COOKIE);
  if (!secret || !value) return undefined;
  const [encodedPayload, encodedSignature] = value.split(".");
  const payloadBytes = encodedPayload ? fromBase64Url(encodedPayload) : undefined;
  const signature = encodedSignature ? fromBase64Url(encodedSignature) : undefined;
  if (!payloadBytes || !signature) return undefined;
  // verify() compares in constant time.
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, payloadBytes);
  if (!valid) return undefined;
  const [customerId, expires] = new TextDecoder().decode(payloadBytes).split("|");
  const expiresAt = Number(expires);
  if (!customerId || !Number.isInteger(expiresAt) || expiresAt * 1000 <= now) return undefined;
  return { customerId, expiresAt };
}

function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}
