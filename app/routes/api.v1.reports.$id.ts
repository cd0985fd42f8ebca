import { apiCallerContext, apiMiddleware, answerProblems } from "~/server/api/api-middleware.server";
import { reportJson } from "~/server/api/report-endpoint.server";
import { siteOrigin } from "~/server/site-origin.server";
import type { Route } from "./+types/api.v1.reports.$id";

// GET /api/v1/reports/{id}: one of the caller's detection reports, with its signed receipt.
export const middleware: Route.MiddlewareFunction[] = [apiMiddleware("GET")];

export function loader({ context, params, request }: Route.LoaderArgs) {
  const origin = siteOrigin(request) ?? new URL(request.url).origin;
  return answerProblems(() => reportJson(context.get(apiCallerContext).subscriber, params.id, origin));
}

// Never reached (the middleware answers 405 first); a resource route needs it to hear other methods.
export const action = loader;
