import type { ApiToolEndpointName } from "~/content/api-endpoint-names";
import { apiCallerContext, apiMiddleware, answerProblems } from "~/server/api/api-middleware.server";
import { toolEndpoints } from "~/server/api/api-endpoints.server";
import { answerToolEndpoint } from "~/server/api/tool-endpoint.server";
import { waitUntilOf } from "~/server/router-context.server";
import type { Route } from "./+types/api.v1.tool";

// POST /api/v1/<tool>: one route module for every tool endpoint the route table lists
// (app/routes.ts), each answered by its entry in toolEndpoints.
export const middleware: Route.MiddlewareFunction[] = [apiMiddleware("POST")];

export function action({ request, context, url }: Route.ActionArgs) {
  const endpoint = toolEndpoints[url.pathname.slice("/api/v1/".length) as ApiToolEndpointName];
  return answerProblems(() => answerToolEndpoint(request, endpoint, context.get(apiCallerContext), url.origin, waitUntilOf(context)));
}

// Never reached (the middleware answers 405 first); a resource route needs it to hear GET and HEAD.
export const loader = action;
