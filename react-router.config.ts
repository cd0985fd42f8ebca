import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Test, benchmark and security runs build into folders of their own under .wrangler/builds/
  // (a build empties its whole build directory), so they never pull files from under each other.
  buildDirectory: process.env.BUILD_DIR || "build",
  // The whole route manifest (21 routes, ~1 KiB gzip) ships up front: lazy discovery fetched
  // /__manifest after every hydration and re-rendered the whole page to patch the routes in
  // (measured in tests/bench/README.md), plus a round trip before the first client navigation.
  routeDiscovery: { mode: "initial" },
  future: {
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
