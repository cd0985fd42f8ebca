import { toBase64Url } from "../base64.server";

// Unguessable values for sign-in links and session ids, and the hash we store instead of them:
// a leaked table row must never be usable as a link or a cookie.

/** 32 random bytes (256 bits) as base64url: safe in a URL and a cookie. */
export function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return toBase64Url(bytes);
}

/** 16 random bytes (128 bits) as hex: the ids of history items, reports, batches, exports and media. */
export function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Hex SHA-256 of the text (or bytes), the form tokens and session ids are stored in. */
export async function sha256Hex(text: string | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    typeof text === "string" ? new TextEncoder().encode(text) : (text as Uint8Array<ArrayBuffer>),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
