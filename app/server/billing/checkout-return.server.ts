import type { AccountSession } from "../account/sessions.server";
import { checkoutConfirmationMail, sendAccountMail } from "../account/sign-in-mail.server";
import { signInAvailable } from "../account/sign-in.server";
import { issueSignInToken } from "../account/sign-in-tokens.server";
import { nowSeconds } from "../clock.server";
import { serverEnv } from "../env.server";
import { siteOrigin } from "../site-origin.server";
import { accountReference, type CheckoutVerification } from "./checkout.server";
import { recordVerifiedCheckout } from "./subscriptions.server";

// What /success does once Stripe has confirmed the payment. It never starts a session: the email
// on a Checkout Session is whatever the payer typed, and Stripe does not verify it, so signing that
// address in would let anyone who pays become anyone (docs/decisions/001-checkout-never-signs-in.md).
// - A signed-in buyer's checkout carries their account's reference: their own browser stays
//   signed in; any other browser is told to sign in as that account.
//   Its subscription is bound to that account (docs/decisions/055-subscriptions-bound-to-accounts.md).
// - A visitor's checkout: the subscription is recorded but bound to no account. A sign-in link
//   mailed once to the paid address claims it for that address's account when it is used (POST);
//   later visits of the page only say so. Typing someone's address at Checkout changes nothing of theirs.

export type CheckoutReturn =
  | { kind: "own-account" }
  | { kind: "other-account" }
  | { kind: "confirmation-sent"; email: string }
  | { kind: "already-used" }
  | { kind: "erased" }
  | { kind: "no-email" }
  | { kind: "sign-in-unavailable" }
  | { kind: "mail-failed" };

export async function answerCheckoutReturn(
  request: Request,
  session: AccountSession | undefined,
  paid: Extract<CheckoutVerification, { kind: "paid" }>,
  planName: string,
): Promise<CheckoutReturn> {
  const { erased } = await recordVerifiedCheckout(paid.customer, paid.subscription, paid.account);
  if (paid.accountReference) {
    const own = session !== undefined && (await accountReference(session.email)) === paid.accountReference;
    return { kind: own ? "own-account" : "other-account" };
  }
  if (erased) return { kind: "erased" };
  const email = paid.customer.email?.toLowerCase();
  if (!email) return { kind: "no-email" };
  const origin = siteOrigin(request);
  if (!signInAvailable() || !origin) return { kind: "sign-in-unavailable" };
  if (!(await claimReturn(paid.sessionId))) return { kind: "already-used" };
  const link = `${origin}/sign-in/confirm?token=${await issueSignInToken(email, { claimsCustomerId: paid.customer.id })}`;
  if (await sendAccountMail(email, checkoutConfirmationMail(email, link, planName))) return { kind: "confirmation-sent", email };
  // Nothing was sent: let a reload try again.
  await serverEnv().DB.prepare("DELETE FROM checkout_returns WHERE session_id = ?").bind(paid.sessionId).run();
  return { kind: "mail-failed" };
}

/** True for the one visit that records the session's return; one statement, so concurrent visits get exactly one. */
async function claimReturn(sessionId: string): Promise<boolean> {
  const result = await serverEnv()
    .DB.prepare("INSERT INTO checkout_returns (session_id, used_at) VALUES (?, ?) ON CONFLICT (session_id) DO NOTHING")
    .bind(sessionId, nowSeconds())
    .run();
  return result.meta.changes === 1;
}
