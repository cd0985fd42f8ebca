// Names of the cookies both the server and the page's scripts read.

/**
 * A non-secret, non-HttpOnly cookie that says only "this browser has a session" (workers/app.ts
 * sets and clears it beside the HttpOnly session cookie). Prerendered pages are the same for
 * everyone, so their navbar says 'Sign in'; where JavaScript runs, this hint turns it into the
 * account links. The session itself is never readable by script.
 */
export const SIGNED_IN_HINT_COOKIE = "signed-in";
