import { createCookie, createSessionStorage } from "react-router";
import { SIGNED_IN_HINT_COOKIE } from "~/shared/cookie-names";
import { setting } from "../settings.server";
import { serverEnv } from "../env.server";
import { isoTime, nowSeconds } from "../clock.server";
import { randomToken, sha256Hex } from "./secure-random.server";
import type { AccountsRow, SessionsRow } from "../data/rows.server";

// Signed-in browsers are rows in D1 (sessions), so a session can be ended anywhere: the cookie
// carries only a random id, signed by React Router's cookie API under SESSION_SECRET, and the
// table stores the id's hash. Sessions last 30 days from the last visit; to spare a write on every
// request, the expiry moves forward at most once a day.
// `__Host-` makes the browser insist on Secure, Path=/ and no Domain (no subdomain can set it).
export const SESSION_COOKIE = "__Host-session";
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
const REFRESH_AFTER_SECONDS = 24 * 60 * 60;
// The signed cookie of the first billing release (customer id + expiry). It is no longer read:
// its holder is asked to sign in once, and the cookie is removed.
const RETIRED_COOKIE = "__Host-subscriber";

type SessionData = { email: string; refreshedAt: number };
export type AccountSession = { email: string; /** A Set-Cookie header when the session's expiry moved forward. */ refreshCookie?: string };

function db(): D1Database {
  return serverEnv().DB;
}

function sessionStorage(secret: string) {
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    secure: true,
    sameSite: "lax",
    path: "/",
    maxAge: SESSION_LIFETIME_SECONDS,
    secrets: [secret],
  });
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const id = randomToken();
      const now = nowSeconds();
      await db()
        .prepare("INSERT INTO sessions (id_hash, email, created_at, expires_at, refreshed_at) VALUES (?, ?, ?, ?, ?)")
        .bind(await sha256Hex(id), data.email, now, expirySeconds(expires), now)
        .run();
      return id;
    },
    async readData(id) {
      const row = await db()
        .prepare("SELECT email, refreshed_at FROM sessions WHERE id_hash = ? AND expires_at > ?")
        .bind(await sha256Hex(id), nowSeconds())
        .first<Pick<SessionsRow, "email" | "refreshed_at">>();
      return row ? { email: row.email, refreshedAt: row.refreshed_at } : null;
    },
    // Only moves an existing row forward: an ended session is never brought back.
    async updateData(id, _data, expires) {
      await db()
        .prepare("UPDATE sessions SET expires_at = ?, refreshed_at = ? WHERE id_hash = ?")
        .bind(expirySeconds(expires), nowSeconds(), await sha256Hex(id))
        .run();
    },
    async deleteData(id) {
      await db()
        .prepare("DELETE FROM sessions WHERE id_hash = ?")
        .bind(await sha256Hex(id))
        .run();
    },
  });
}

function expirySeconds(expires: Date | undefined): number {
  return expires ? Math.floor(expires.getTime() / 1000) : nowSeconds() + SESSION_LIFETIME_SECONDS;
}

/** Sessions need SESSION_SECRET; without it nobody can sign in (the pages say so). */
export function sessionsConfigured(): boolean {
  return setting("SESSION_SECRET") !== undefined;
}

/** Whether the request carries a session cookie at all: pages without one never touch D1. */
export function hasSessionCookie(request: Request): boolean {
  return cookieNames(request).includes(SESSION_COOKIE);
}

/** Signs the address in on this browser (creating its account); the Set-Cookie header, or undefined without SESSION_SECRET. */
export async function startSession(email: string): Promise<string | undefined> {
  const secret = setting("SESSION_SECRET");
  if (!secret) return undefined;
  await db().batch([
    db().prepare("INSERT INTO accounts (email, created_at) VALUES (?, ?) ON CONFLICT (email) DO NOTHING").bind(email, nowSeconds()),
    // Expired sessions can never be used again: each sign-in clears them out.
    db().prepare("DELETE FROM sessions WHERE expires_at <= ?").bind(nowSeconds()),
  ]);
  const storage = sessionStorage(secret);
  const session = await storage.getSession();
  session.set("email", email);
  return storage.commitSession(session);
}

/** The request's live session, or undefined. Only the root middleware asks (account-middleware.server.ts). */
export async function readAccountSession(request: Request): Promise<AccountSession | undefined> {
  const secret = setting("SESSION_SECRET");
  if (!secret || !hasSessionCookie(request)) return undefined;
  const storage = sessionStorage(secret);
  const session = await storage.getSession(request.headers.get("cookie"));
  const email = session.get("email");
  if (!email) return undefined;
  const refreshedAt = session.get("refreshedAt") ?? 0;
  if (nowSeconds() - refreshedAt < REFRESH_AFTER_SECONDS) return { email };
  return { email, refreshCookie: await storage.commitSession(session) };
}

/** Ends this browser's session; the Set-Cookie header that removes the cookie. */
export async function endSession(request: Request): Promise<string> {
  const secret = setting("SESSION_SECRET");
  if (!secret) return expiredSessionCookie();
  const storage = sessionStorage(secret);
  return storage.destroySession(await storage.getSession(request.headers.get("cookie")));
}

/** Ends every session of the account, on every device. */
export async function endAllSessions(email: string): Promise<void> {
  await db().prepare("DELETE FROM sessions WHERE email = ?").bind(email).run();
}

/** A Set-Cookie header removing the retired subscriber cookie, when the request still sends it. */
export function retiredCookieRemoval(request: Request): string | undefined {
  return cookieNames(request).includes(RETIRED_COOKIE) ? expiredCookie(RETIRED_COOKIE) : undefined;
}

/** A Set-Cookie header removing a session cookie that no longer names a live session. */
export function expiredSessionCookie(): string {
  return expiredCookie(SESSION_COOKIE);
}

function expiredCookie(name: string): string {
  return `${name}=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax`;
}

const signedInHint = `${SIGNED_IN_HINT_COOKIE}=1; Max-Age=${SESSION_LIFETIME_SECONDS}; Path=/; Secure; SameSite=Lax`;
const signedInHintRemoval = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; Secure; SameSite=Lax`;

/**
 * Set-Cookie headers that keep the signed-in hint (use-account.ts) in step with the session
 * cookie: set while the browser holds a session cookie, removed when the response ends it or the
 * browser no longer sends one. The hint carries no secret: it only relabels 'Sign in' on shared
 * pages, and /sign-in itself sends a signed-in browser on to the dashboard.
 */
export function signedInHintCookies(request: Request, responseHeaders: Headers): string[] {
  const names = cookieNames(request);
  const hinted = names.includes(SIGNED_IN_HINT_COOKIE);
  const sessionCookie = responseHeaders.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (sessionCookie !== undefined) {
    const ended = sessionCookie.startsWith(`${SESSION_COOKIE}=;`) || /;\s*Max-Age=0(;|$)/i.test(sessionCookie);
    return [ended ? signedInHintRemoval : signedInHint];
  }
  if (names.includes(SESSION_COOKIE)) return hinted ? [] : [signedInHint];
  return hinted ? [signedInHintRemoval] : [];
}

function cookieNames(request: Request): string[] {
  const header = request.headers.get("cookie");
  if (!header) return [];
  return header.split(";").map((part) => part.split("=")[0]!.trim());
}

/** Whether the address still has an account (a reply written after its page left must not outlive a deletion). */
export async function accountExists(email: string): Promise<boolean> {
  return (await serverEnv().DB.prepare("SELECT 1 FROM accounts WHERE email = ?").bind(email).first()) !== null;
}

/** The account part of 'Export my data'. */
export async function exportedAccount(email: string) {
  const account = await serverEnv()
    .DB.prepare("SELECT email, created_at FROM accounts WHERE email = ?")
    .bind(email)
    .first<Pick<AccountsRow, "email" | "created_at">>();
  return { email, createdAt: isoTime(account?.created_at ?? null) };
}
