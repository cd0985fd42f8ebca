import { findPlan, type Plan } from "~/content/plans";
import { isEntitled } from "./subscription-state.server";
import { findCurrentSubscription, type StoredSubscription } from "./subscriptions.server";

// Who is asking: a visitor (demo mode), a signed-in account without a plan, or a subscriber: a
// signed-in account whose email has a subscription we know. Only an active or trialing
// subscription unlocks the plan's quotas.
export type Subscriber = {
  email: string;
  customerId: string;
  subscription: StoredSubscription;
  plan: Plan;
  entitled: boolean;
};

/** The account's subscriber record, or undefined when it has no subscription (yet). */
export async function subscriberFor(email: string): Promise<Subscriber | undefined> {
  const subscription = await findCurrentSubscription(email);
  const plan = subscription ? findPlan(subscription.planId) : undefined;
  if (!subscription || !plan) return undefined;
  return { email, customerId: subscription.customerId, subscription, plan, entitled: isEntitled(subscription.status) };
}

/** The signed-in account's subscriber record (the account the root middleware resolved). */
export async function accountSubscriber(account: { email: string } | undefined): Promise<Subscriber | undefined> {
  return account ? subscriberFor(account.email) : undefined;
}
