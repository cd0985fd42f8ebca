import { createContext, type MiddlewareFunction } from "react-router";
import { describeError, log } from "../log.server";
import {
  type AccountSession,
  expiredSessionCookie,
  hasSessionCookie,
  readAccountSession,
  retiredCookieRemoval,
  SESSION_COOKIE,
} from "./sessions.server";

/**
 * Who is asking: the signed-in account, or undefined for a visitor. Resolved once per request by
 * the root route's middleware, before any loader or action runs; routes read it with
 * `context.get(accountContext)` and pass the account down: no server module looks the session up
 * again. (The developer API authenticates by its bearer key instead, api-middleware.server.ts.)
 */
export const accountContext = createContext<AccountSession | undefined>();

/**
 * The root middleware: looks the session up (only when the browser sends a session cookie, so a
 * visitor's request never touches D1) and keeps the browser's cookies in step on the way out: a
 * session whose expiry moved forward gets its refreshed cookie, a cookie naming no live session is
 * dropped so later requests skip the lookup, and the retired subscriber cookie is removed. A
 * response that sets the session cookie itself (sign-in, sign-out) keeps its own.
 */
export const accountMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let session: AccountSession | undefined;
  let lookedUp = false;
  if (hasSessionCookie(request)) {
    try {
      session = await readAccountSession(request);
      lookedUp = true;
    } catch (error) {
      // A page must never fail because the account lookup did: it is shown as to a visitor.
      log("error", "account lookup failed", describeError(error));
    }
  }
  context.set(accountContext, session);
  const response = await next();
  const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!setsSession && session?.refreshCookie) response.headers.append("Set-Cookie", session.refreshCookie);
  if (!setsSession && lookedUp && !session) response.headers.append("Set-Cookie", expiredSessionCookie());
  const retired = retiredCookieRemoval(request);
  if (retired) response.headers.append("Set-Cookie", retired);
  return response;
};
