import { defineConfig, devices } from "@playwright/test";
import { findChromium } from "./chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 8788);
export const baseURL = `http://127.0.0.1:${port}`;

// Debian's chromium, never a downloaded browser; the flags keep it quiet on a closed network.
const launchOptions = {
  executablePath: findChromium(),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: ".",
  outputDir: "../../test-results",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions }, grepInvert: /@mobile/ },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions }, grep: /@mobile/ },
  ],
  // The production build on local workerd, as `npm start` serves it, but built into a folder and
  // with local state of its own per port, so several suites can run side by side.
  webServer: {
    command: [
      `BUILD_DIR=build/e2e-${port} npm run build --silent`,
      `npx wrangler d1 migrations apply DB --local -c wrangler.toml --persist-to .wrangler/e2e-${port}`,
      `npx wrangler dev -c build/e2e-${port}/server/wrangler.json --port ${port} --ip 127.0.0.1 --persist-to .wrangler/e2e-${port}`,
    ].join(" && "),
    cwd: "../..",
    url: `${baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
