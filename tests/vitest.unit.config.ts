import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests of the product (content, schemas, the offline engine) and tests of the project's own
// tooling (tests/tooling: the import graph, the page list, the fakes, the bench's calibration), in Node.
export default defineConfig({
  plugins: [
    {
      // The Worker's bundler turns a .wasm import into a compiled module; in Node its bytes will do.
      name: "wasm-bytes",
      enforce: "pre",
      load(id) {
        if (id.endsWith(".wasm"))
          return `import { readFileSync } from "node:fs"; export default new Uint8Array(readFileSync(${JSON.stringify(id)}));`;
      },
    },
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("../app", import.meta.url)) },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/tooling/**/*.test.ts"],
    environment: "node",
    // Through Vite, so the .wasm import reaches the plugin above.
    server: { deps: { inline: ["@jsquash/webp"] } },
  },
});
