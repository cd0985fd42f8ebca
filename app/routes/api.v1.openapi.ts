import { methodNotAllowed } from "~/server/api/api-middleware.server";
import { openApiDocument } from "~/server/api/openapi.server";
import type { Route } from "./+types/api.v1.openapi";

// GET /api/v1/openapi.json: the API's description, public (no key), cached for five minutes.
export function loader({ url }: Route.LoaderArgs) {
  return Response.json(openApiDocument(url.origin), { headers: { "Cache-Control": "public, max-age=300" } });
}

export function action() {
  return methodNotAllowed("GET, HEAD");
}
