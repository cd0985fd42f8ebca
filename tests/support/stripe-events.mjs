// Stripe webhook events in Stripe's wire format, as the billing tests and the load benchmark sign
// and deliver them to /webhooks/stripe.

/** An event wrapping `object`, of Stripe API version 2026-10-28.endive. */
export function stripeEvent(id, type, created, object) {
  return { id, object: "event", type, created, api_version: "2026-10-28.endive", data: { object } };
}

/**
 * A customer.subscription.* event: one item on `priceId` whose period runs 30 days from `created`
 * (started at `periodStart`, `created` unless given).
 */
export function subscriptionEvent({ id, type, subscriptionId, customerId, status, plan, priceId, created, periodStart = created }) {
  return stripeEvent(id, type, created, {
    id: subscriptionId,
    object: "subscription",
    customer: customerId,
    status,
    cancel_at_period_end: false,
    metadata: { plan },
    items: {
      object: "list",
      data: [{ id: "si_1", price: { id: priceId }, current_period_start: periodStart, current_period_end: created + 2_592_000 }],
    },
  });
}
