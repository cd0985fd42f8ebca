import { data } from "react-router";
import { tools } from "~/content/tools";
import Home, { landingMeta, loader as landingLoader, shouldRevalidate } from "./home";
import type { Route } from "./+types/explore";

// The landing page with one tool open in the explorer. The explorer's links lead here, so each
// choice is a page of its own that the asset server answers without JavaScript or the Worker
// (app/content/static-pages.ts); the landing page itself stays the canonical address.
export function loader({ params }: Route.LoaderArgs) {
  if (!tools.some((tool) => tool.id === params.tool)) throw data("No such tool.", { status: 404 });
  return landingLoader();
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  return [...landingMeta(loaderData?.hero.headline), { tagName: "link", rel: "canonical", href: "/" }];
}

export { shouldRevalidate };
export default Home;
