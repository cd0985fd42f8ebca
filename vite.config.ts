import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile } from "node:fs/promises";
import { defineConfig, type Plugin } from "vite";

// mespeak's ESpeak.js has Latin-1 characters in a few comments; the bundler reads sources as UTF-8
// only. Reading that one file as Latin-1 is lossless (the code itself is ASCII).
function mespeakLatin1Source(): Plugin {
  return {
    name: "mespeak-latin1-source",
    enforce: "pre",
    // The filter keeps the bundler from calling this hook for every other module.
    load: {
      filter: { id: /[\\/]mespeak[\\/]src[\\/]ESpeak\.js$/ },
      handler: (id) => readFile(id, "latin1"),
    },
  };
}

// Plugin order matters (STACK.md): the Cloudflare plugin runs the SSR environment in workerd.
export default defineConfig({
  plugins: [mespeakLatin1Source(), cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
});
