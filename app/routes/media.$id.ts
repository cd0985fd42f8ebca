import { serveMedia } from "~/server/media/media-store.server";
import type { Route } from "./+types/media.$id";

// Generated speech and images, served from our origin (a resource route: no React).
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveMedia(request, params.id);
}
