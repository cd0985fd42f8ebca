import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Test, benchmark and security runs build into folders of their own under .wrangler/builds/
  // (a build empties its whole build directory), so they never pull files from under each other.
  buildDirectory: process.env.BUILD_DIR || "build",
  // The whole route manifest (21 routes, ~1 KiB gzip) ships up front. With the default lazy
  // discovery, every page fetched /__manifest after hydrating and the patch re-rendered the whole
  // tree: on the landing page ~200 ms of main-thread script under Lighthouse's 4x CPU slowdown
  // (tests/bench/README.md), plus a round trip before the first client navigation.
  routeDiscovery: { mode: "initial" },
  future: {
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
