import { findPlan, type Plan } from "~/content/plans";
import { readSession } from "./session-cookie.server";
import { isEntitled } from "./subscription-state.server";
import { findCurrentSubscription, type StoredSubscription } from "./subscriptions.server";

// Who is asking: a visitor (demo mode) or a subscriber with a signed session cookie and a
// subscription we know. Only an active or trialing subscription unlocks the plan's quotas.
export type Subscriber = {
  customerId: string;
  subscription: StoredSubscription;
  plan: Plan;
  entitled: boolean;
};

export async function currentSubscriber(request: Request): Promise<Subscriber | undefined> {
  const session = await readSession(request);
  if (!session) return undefined;
  const subscription = await findCurrentSubscription(session.customerId);
  const plan = subscription ? findPlan(subscription.planId) : undefined;
  if (!subscription || !plan) return undefined;
  return { customerId: session.customerId, subscription, plan, entitled: isEntitled(subscription.status) };
}

/** A subscriber whose plan's quotas apply to the tools (visitors and lapsed subscribers get demo mode). */
export async function entitledSubscriber(request: Request): Promise<Subscriber | undefined> {
  const subscriber = await currentSubscriber(request);
  return subscriber?.entitled ? subscriber : undefined;
}
