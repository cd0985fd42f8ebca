import { handleApiRequest } from "~/server/api/api-v1.server";
import { cloudflareContext } from "~/server/router-context.server";
import type { Route } from "./+types/api.$";

// Everything under /api/ but the chat page's stream: the developer API (/api/v1/…), and JSON
// 404s for any other address, never an HTML page.
export function loader({ request, context }: Route.LoaderArgs) {
  return handleApiRequest(request, (work) => context.get(cloudflareContext).ctx.waitUntil(work));
}

export function action({ request, context }: Route.ActionArgs) {
  return handleApiRequest(request, (work) => context.get(cloudflareContext).ctx.waitUntil(work));
}
