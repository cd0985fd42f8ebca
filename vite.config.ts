import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readFile, writeFile } from "node:fs/promises";
import { createServer, get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { prerenderedPaths } from "./app/content/static-pages.ts";
import { hydratesAfterFirstPaint } from "./app/server/deferred-hydration.server.ts";
import { inlineScriptHashes, withoutNonces } from "./app/server/inline-scripts.server.ts";
import { staticFilesHeadersFile } from "./app/server/security-headers.server.ts";

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

// Static files and prerendered pages skip the Worker (wrangler.toml), so the asset server gives them
// their headers from a _headers file beside them, written from the Worker's own header values. It
// runs after React Router has prerendered the pages (its buildApp), since each page's policy lists
// the hashes of that page's inline scripts as built. The pages come from the built Worker, which
// already made them load their JavaScript after the first paint (hydrate-after-paint.server.ts);
// the build fails if one does not.
function staticFilesHeaders(): Plugin {
  return {
    name: "static-files-headers",
    buildApp: {
      order: "post",
      async handler(builder) {
        const clientDirectory = path.resolve(builder.config.root, builder.config.environments.client!.build.outDir);
        const pages = [];
        for (const pagePath of prerenderedPaths) {
          const file = path.join(clientDirectory, pagePath, "index.html");
          const html = withoutNonces(await readFile(file, "utf8"));
          if (!hydratesAfterFirstPaint(html)) throw new Error(`${pagePath} was prerendered without deferred hydration (entry.server.tsx)`);
          await writeFile(file, html);
          pages.push({ path: pagePath, scriptHashes: await inlineScriptHashes(html) });
        }
        await writeFile(path.join(clientDirectory, "_headers"), staticFilesHeadersFile(pages));
      },
    },
  };
}

// The Worker renders with renderToReadableStream alone, but react-dom/server's edge entry is
// CommonJS that also requires the legacy renderer (renderToString: 46 KiB gzip the bundler cannot
// drop). The built Worker imports the edge renderer's own file instead, of the same build as React
// itself (a build with NODE_ENV other than production, e.g. under the test runner, has React's
// development build); the dev server and tests keep the package entry.
function edgeRendererOnly(): Plugin {
  let edgeRenderer = "";
  return {
    name: "edge-renderer-only",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    configResolved(config) {
      const build = config.isProduction ? "production" : "development";
      edgeRenderer = fileURLToPath(new URL(`./node_modules/react-dom/cjs/react-dom-server.edge.${build}.js`, import.meta.url));
    },
    resolveId: {
      filter: { id: /^react-dom\/server$/ },
      handler: () => edgeRenderer,
    },
  };
}

// React Router prerenders through Vite's preview server and gives each page 10 s, with no retry and
// no setting for either (@react-router/dev 8.4.0, vite.js prerender(), read 2026-11-29). The
// Cloudflare plugin starts workerd without waiting for it, so the first page's 10 s also paid for
// workerd loading the Worker: 9.96 s of 10 on an idle two-core machine, past 10 in CI ("Prerender:
// Request failed for /_.data: ... timeout"); every later page took 11-111 ms. The preview therefore
// waits here for the Worker to answer /healthz, through its own request handler on a port of its
// own, before it starts listening and React Router's first page is asked for.
function workerReadyBeforePreview(): Plugin {
  return {
    name: "worker-ready-before-preview",
    configurePreviewServer: {
      order: "post",
      async handler(server) {
        const probe = createServer(server.middlewares);
        await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
        try {
          const { port } = probe.address() as AddressInfo;
          const response = await new Promise<IncomingMessage>((resolve, reject) =>
            get({ host: "127.0.0.1", port, path: "/healthz", agent: false, timeout: 180_000 }, resolve)
              .on("timeout", function (this: { destroy(error: Error): void }) {
                this.destroy(new Error("the Worker did not answer /healthz within 180 s"));
              })
              .on("error", reject),
          );
          response.resume();
          if (response.statusCode !== 200) throw new Error(`the Worker answered /healthz with ${response.statusCode}`);
        } finally {
          probe.closeAllConnections();
          probe.close();
        }
      },
    },
  };
}

// The modules of the "core" client chunk (below).
const toolKitModule =
  /[\\/]app[\\/](components[\\/](tools|ui)[\\/]|components[\\/]billing[\\/]upgrade-link|forms[\\/]|content[\\/])|vite[\\/]preload-helper/;
const pageOwnModule = /[\\/]app[\\/](components[\\/]tools[\\/](chat|detector)[\\/]|forms[\\/](chat-|share-form))/;
// The result and upload parts of the one-shot tools (detector, humanizer, writer, voiceover, image),
// which the chat never shows: in the kit they cost the chat page 1.6 KiB gzip (tests/bench bytes, 2026-11-29).
// Below the kit in priority, so the kit keeps what both use.
const toolResultModule =
  /[\\/]app[\\/]components[\\/](tools[\\/](document-field|tool-result|submit-row|tool-state)|ui[\\/](fade-up|file-drop-zone))\./;

const coreModules = [
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/,
  /[\\/]app[\\/]components[\\/]layout[\\/]/,
  /[\\/]app[\\/]components[\\/]ui[\\/](icon|lucide-paths|tool-icon|page-shell|use-hydrated)\.tsx?$/,
  /[\\/]app[\\/]content[\\/](tools|company|static-pages)\.ts$/,
  /[\\/]app[\\/]forms[\\/]format-count\.ts$/,
];

// Plugin order matters (STACK.md): the Cloudflare plugin runs the SSR environment in workerd.
export default defineConfig(({ command }) => ({
  // Built pages load their JavaScript after the first paint (entry.server.tsx); the dev server's
  // pages and the integration tests' keep React Router's own scripts. A build made under the test
  // runner (NODE_ENV=test, import.meta.env.DEV true) is still a build.
  define: { "import.meta.env.HYDRATE_AFTER_FIRST_PAINT": JSON.stringify(command === "build") },
  plugins: [
    mespeakLatin1Source(),
    staticFilesHeaders(),
    edgeRendererOnly(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    workerReadyBeforePreview(),
    tailwindcss(),
    reactRouter(),
  ],
  // The dev server pre-bundles dependencies with the bundler alone, without the plugins above.
  ssr: { optimizeDeps: { rolldownOptions: { plugins: [mespeakLatin1Source()] } } },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // V8's explicit compile hint (Chrome 136+; other engines read a comment): every function in
            // the chunk is compiled while it downloads, off the main thread, instead of lazily on
            // first call during hydration. Every chunk's code runs as soon as it loads. Landing page
            // at 4x CPU: main-thread compiling 308 -> 13 ms, JS calls 513 -> 270 ms (tests/bench/README.md).
            postBanner: "//# allFunctionsCalledOnLoad",
            // A handful of chunks instead of twenty one-kilobyte ones: on a phone every extra
            // request costs a round trip before the page can hydrate, and files fetched side by side
            // share the connection's bandwidth (tests/bench/README.md).
            codeSplitting: {
              groups: [
                // What (nearly) every page runs: React, React Router, the site layout (navbar, menu,
                // footer), icons, the tool catalogue and the page shell. Rolldown keeps its own
                // runtime helpers in a chunk of their own.
                { name: "core", test: (id) => coreModules.some((pattern) => pattern.test(id)), priority: 2 },
                // What the tool screens share: form parts, status line, demo modal, limits. Not the
                // chat's and the detector's own parts, which only they and their shared pages (a
                // shared conversation, a report) load: in the kit they cost every tool page and the
                // dashboard 3.7 KiB gzip (tests/bench bytes, 2026-11-26).
                {
                  name: "tool-results",
                  test: (id) => toolResultModule.test(id),
                  tags: ["$initial"],
                  minShareCount: 2,
                  priority: 0.5,
                },
                {
                  name: "tool-kit",
                  test: (id) => toolKitModule.test(id) && !pageOwnModule.test(id) && !toolResultModule.test(id),
                  tags: ["$initial"],
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
}));
