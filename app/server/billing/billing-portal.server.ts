import { describeError, log } from "../log.server";
import { stripeClient } from "./stripe-client.server";

// Stripe's hosted billing portal: subscribers change their payment method, see invoices and
// cancel there (refund policy: cancellation any time from the dashboard).
export type PortalStart = { ok: true; url: string } | { ok: false; reason: "not-configured" | "failed" };

export async function openBillingPortal(customerId: string, returnUrl: string): Promise<PortalStart> {
  const stripe = stripeClient();
  if (!stripe) return { ok: false, reason: "not-configured" };
  try {
    const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return { ok: true, url: session.url };
  } catch (error) {
    log("error", "billing portal failed", describeError(error));
    return { ok: false, reason: "failed" };
  }
}
