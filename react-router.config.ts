import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // End-to-end runs build into a folder of their own, so a parallel build never pulls files from
  // under a running test server.
  buildDirectory: process.env.BUILD_DIR || "build",
  future: {
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
