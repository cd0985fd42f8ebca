import type { Subscriber } from "../billing/subscriber.server";

// Who may use the developer API (spec §9: 'API Access' is a Pro feature; Startup has everything):
// an active or trialing Pro or Startup subscription. The dashboard and every API call ask this.
export const apiRefusalReasons = ["no-subscription", "basic-plan", "subscription-inactive"] as const;
export type ApiAccess = "available" | (typeof apiRefusalReasons)[number];

export function apiAccess(subscriber: Subscriber | undefined): ApiAccess {
  if (!subscriber) return "no-subscription";
  if (!subscriber.entitled) return "subscription-inactive";
  if (subscriber.plan.id === "basic") return "basic-plan";
  return "available";
}
