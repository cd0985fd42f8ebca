// Bytes to and from base64 (and its URL-safe, unpadded form), for any size: btoa takes a string of
// bytes, built here in 32 KiB slices because spreading a whole megabyte into fromCharCode overflows
// the call stack.

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  return fromBase64(text.replace(/-/g, "+").replace(/_/g, "/"));
}
