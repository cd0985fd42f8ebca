import type Stripe from "stripe";
import { describeError, log } from "../log.server";
import { stripeClient, stripeStatus } from "./stripe-client.server";
import { findCurrentSubscription, knownCustomersOf } from "./subscriptions.server";

// 'Delete my account' ends every running subscription of every Stripe customer with the account's
// address, not only the plan the account shows: someone may have paid with the address without the
// link ever being used, and nobody must go on being billed for an address that has left.
// Stripe's list filter on email is exact and case-sensitive, so it is asked for the account's
// address and for every other spelling D1 has seen; the customers bound to the account come too.
// Each running subscription is set to end with its period (access until then, as the refund
// policy says); one that never started (incomplete) is cancelled at once.

export type AddressCancellation = { ok: true; endsAt: number | null } | { ok: false; reason: "not-configured" | "failed" };

const PAGE = 100;

export async function cancelSubscriptionsOfAddress(email: string): Promise<AddressCancellation> {
  const stripe = stripeClient();
  if (!stripe) {
    // Without Stripe nothing can be ended: only an account with no running subscription may go.
    const current = await findCurrentSubscription(email);
    return current && isRunning(current.status) ? { ok: false, reason: "not-configured" } : { ok: true, endsAt: null };
  }
  try {
    let endsAt: number | null = null;
    for (const customerId of await customersOfAddress(stripe, email)) {
      for (const subscription of await runningSubscriptions(stripe, customerId)) {
        const end = await endSubscription(stripe, subscription);
        if (end !== null && (endsAt === null || end > endsAt)) endsAt = end;
      }
    }
    return { ok: true, endsAt };
  } catch (error) {
    log("error", "account deletion: ending the address's subscriptions failed", describeError(error));
    return { ok: false, reason: "failed" };
  }
}

async function customersOfAddress(stripe: Stripe, email: string): Promise<Set<string>> {
  const known = await knownCustomersOf(email);
  const spellings = new Set([email, ...known.flatMap((customer) => (customer.email ? [customer.email] : []))]);
  const ids = new Set(known.map((customer) => customer.id));
  for (const spelling of spellings) {
    for await (const customer of stripe.customers.list({ email: spelling, limit: PAGE })) ids.add(customer.id);
  }
  return ids;
}

/** Stripe lists every subscription not cancelled when no status is given. */
async function runningSubscriptions(stripe: Stripe, customerId: string): Promise<Stripe.Subscription[]> {
  const running: Stripe.Subscription[] = [];
  try {
    for await (const subscription of stripe.subscriptions.list({ customer: customerId, limit: PAGE })) {
      if (isRunning(subscription.status)) running.push(subscription);
    }
  } catch (error) {
    // A customer D1 remembers but Stripe no longer has (deleted there) has nothing left to end.
    if (stripeStatus(error) === 400 && (error as { code?: string }).code === "resource_missing") return [];
    throw error;
  }
  return running;
}

/** Ends the subscription; the end of its paid period, or null when it ends now. */
async function endSubscription(stripe: Stripe, subscription: Stripe.Subscription): Promise<number | null> {
  if (subscription.status === "incomplete") {
    await stripe.subscriptions.cancel(subscription.id);
    return null;
  }
  if (!subscription.cancel_at_period_end) await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
  return subscription.items?.data?.[0]?.current_period_end ?? null;
}

function isRunning(status: string): boolean {
  return status !== "canceled" && status !== "incomplete_expired";
}
