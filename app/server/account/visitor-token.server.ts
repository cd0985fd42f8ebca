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

/** The token to own something new with: the browser's own again, so its things stay together. */
export const visitorToken = (request: Request, cookieName: string) => keptVisitorToken(request, cookieName) ?? randomToken();

/** The cookie that keeps (or moves forward) a visitor's token for `maxAgeSeconds`. */
export const visitorTokenCookie = (cookieName: string, token: string, maxAgeSeconds: number) =>
  `${cookieName}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Lax`;
