import { createContext, type MiddlewareFunction } from "react-router";
import { subscriberFor, type Subscriber } from "../billing/subscriber.server";
import { describeError, log } from "../log.server";
import type { ToolCaller } from "../tools/tool-caller.server";
import { apiAccess } from "./api-access.server";
import { authenticateApiKey } from "./api-keys.server";
import { takeApiRequest } from "./api-rate-limit.server";
import { problem } from "./problem.server";

// What every /api/v1 resource route shares, in this order: the method → the bearer key (never the
// session cookie, so no other site can spend a subscriber's quota) → the key's and the account's
// rate limits → the plan. Each refusal is a problem document; the route runs only for a caller
// whose plan includes the API, and reads who it is from `apiCallerContext`.

export const apiCallerContext = createContext<ToolCaller & { kind: "api-key" }>();

export function apiMiddleware(allow: "GET" | "POST"): MiddlewareFunction<Response> {
  const methods = allow === "GET" ? ["GET", "HEAD"] : ["POST"];
  return async ({ request, context }, next) =>
    answerProblems(async () => {
      if (!methods.includes(request.method)) return methodNotAllowed(methods.join(", "));
      const key = await authenticateApiKey(request);
      if (!key) {
        return problem(
          "unauthorized",
          "Send your API key as 'Authorization: Bearer cf_live_…'. Create one on your dashboard; revoked keys stop working.",
          { headers: { "WWW-Authenticate": 'Bearer realm="api"' } },
        );
      }
      const rate = await takeApiRequest(key);
      let response: Response;
      if (!rate.allowed) {
        const who = rate.refusedBy === "per-account" ? "Your account's keys together have" : "This key has";
        response = problem("rate-limited", `${who} made too many requests this minute. Retry after the number of seconds in Retry-After.`, {
          extra: { policy: rate.refusedBy },
        });
      } else {
        const subscriber = await subscriberFor(key.email);
        const refusal = planRefusal(subscriber);
        if (refusal || !subscriber) response = refusal!;
        else {
          context.set(apiCallerContext, { kind: "api-key", subscriber, keyId: key.keyId });
          response = await next();
        }
      }
      for (const [header, value] of Object.entries(rate.headers)) response.headers.set(header, value);
      return response;
    });
}

/** Runs an API answer; whatever it throws becomes a 500 problem document, never an HTML page or a stack. */
export async function answerProblems(answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    log("error", "api request failed", describeError(error));
    return problem("server-error", "Something went wrong on our side. Please try again; if it keeps happening, contact support.");
  }
}

export function methodNotAllowed(allow: string): Response {
  return problem("method-not-allowed", `This endpoint accepts ${allow.replace(", HEAD", "")} only.`, { headers: { Allow: allow } });
}

/** API access comes with an active or trialing Pro or Startup subscription (api-access.server.ts). */
function planRefusal(subscriber: Subscriber | undefined): Response | undefined {
  const access = apiAccess(subscriber);
  if (access === "available") return undefined;
  const detail = {
    "no-subscription": "This account has no subscription. API access comes with the Pro and Startup plans: /pricing.",
    "basic-plan": "The Basic plan does not include API access. Upgrade to Pro or Startup: /pricing.",
    "subscription-inactive": `Your subscription is not active (status: ${subscriber?.subscription.status}). Update your payment method from the dashboard to use the API again.`,
  }[access];
  return problem("forbidden-plan", detail, { extra: { reason: access } });
}
