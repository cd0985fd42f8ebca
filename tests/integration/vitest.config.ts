import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("../..", import.meta.url));
// D1 migrations are read here (Node) and applied inside workerd by tests/integration/apply-migrations.ts.
const migrations = await readD1Migrations(fileURLToPath(new URL("../../migrations", import.meta.url)));

// Integration tests run the real Worker (workers/app.ts + the React Router build) inside workerd,
// with the bindings of wrangler.toml. The React Router plugin needs this config of its own.
export default defineConfig({
  root,
  plugins: [
    cloudflareTest(({ inject }) => ({
      main: "./workers/app.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        // Vitest 5 sends each transformed module to workerd in one WebSocket message; without this
        // the largest of ours pass workerd's 1 MiB limit ("Message is too large", 1009) and their
        // test files die. Tests only: the flag is experimental and never reaches wrangler.toml.
        compatibilityFlags: ["increase_websocket_message_size"],
        // Tests switch engines by setting OPENAI_API_KEY/OPENAI_BASE_URL on `env`; this is where the fake listens.
        bindings: {
          FAKE_OPENAI_URL: inject("fakeOpenAiUrl"),
          OPENAI_TIMEOUT_MS: "1000",
          // Billing tests point STRIPE_API_BASE_URL here at run time (tests/integration/helpers.ts).
          FAKE_STRIPE_URL: inject("fakeStripeUrl"),
          // Tests turn the language-model scorer on by setting DETECTOR_SCORER_URL to this (+ /v1).
          FAKE_VLLM_URL: inject("fakeVllmUrl"),
          // Where the tests read the sign-in mails the EMAIL binding wrote (tests/support/local-mail.mjs).
          LOCAL_MAIL_URL: inject("localMailUrl"),
          TEST_MIGRATIONS: migrations,
          // Generated media are signed as locally (global-setup.ts makes the chain; tests read the root).
          C2PA_SIGNING_KEY: inject("c2paChain").signingKey,
          C2PA_CERTIFICATE_CHAIN: inject("c2paChain").certificateChain,
          C2PA_TEST_ROOT: inject("c2paChain").rootCertificate,
          PROVIDER_C2PA_ROOT: inject("providerRootCertificate"),
          // One line per request would be thousands here; failures still print (disableConsoleIntercept below).
          LOG_LEVEL: "warn",
        },
      },
    })),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) },
  },
  test: {
    include: ["tests/integration/**/*.test.ts"],
    globalSetup: ["tests/integration/global-setup.ts"],
    setupFiles: ["tests/integration/apply-migrations.ts"],
    silent: "passed-only",
    // The Worker logs from request handlers and waitUntil() tasks, which are other I/O contexts than
    // the test runner's; relaying those logs over Vitest's RPC can leave a file waiting forever for a
    // log's reply (cloudflare/workers-sdk#15498, #15719). Logs go straight to workerd's output instead.
    disableConsoleIntercept: true,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
