import { apiMiddleware, answerProblems } from "~/server/api/api-middleware.server";
import { answerCredentialsEndpoint } from "~/server/api/credentials-endpoint.server";
import type { Route } from "./+types/api.v1.credentials";

// POST /api/v1/credentials: the credentials check of one image or PDF (credentials-endpoint.server.ts).
export const middleware: Route.MiddlewareFunction[] = [apiMiddleware("POST")];

export function action({ request }: Route.ActionArgs) {
  return answerProblems(() => answerCredentialsEndpoint(request));
}

// Never reached (the middleware answers 405 first); a resource route needs it to hear GET and HEAD.
export const loader = action;
