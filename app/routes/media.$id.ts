import { serveMediaAsAsked } from "~/server/media/media-png.server";
import type { Route } from "./+types/media.$id";

// Generated speech and images, served from our origin (a resource route: no React); `?format=png`
// gives a stored drawing as a PNG.
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveMediaAsAsked(request, params.id);
}
