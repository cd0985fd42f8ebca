import { defineConfig, devices } from "@playwright/test";
import { makeC2paChain } from "../../scripts/c2pa-dev-chain.mjs";
import { findChromium, quietChromiumFlags } from "./chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://127.0.0.1:${port}`;
// The fake Stripe (tests/fakes/stripe-server.mjs) beside each server, on a port derived from it so
// suites on different ports never share one.
export const fakeStripeURL = `http://127.0.0.1:${12111 + port - 8788}`;
// Billing configuration of the e2e server: test values, pointing at the fake Stripe.
const stripeVars = {
  STRIPE_SECRET_KEY: "sk_test_e2e_000000000000",
  STRIPE_WEBHOOK_SECRET: "whsec_e2e_secret",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123",
  STRIPE_API_BASE_URL: fakeStripeURL,
  STRIPE_PRICE_BASIC: "price_basic_e2e",
  STRIPE_PRICE_PRO: "price_pro_e2e",
  STRIPE_PRICE_STARTUP: "price_startup_e2e",
};
// Signs the reports' scan receipts (reports.spec.ts verifies them with node:crypto and openssl); a test key.
export const receiptVars = { RECEIPT_SIGNING_KEY: "MC4CAQAwBQYDK2VwBCIEIFSisWlQDcX6M5PAR91ksLNospRFBF5CaED9VweRVgpD" };
// Signs generated images and voiceovers as the first local run does (a development test signer);
// a PEM's line breaks travel as "\n", which the settings read as line breaks.
const c2paChain = makeC2paChain("ContentForge AI e2e");
const c2paVars = {
  C2PA_SIGNING_KEY: c2paChain.signingKey.replace(/\n/g, "\\n"),
  C2PA_CERTIFICATE_CHAIN: c2paChain.certificateChain.replace(/\n/g, "\\n"),
};
// Every browser of the suite comes from 127.0.0.1, and the local state outlives a run: the
// per-client sign-in limit (integration-tested with its default) would refuse later runs.
const accountVars = { SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR: "0" };
// Quoted for the shell: a PEM has spaces ("BEGIN PRIVATE KEY"); no value has a single quote.
const varFlags = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([name, value]) => `--var '${name}:${value}'`)
    .join(" ");
// A second server of the same build runs the OpenAI engine against the fake OpenAI
// (tests/fakes/openai-server.mjs), which refuses what today's API refuses: provider.spec.ts.
export const providerPort = port + 1;
export const providerURL = `http://127.0.0.1:${providerPort}`;
export const fakeOpenAiURL = `http://127.0.0.1:${12110 + port - 8788}`;
const providerVars = { OPENAI_API_KEY: "sk-e2e-provider-000000000000", OPENAI_BASE_URL: `${fakeOpenAiURL}/v1` };

/**
 * wrangler dev on one port of the build, started again whenever it exits: it sometimes exits on a
 * dropped connection inside its proxy, with an empty "✘ [ERROR]" (cloudflare/workers-sdk#15317,
 * #15451); seen once in CI on 2026-11-22 on the first page request. Restarting (and saying so)
 * makes one lost request fail one test (retried once on CI, reported as flaky) instead of every
 * test after it. Playwright ends the whole process group when the suite is done. Each server gets
 * its own inspector port: two starting at once both took the default one, and one failed to start.
 */
function serveForever(serverPort: number, vars: Record<string, string>) {
  return `(while :; do npx wrangler dev -c .wrangler/builds/e2e-${port}/server/wrangler.json --port ${serverPort} --inspector-port ${serverPort + 10000} --ip 127.0.0.1 --persist-to .wrangler/e2e-${serverPort} ${varFlags(vars)}; echo "wrangler dev exited ($?); starting it again" >&2; sleep 1; done)`;
}

/** A fake provider from tests/fakes on its own port, ready once its control endpoint answers. */
function fakeServer(script: string, url: string) {
  return {
    command: `node ${script} ${new URL(url).port}`,
    cwd: "../..",
    url: `${url}/__fake/requests`,
    reuseExistingServer: !process.env.CI,
    timeout: 10_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

// Debian's chromium, never a downloaded browser, kept quiet on a closed network.
const launchOptions = { executablePath: findChromium(), args: quietChromiumFlags };

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions }, grepInvert: /@mobile/, testIgnore: /provider\.spec\.ts/ },
    { name: "provider", use: { ...devices["Desktop Chrome"], launchOptions, baseURL: providerURL }, testMatch: /provider\.spec\.ts/ },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions }, grep: /@mobile/ },
  ],
  webServer: [
    fakeServer("tests/fakes/stripe-server.mjs", fakeStripeURL),
    fakeServer("tests/fakes/openai-server.mjs", fakeOpenAiURL),
    // The production build on local workerd, as `npm start` serves it, but built into a folder and
    // with local state of its own per port, so several suites can run side by side. One build
    // serves both ports; provider.spec.ts waits for its own server.
    {
      command: [
        `BUILD_DIR=.wrangler/builds/e2e-${port} npm run build --silent`,
        `npx wrangler d1 migrations apply DB --local -c wrangler.toml --persist-to .wrangler/e2e-${port}`,
        `npx wrangler d1 migrations apply DB --local -c wrangler.toml --persist-to .wrangler/e2e-${providerPort}`,
        `{ ${serveForever(providerPort, { ...providerVars, ...c2paVars })} & ${serveForever(port, { ...stripeVars, ...accountVars, ...receiptVars, ...c2paVars })}; }`,
      ].join(" && "),
      cwd: "../..",
      url: `${baseURL}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
