import { problem } from "~/server/api/problem.server";
import type { Route } from "./+types/api.$";

// Any other address under /api/ answers a JSON 404, never the HTML page.
export function loader({ url }: Route.LoaderArgs) {
  return problem("not-found", `There is no API endpoint at ${url.pathname}. The endpoints are listed at /api/v1/openapi.json.`);
}

export const action = loader;
