import { apiCallerContext, apiMiddleware, answerProblems } from "~/server/api/api-middleware.server";
import { usageJson } from "~/server/api/usage-endpoint.server";
import type { Route } from "./+types/api.v1.usage";

// GET /api/v1/usage: the caller's plan and what it has used this period.
export const middleware: Route.MiddlewareFunction[] = [apiMiddleware("GET")];

export function loader({ context }: Route.LoaderArgs) {
  return answerProblems(() => usageJson(context.get(apiCallerContext).subscriber));
}

// Never reached (the middleware answers 405 first); a resource route needs it to hear other methods.
export const action = loader;
