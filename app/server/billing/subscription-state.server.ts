import type Stripe from "stripe";
import { isPlanId, type PlanId } from "~/content/plans";
import { planForPriceId } from "./config.server";

// Stripe objects → the subscription record we keep in D1. Since API version 2025-03 the billing
// period lives on the subscription items, not the subscription; both places are read.

export type SubscriptionState = {
  id: string;
  customerId: string;
  planId: PlanId;
  status: string;
  currentPeriodStart: number | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** Unix seconds of the Stripe event (or live read) this state comes from: newer wins. */
  observedAt: number;
};

export function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === "string" ? value : value.id;
}

export function subscriptionStateFrom(
  subscription: Stripe.Subscription,
  observedAt: number,
  fallbackPlan?: PlanId,
): SubscriptionState | undefined {
  const customerId = idOf(subscription.customer);
  const item = subscription.items?.data?.[0];
  const planId = planOf(subscription.metadata?.plan, item?.price?.id) ?? fallbackPlan;
  if (!customerId || !planId) return undefined;
  const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
  return {
    id: subscription.id,
    customerId,
    planId,
    status: subscription.status,
    currentPeriodStart: item?.current_period_start ?? legacy.current_period_start ?? null,
    currentPeriodEnd: item?.current_period_end ?? legacy.current_period_end ?? null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    observedAt,
  };
}

/** The plan from our own metadata first (set at checkout), else from the price id. */
export function planOf(metadataPlan: string | undefined, priceId: string | undefined): PlanId | undefined {
  return isPlanId(metadataPlan) ? metadataPlan : planForPriceId(priceId);
}

/** Subscription statuses that give access to the plan's quotas. */
export function isEntitled(status: string): boolean {
  return status === "active" || status === "trialing";
}
