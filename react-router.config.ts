import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/content/static-pages";

export default {
  ssr: true,
  // Test, benchmark and security runs build into folders of their own under .wrangler/builds/
  // (a build empties its whole build directory), so they never pull files from under each other.
  buildDirectory: process.env.BUILD_DIR || "build",
  // The whole route manifest (21 routes, ~1 KiB gzip) ships up front: lazy discovery fetched
  // /__manifest after every hydration and re-rendered the whole page to patch the routes in
  // (measured in tests/bench/README.md), plus a round trip before the first client navigation.
  routeDiscovery: { mode: "initial" },
  // Pages that are the same for every visitor are rendered once, at build time, and served by the
  // asset server (app/content/static-pages.ts). Preview-server prerendering runs the built Worker in
  // workerd (the Cloudflare plugin's preview), so the pages come from the same code as at run time.
  // React Router 8 always builds with Vite's Environment API and prerenders through the preview
  // server (its 8.0.0 changelog, read on 2026-11-26), the two future flags 7 needed for this.
  prerender: [...prerenderedPaths],
} satisfies Config;
