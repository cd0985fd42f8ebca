import type { RouterContextProvider } from "react-router";
import { accountContext } from "../account/account-middleware.server";
import { randomToken, sha256Hex } from "../account/secure-random.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { VISITOR_REPORT_SECONDS, type ReportOwner, type ReportViewer } from "./reports.server";

// Who owns a report. A subscriber's report belongs to their account, like their history. Anyone
// else (signed out, or signed in without a plan: their results are not kept either) owns it through
// a random token in an HttpOnly cookie, stored only as its SHA-256; it lasts as long as their
// reports, 24 hours from the newest.

// `__Host-`: Secure, Path=/, no Domain, so no subdomain can plant or read it.
export const REPORT_OWNER_COOKIE = "__Host-report-owner";

function ownerCookieValue(request: Request): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === REPORT_OWNER_COOKIE) {
      const token = value.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** Who is looking at a report page: the signed-in account and/or this browser's owner cookie. */
export async function reportViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<ReportViewer> {
  const token = ownerCookieValue(request);
  return { email: context.get(accountContext)?.email, visitorHash: token ? await sha256Hex(token) : undefined };
}

/**
 * Who a new report belongs to, and the cookie to set for a visitor: the same token again, so one
 * browser's reports stay together, with its lifetime moved forward.
 */
export async function newReportOwner(request: Request, caller: ToolCaller): Promise<{ owner: ReportOwner; setCookie?: string }> {
  if (caller.kind !== "visitor") return { owner: { email: caller.subscriber.email } };
  const token = ownerCookieValue(request) ?? randomToken();
  return {
    owner: { visitorHash: await sha256Hex(token) },
    setCookie: `${REPORT_OWNER_COOKIE}=${token}; Path=/; Max-Age=${VISITOR_REPORT_SECONDS}; HttpOnly; Secure; SameSite=Lax`,
  };
}
