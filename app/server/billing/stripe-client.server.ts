import Stripe from "stripe";
import { stripeApiBaseUrl, stripeSecretKey } from "./config.server";

// One Stripe client per key and API base: the SDK over fetch (no Node http in workerd), pointed at
// STRIPE_API_BASE_URL when it is set (the fake Stripe in tests and local runs).
let cached: { signature: string; client: Stripe } | undefined;

/** The configured client, or undefined when STRIPE_SECRET_KEY is not set. */
export function stripeClient(): Stripe | undefined {
  const key = stripeSecretKey();
  if (!key) return undefined;
  const base = stripeApiBaseUrl();
  const signature = `${key}|${base?.href ?? ""}`;
  if (cached?.signature === signature) return cached.client;
  const client = new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    // Stripe answers in a couple of seconds; a checkout page must not hang on it.
    timeout: 15_000,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
  cached = { signature, client };
  return client;
}

/** Stripe's webhook signature check needs WebCrypto in workerd (the Node crypto provider is sync). */
export const webCryptoProvider = Stripe.createSubtleCryptoProvider();

/** Stripe's own answer to a request (4xx/5xx), as opposed to a network failure. */
export function stripeStatus(error: unknown): number | undefined {
  return error instanceof Stripe.errors.StripeError ? error.statusCode : undefined;
}
