import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Test, benchmark and security runs build into folders of their own under .wrangler/builds/
  // (a build empties its whole build directory), so they never pull files from under each other.
  buildDirectory: process.env.BUILD_DIR || "build",
  future: {
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
