// `npm run screenshots`: a full-page screenshot of every page at a laptop's size (1366 × 900) and a
// phone's (390 × 844), into screenshots/ (git-ignored), to see what a walk through the site shows.
// Like the e2e config it builds the app into a folder of its own and serves it with wrangler dev on
// local state of its own (SCREENSHOTS_PORT, default 9188), then stops the server. Playwright drives
// Debian's chromium (tests/e2e/chromium.mjs); no browser is ever downloaded.
//   SCREENSHOTS_URL=http://127.0.0.1:8787 npm run screenshots   shoots a server already running instead.
import { spawn, execFileSync } from "node:child_process";
import { mkdir, readFile, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { ensureChromium } from "../tests/e2e/chromium.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}screenshots`;
const port = Number(process.env.SCREENSHOTS_PORT ?? 9188);
const quiet = { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_ERROR_REPORTS: "false" };
const viewports = [
  { name: "desktop", viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
];

/** The pages the e2e suites walk (tests/support/pages.ts), read from that file so the list has one home. */
async function pagePaths() {
  const source = await readFile(`${root}tests/support/pages.ts`, "utf8");
  return [...source.matchAll(/^\s*\["(\/[^"]*)"/gm)].map((match) => match[1]);
}

async function untilAnswering(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (
      (await fetch(url).then(
        (response) => response.status,
        () => 0,
      )) === 200
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Builds and serves the app; returns the base URL and a function that stops the server. */
async function startServer() {
  if (process.env.SCREENSHOTS_URL) return { baseURL: process.env.SCREENSHOTS_URL, stop: async () => {} };
  const env = { ...process.env, ...quiet };
  const buildDir = `.wrangler/builds/screenshots-${port}`;
  const state = `.wrangler/screenshots-${port}`;
  console.log(`Building into ${buildDir}…`);
  execFileSync("npm", ["run", "build", "--silent"], {
    cwd: root,
    env: { ...env, BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", state], {
    cwd: root,
    env,
    stdio: "ignore",
  });
  const server = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "-c",
      `${buildDir}/server/wrangler.json`,
      "--port",
      String(port),
      "--inspector-port",
      String(port + 10000),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      state,
    ],
    { cwd: root, env, stdio: "ignore", detached: true },
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  // wrangler and the workerd it started; waited for, so nothing is left running.
  const stop = async () => {
    const signal = (name) => {
      try {
        process.kill(-server.pid, name);
      } catch {
        // already gone
      }
    };
    signal("SIGTERM");
    const gone = await Promise.race([exited.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5000))]);
    if (!gone) signal("SIGKILL");
  };
  try {
    await untilAnswering(`${baseURL}/healthz`, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, stop };
}

const { baseURL, stop } = await startServer();
let failed = false;
try {
  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const paths = await pagePaths();
  for (const { name, viewport, isMobile } of viewports) {
    const context = await browser.newContext({ viewport, isMobile, hasTouch: isMobile, reducedMotion: "reduce" });
    const page = await context.newPage();
    for (const path of paths) {
      const file = `${out}/${name}${path === "/" ? "-home" : path.replaceAll("/", "-")}.png`;
      try {
        await page.goto(`${baseURL}${path}`, { waitUntil: "load" });
        await page
          .locator('#mobile-menu[data-hydrated="true"]')
          .waitFor({ state: "attached", timeout: 10_000 })
          .catch(() => {});
        await page.screenshot({ path: file, fullPage: true });
        console.log(`${name} ${path} → ${file.slice(root.length)}`);
      } catch (error) {
        failed = true;
        console.error(`${name} ${path}: ${error.message}`);
      }
    }
    await context.close();
  }
  await browser.close();
} finally {
  await stop();
}
if (failed) process.exitCode = 1;
