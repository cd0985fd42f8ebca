import type Stripe from "stripe";
import { isPlanId, type PlanId } from "~/content/plans";
import { sha256Hex } from "../account/secure-random.server";
import { describeError, log } from "../log.server";
import { stripePriceId } from "./config.server";
import { stripeClient, stripeStatus } from "./stripe-client.server";
import { idOf, subscriptionStateFrom, type SubscriptionState } from "./subscription-state.server";

// Starting a Stripe Checkout Session for a plan, and verifying one when Stripe sends the buyer
// back to /success. The browser never talks to Stripe's API: it is redirected to the hosted page.

export type PaymentMethod = "card" | "ach";

const paymentMethodTypes: Record<PaymentMethod, Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType> = {
  card: "card",
  ach: "us_bank_account",
};

export type CheckoutStart = { ok: true; url: string } | { ok: false; reason: "not-configured" | "failed" };

/** Who the subscription is for: a signed-in account (its email, and its Stripe customer if it has one). */
export type CheckoutBuyer = { email: string; customerId?: string } | undefined;

export async function startCheckout({
  plan,
  method,
  origin,
  buyer,
}: {
  plan: PlanId;
  method: PaymentMethod;
  origin: string;
  buyer?: CheckoutBuyer;
}): Promise<CheckoutStart> {
  const stripe = stripeClient();
  const price = stripePriceId(plan);
  if (!stripe || !price) return { ok: false, reason: "not-configured" };
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [{ price, quantity: 1 }],
        // API 2026-10-28 (stripe 23) replaced payment_method_types with this filter.
        allowed_payment_method_types: [paymentMethodTypes[method]],
        billing_address_collection: "required",
        // Stripe replaces {CHECKOUT_SESSION_ID} itself; it must stay unencoded.
        success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/payment-methods?plan=${plan}`,
        // A signed-in buyer pays as their account, so the subscription lands on it: their existing
        // customer, or their email (Checkout then shows it fixed). The reference binds the session to
        // that account, so /success can tell the buyer's own browser from anyone else's.
        ...(buyer?.customerId ? { customer: buyer.customerId } : buyer ? { customer_email: buyer.email } : {}),
        ...(buyer ? { client_reference_id: await accountReference(buyer.email) } : {}),
        // The account the checkout binds to, read back on /success and in the webhook (boundAccount).
        metadata: buyer ? { plan, account: buyer.email } : { plan },
        subscription_data: { metadata: { plan } },
      },
      // One key per submission: the SDK's own retry of this request can never create a second session.
      { idempotencyKey: `checkout-${crypto.randomUUID()}` },
    );
    if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
    log("info", "checkout started", { plan, method, session: session.id });
    return { ok: true, url: session.url };
  } catch (error) {
    log("error", "checkout failed", { plan, method, ...describeError(error) });
    return { ok: false, reason: "failed" };
  }
}

/** The Checkout Session's account binding: a digest of the signed-in buyer's address (client_reference_id, up to 200 characters). */
export async function accountReference(email: string): Promise<string> {
  return `acct_${await sha256Hex(email.toLowerCase())}`;
}

/**
 * The account a signed-in buyer started this Checkout Session as, or null for a visitor's checkout.
 * Only our server sets metadata and client_reference_id, and the address must hash to the reference.
 * Sessions started before metadata.account existed are read through the address they were given.
 */
export async function boundAccount(
  session: Pick<Stripe.Checkout.Session, "client_reference_id" | "metadata" | "customer_email" | "customer_details">,
): Promise<string | null> {
  const reference = session.client_reference_id;
  if (!reference?.startsWith("acct_")) return null;
  for (const candidate of [session.metadata?.account, session.customer_email, session.customer_details?.email]) {
    if (candidate && (await accountReference(candidate)) === reference) return candidate.toLowerCase();
  }
  return null;
}

export type CheckoutVerification =
  | {
      kind: "paid";
      sessionId: string;
      customer: { id: string; email: string | null };
      subscription: SubscriptionState;
      /** The account reference a signed-in buyer started the checkout with, or null for a visitor's checkout. */
      accountReference: string | null;
      /** That buyer's account (boundAccount): the subscription is bound to it. */
      account: string | null;
    }
  | { kind: "not-configured" }
  | { kind: "invalid" }
  | { kind: "not-found" }
  | { kind: "unpaid" }
  | { kind: "unavailable" };

const sessionIdPattern = /^cs_[A-Za-z0-9_]{1,255}$/;

/** Asks Stripe whether this Checkout Session was really paid; the query string alone proves nothing. */
export async function verifyCheckout(sessionId: string | null): Promise<CheckoutVerification> {
  if (!sessionId || !sessionIdPattern.test(sessionId)) return { kind: "invalid" };
  const stripe = stripeClient();
  if (!stripe) return { kind: "not-configured" };
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription"] });
  } catch (error) {
    const status = stripeStatus(error);
    if (status === 404) return { kind: "not-found" };
    log("error", "checkout verification failed", describeError(error));
    return status === 400 ? { kind: "invalid" } : { kind: "unavailable" };
  }
  const subscription = typeof session.subscription === "object" ? session.subscription : null;
  if (session.mode !== "subscription" || !subscription || !isPaid(session, subscription)) return { kind: "unpaid" };
  const customerId = idOf(session.customer);
  const metadataPlan = session.metadata?.plan;
  const state = subscriptionStateFrom(
    subscription,
    // A live read is the state as of now: an event older than this must not overwrite it.
    Math.floor(Date.now() / 1000),
    isPlanId(metadataPlan) ? metadataPlan : undefined,
  );
  if (!customerId || !state) return { kind: "unpaid" };
  const reference = session.client_reference_id;
  return {
    kind: "paid",
    sessionId,
    customer: { id: customerId, email: session.customer_details?.email ?? null },
    subscription: state,
    accountReference: reference?.startsWith("acct_") ? reference : null,
    account: await boundAccount(session),
  };
}

function isPaid(session: Stripe.Checkout.Session, subscription: Stripe.Subscription): boolean {
  if (session.status !== "complete") return false;
  if (session.payment_status === "paid") return true;
  // A free trial or a 100% coupon: nothing to pay, yet the subscription is live.
  return session.payment_status === "no_payment_required" && (subscription.status === "active" || subscription.status === "trialing");
}
