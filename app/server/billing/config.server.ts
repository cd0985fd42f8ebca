import { formatPlanPrice, plans, type Plan, type PlanId } from "~/content/plans";
import { setting } from "../settings.server";

// Billing configuration, from the site's settings (settings.server.ts).

const priceVars: Record<PlanId, "STRIPE_PRICE_BASIC" | "STRIPE_PRICE_PRO" | "STRIPE_PRICE_STARTUP"> = {
  basic: "STRIPE_PRICE_BASIC",
  pro: "STRIPE_PRICE_PRO",
  startup: "STRIPE_PRICE_STARTUP",
};

export const notConfiguredMessage =
  "Payments are not configured on this site yet, so no payment can be taken. Every tool stays free to try in demo mode.";

export function stripeSecretKey(): string | undefined {
  return setting("STRIPE_SECRET_KEY");
}

export function stripeWebhookSecret(): string | undefined {
  return setting("STRIPE_WEBHOOK_SECRET");
}

export function stripePriceId(plan: PlanId): string | undefined {
  return setting(priceVars[plan]);
}

/** The plan a Stripe price id sells, for webhook events that only carry the price. */
export function planForPriceId(priceId: string | undefined | null): PlanId | undefined {
  if (!priceId) return undefined;
  return (Object.keys(priceVars) as PlanId[]).find((plan) => stripePriceId(plan) === priceId);
}

export function planCurrency(): string {
  return setting("PLAN_CURRENCY");
}

/** Every plan with its monthly price formatted in the site's currency (the plan cards). */
export function pricedPlans(): { plan: Plan; price: string }[] {
  const currency = planCurrency();
  return plans.map((plan) => ({ plan, price: formatPlanPrice(plan.priceMinor, currency) }));
}

/** Checkout for a plan needs the secret key and that plan's price id. */
export function checkoutConfigured(plan: PlanId): boolean {
  return stripeSecretKey() !== undefined && stripePriceId(plan) !== undefined;
}

/** STRIPE_API_BASE_URL (a local fake in tests) as a URL, or undefined for Stripe's own API. */
export function stripeApiBaseUrl(): URL | undefined {
  return setting("STRIPE_API_BASE_URL");
}

/**
 * Where our forms redirect the browser: Stripe's hosted checkout and billing portal (and the fake
 * Stripe when STRIPE_API_BASE_URL is set). CSP form-action must allow them, or Chrome blocks the 303.
 */
export function paymentRedirectOrigins(): string[] {
  const origins = ["https://checkout.stripe.com", "https://billing.stripe.com"];
  const base = stripeApiBaseUrl();
  if (base && !origins.includes(base.origin)) origins.push(base.origin);
  return origins;
}
