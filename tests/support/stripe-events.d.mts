export type StripeEvent = { id: string; object: "event"; type: string; created: number; api_version: string; data: { object: any } };
export function stripeEvent(id: string, type: string, created: number, object: Record<string, unknown>): StripeEvent;
export function subscriptionEvent(fields: {
  id: string;
  type: string;
  subscriptionId: string;
  customerId: string;
  status: string;
  plan: string;
  priceId: string;
  created: number;
  periodStart?: number;
}): StripeEvent;
