import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests: pure modules (content, schemas, the offline engine) run in Node.
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
