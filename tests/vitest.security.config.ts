import { defineConfig } from "vitest/config";

// Security checks that need a real build served by local workerd (Node side).
export default defineConfig({
  test: {
    include: ["tests/security/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
