import { randomToken } from "./secure-random.server";

// What a visitor owns (detection reports, chat files) belongs to a random token in an HttpOnly
// cookie of their browser; only its hash is stored with what it owns. `__Host-` cookies: Secure,
// Path=/, no Domain, so no subdomain can plant or read them.

/** The visitor's token in `cookieName`, if this browser holds a well-formed one. */
export function keptVisitorToken(request: Request, cookieName: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name !== cookieName) continue;
    const token = value.join("=");
    return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
  }
  return undefined;
}

/** Tokens made for a request whose browser had none: its action and its page's loader must own with the same one. */
const madeFor = new WeakMap<Request, Map<string, string>>();

/** The token to own something new with: the browser's own again, so its things stay together; one new token per request. */
export function visitorToken(request: Request, cookieName: string): string {
  const kept = keptVisitorToken(request, cookieName);
  if (kept) return kept;
  const made = madeFor.get(request) ?? new Map<string, string>();
  madeFor.set(request, made);
  if (!made.has(cookieName)) made.set(cookieName, randomToken());
  return made.get(cookieName)!;
}

/** The cookie that keeps (or moves forward) a visitor's token for `maxAgeSeconds`. */
export const visitorTokenCookie = (cookieName: string, token: string, maxAgeSeconds: number) =>
  `${cookieName}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
