import { apiCallerContext, apiMiddleware, answerProblems } from "~/server/api/api-middleware.server";
import { answerBatchEndpoint } from "~/server/api/batch-endpoint.server";
import { siteOrigin } from "~/server/site-origin.server";
import type { Route } from "./+types/api.v1.detect-batch";

// POST /api/v1/detect/batch: up to 20 documents scanned into reports, charged per file (batch-endpoint.server.ts).
export const middleware: Route.MiddlewareFunction[] = [apiMiddleware("POST")];

export function action({ request, context }: Route.ActionArgs) {
  const origin = siteOrigin(request) ?? new URL(request.url).origin;
  return answerProblems(() => answerBatchEndpoint(request, context.get(apiCallerContext), origin));
}

// Never reached (the middleware answers 405 first); a resource route needs it to hear GET and HEAD.
export const loader = action;
