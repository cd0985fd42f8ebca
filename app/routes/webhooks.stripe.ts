import { handleStripeWebhook } from "~/server/billing/webhook.server";
import type { Route } from "./+types/webhooks.stripe";

// Stripe's webhook endpoint: POST only. A resource route, so the answer is exactly this Response.
export function loader() {
  return methodNotAllowed();
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return handleStripeWebhook(request);
}

function methodNotAllowed() {
  return new Response("Method Not Allowed: Stripe webhooks are POST requests.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
