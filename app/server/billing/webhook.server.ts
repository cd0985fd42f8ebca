import Stripe from "stripe";
import { isPlanId } from "~/content/plans";
import { serverEnv } from "../env.server";
import { readLimited } from "../request-body/body-bytes.server";
import { describeError, log } from "../log.server";
import { boundAccount } from "./checkout.server";
import { stripeWebhookSecret } from "./config.server";
import { webCryptoProvider } from "./stripe-client.server";
import { idOf, subscriptionStateFrom } from "./subscription-state.server";
import {
  type EventClaim,
  eventClaimStatement,
  updateSubscriptionFromInvoice,
  upsertCustomer,
  upsertSubscription,
} from "./subscriptions.server";

// Stripe's webhook: verify the signature over the raw body, then apply the event to D1 exactly
// once. The claim row in processed_events and the writes travel in one D1 batch (a transaction):
// of any number of concurrent or repeated deliveries, only the one whose INSERT created the row
// writes, and a failed write rolls the claim back so Stripe's retry can apply it.

const handledTypes = new Set([
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
]);

const MAX_PAYLOAD_BYTES = 512 * 1024;

export async function handleStripeWebhook(request: Request): Promise<Response> {
  const secret = stripeWebhookSecret();
  if (!secret) return answer(503, { error: "Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)." });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return answer(400, { error: "Missing Stripe-Signature header." });
  if (Number(request.headers.get("content-length") ?? 0) > MAX_PAYLOAD_BYTES) return answer(413, { error: "Payload too large." });

  // Read at most MAX_PAYLOAD_BYTES whatever Content-Length claims (a chunked body has none).
  let payload: string;
  try {
    payload = new TextDecoder().decode(await readLimited(request, MAX_PAYLOAD_BYTES));
  } catch {
    return answer(413, { error: "Payload too large." });
  }
  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, signature, secret, undefined, webCryptoProvider);
  } catch (error) {
    log("warn", "webhook signature rejected", describeError(error));
    return answer(400, { error: "Invalid Stripe signature." });
  }

  if (!handledTypes.has(event.type)) return answer(200, { received: true, ignored: true });

  const claim: EventClaim = { eventId: event.id, token: crypto.randomUUID() };
  const claimStatement = eventClaimStatement(event, claim);
  try {
    const [claimed] = await serverEnv().DB.batch([claimStatement, ...(await statementsFor(event, claim))]);
    const duplicate = claimed?.meta.changes !== 1;
    log("info", "webhook event", { event: event.id, type: event.type, duplicate });
    return answer(200, { received: true, duplicate });
  } catch (error) {
    log("error", "webhook event failed", { event: event.id, type: event.type, ...describeError(error) });
    return answer(500, { error: "The event could not be recorded; Stripe will retry." });
  }
}

/** The D1 writes an event calls for; each only runs under this request's claim. */
async function statementsFor(event: Stripe.Event, claim: EventClaim): Promise<D1PreparedStatement[]> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const customerId = idOf(session.customer);
      const subscriptionId = idOf(session.subscription);
      const planId = session.metadata?.plan;
      if (session.mode !== "subscription" || !customerId || !subscriptionId || !isPlanId(planId)) return [];
      const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
      // A signed-in buyer's checkout binds its customer to their account; a visitor's binds nothing.
      const account = await boundAccount(session);
      return [
        upsertCustomer({ id: customerId, email: session.customer_details?.email, account }, claim),
        upsertSubscription(
          {
            id: subscriptionId,
            customerId,
            planId,
            status: paid ? "active" : "incomplete",
            currentPeriodStart: null,
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            observedAt: event.created,
          },
          claim,
        ),
      ];
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const state = subscriptionStateFrom(event.data.object, event.created);
      if (!state) return [];
      return [upsertCustomer({ id: state.customerId }, claim), upsertSubscription(state, claim)];
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
      if (!subscriptionId) return [];
      const period = invoice.lines?.data?.[0]?.period;
      return [
        updateSubscriptionFromInvoice(
          {
            subscriptionId,
            status: event.type === "invoice.paid" ? "active" : "past_due",
            periodStart: period?.start ?? null,
            periodEnd: period?.end ?? null,
            observedAt: event.created,
          },
          claim,
        ),
      ];
    }
    default:
      return [];
  }
}

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status });
}
