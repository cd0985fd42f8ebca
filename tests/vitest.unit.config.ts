import { defineConfig } from "vitest/config";

// Unit tests: pure modules (content, schemas, the offline engine) run in Node.
export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
