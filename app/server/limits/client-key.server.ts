import { log } from "../log.server";
import { addressKey } from "./address-key.server";

// Who a per-client limit (demo actions, sign-in mails) counts against. An IPv4 address is one
// client; an IPv6 client is its /64, since one subscriber line gets a whole /64 and can rotate
// through it without end. With no address at all (a local run without Cloudflare in front), the
// limits key on the browser's own request headers: one shared bucket would let one tab's demo use
// lock out every other local client, and no key at all would turn the limits off.

let warnedNoAddress = false;

export function clientKey(request: Request): string {
  const address = request.headers.get("cf-connecting-ip")?.trim();
  if (address) return addressKey(address);
  if (!warnedNoAddress) {
    warnedNoAddress = true;
    log("warn", "no client address (cf-connecting-ip): per-client limits key on request headers instead");
  }
  return `headers:${browserFingerprint(request)}`;
}

/** A short, stable digest of headers a browser sends on every request (no cookie, no secret). */
function browserFingerprint(request: Request): string {
  const parts = ["user-agent", "accept-language", "sec-ch-ua", "sec-ch-ua-platform"].map((name) => request.headers.get(name) ?? "");
  let hash = 0x811c9dc5;
  for (const char of parts.join("\n")) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
