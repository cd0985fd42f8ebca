// `npm run screenshots`: a full-page screenshot of every page at a laptop's size (1366 × 900) and a
// phone's (390 × 844), into screenshots/ (git-ignored), to see what a walk through the site shows.
// Like the benchmarks it builds the app into a folder of its own and serves it with wrangler dev on
// fresh local state of its own (SCREENSHOTS_PORT, default 9188; tests/bench/server.mjs), then stops the server. Playwright drives
// Debian's chromium (tests/e2e/chromium.mjs); no browser is ever downloaded.
//   SCREENSHOTS_URL=http://127.0.0.1:8787 npm run screenshots   shoots a server already running instead.
import { mkdir, readFile, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { buildOnce, startServer } from "../tests/bench/server.mjs";
import { ensureChromium } from "../tests/e2e/chromium.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const out = `${root}screenshots`;
const port = Number(process.env.SCREENSHOTS_PORT ?? 9188);
const viewports = [
  { name: "desktop", viewport: { width: 1366, height: 900 }, isMobile: false },
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true },
];

/** The pages the e2e suites walk (tests/support/pages.ts), read from that file so the list has one home. */
async function pagePaths() {
  const source = await readFile(`${root}tests/support/pages.ts`, "utf8");
  return [...source.matchAll(/^\s*\["(\/[^"]*)"/gm)].map((match) => match[1]);
}

/** Builds and serves the app (as the benchmarks do); returns the base URL and a function that stops the server. */
async function serveApp() {
  if (process.env.SCREENSHOTS_URL) return { baseURL: process.env.SCREENSHOTS_URL, stop: () => {} };
  const buildDir = `.wrangler/builds/screenshots-${port}`;
  console.log(`Building into ${buildDir}…`);
  buildOnce(buildDir);
  const server = await startServer({ buildDir, port, state: `screenshots-${port}` });
  return { baseURL: server.url, stop: server.stop };
}

const { baseURL, stop } = await serveApp();
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
