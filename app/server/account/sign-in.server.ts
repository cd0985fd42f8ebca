import { retryAfterText } from "../limits/demo-limit.server";
import { siteOrigin } from "../site-origin.server";
import { sessionsConfigured } from "./sessions.server";
import { takeSignInAllowance } from "./sign-in-limits.server";
import { mailConfigured, sendSignInMail } from "./sign-in-mail.server";
import { issueSignInToken } from "./sign-in-tokens.server";

// Requesting a sign-in link. Every address gets one, customer or not (signing in with a new
// address creates its account), so the answer never tells who is a customer.
export type SignInRequest =
  | { kind: "sent" }
  | { kind: "limited"; retryAfterSeconds: number; message: string }
  | { kind: "not-configured"; message: string }
  | { kind: "failed"; message: string };

export const signInNotConfiguredMessage = "Signing in is not configured on this site yet. Every tool stays free to try in demo mode.";

/** Signing in needs SESSION_SECRET (sessions) and MAIL_FROM (the mail's sender). */
export function signInAvailable(): boolean {
  return sessionsConfigured() && mailConfigured();
}

export async function requestSignInLink(request: Request, email: string): Promise<SignInRequest> {
  const origin = siteOrigin(request);
  if (!signInAvailable() || !origin) return { kind: "not-configured", message: signInNotConfiguredMessage };
  const allowance = await takeSignInAllowance(request, email);
  if (!allowance.allowed) {
    return {
      kind: "limited",
      retryAfterSeconds: allowance.retryAfterSeconds,
      message: `Too many sign-in links were asked for. Please try again in ${retryAfterText(allowance.retryAfterSeconds)}.`,
    };
  }
  const token = await issueSignInToken(email);
  const link = `${origin}/sign-in/confirm?token=${token}`;
  if (await sendSignInMail(email, link)) return { kind: "sent" };
  return { kind: "failed", message: "We could not send the mail just now. Please try again in a minute." };
}
