import type { RouterContextProvider } from "react-router";
import { accountContext } from "../account/account-middleware.server";
import { sha256Hex } from "../account/secure-random.server";
import { keptVisitorToken, visitorToken, visitorTokenCookie } from "../account/visitor-token.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { VISITOR_REPORT_SECONDS, type ReportOwner, type ReportViewer } from "./reports.server";

// Who owns a report. A subscriber's report belongs to their account, like their history. Anyone
// else (signed out, or signed in without a plan: their results are not kept either) owns it through
// a random token in an HttpOnly cookie, stored only as its SHA-256; it lasts as long as their
// reports, 24 hours from the newest.

export const REPORT_OWNER_COOKIE = "__Host-report-owner";

/** Who is looking at a report page: the signed-in account and/or this browser's owner cookie. */
export async function reportViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<ReportViewer> {
  const token = keptVisitorToken(request, REPORT_OWNER_COOKIE);
  return { email: context.get(accountContext)?.email, visitorHash: token ? await sha256Hex(token) : undefined };
}

/**
 * Who a new report belongs to, and the cookie to set for a visitor: the same token again, so one
 * browser's reports stay together, with its lifetime moved forward.
 */
export async function newReportOwner(request: Request, caller: ToolCaller): Promise<{ owner: ReportOwner; setCookie?: string }> {
  if (caller.kind !== "visitor") return { owner: { email: caller.subscriber.email } };
  const token = visitorToken(request, REPORT_OWNER_COOKIE);
  return {
    owner: { visitorHash: await sha256Hex(token) },
    setCookie: visitorTokenCookie(REPORT_OWNER_COOKIE, token, VISITOR_REPORT_SECONDS),
  };
}
