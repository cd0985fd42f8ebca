import { findPlan, type Plan } from "~/content/plans";
import { readAccountSession } from "../account/sessions.server";
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

export async function currentSubscriber(request: Request): Promise<Subscriber | undefined> {
  const session = await readAccountSession(request);
  return session ? subscriberFor(session.email) : undefined;
}

/** A subscriber whose plan's quotas apply to the tools (visitors and lapsed subscribers get demo mode). */
export async function entitledSubscriber(request: Request): Promise<Subscriber | undefined> {
  const subscriber = await currentSubscriber(request);
  return subscriber?.entitled ? subscriber : undefined;
}
