// Bytes the visitor downloads and the Worker's deployable size, from the production build.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { routeJsBytes } from "./route-js-bytes.mjs";

const root = new URL("../..", import.meta.url).pathname;
const KiB = 1024;

function filesUnder(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile());
}

export async function measureBytes(baseUrl, buildDir, paths) {
  const client = join(root, buildDir, "client");
  const routes = [];
  for (const path of paths) {
    const r = await routeJsBytes(baseUrl, path, client);
    routes.push({ path, jsGzipKiB: Number((r.gzip / KiB).toFixed(1)), jsBrotliKiB: Number((r.brotli / KiB).toFixed(1)), files: r.files });
  }
  const all = filesUnder(client);
  // One stylesheet file serves every page (app/root.tsx links it).
  const cssGzipKiB = Number(
    (all.filter((file) => file.endsWith(".css")).reduce((sum, file) => sum + gzipSync(readFileSync(file)).length, 0) / KiB).toFixed(1),
  );
  // The landing document's body: with its headers under TCP's first window (10 segments, 14.6 KB),
  // it arrives in one round trip.
  const landing = await (await fetch(new URL("/", baseUrl))).text();
  const landingDocumentGzipKiB = Number((gzipSync(landing).length / KiB).toFixed(1));
  const images = all.filter((file) => /\.(png|jpe?g|webp|avif|svg|gif)$/.test(file));
  const largest = images
    .map((file) => ({ file: file.slice(client.length), bytes: statSync(file).size }))
    .sort((a, b) => b.bytes - a.bytes)[0];

  const output = execFileSync(
    "npx",
    ["wrangler", "deploy", "--dry-run", "--outdir", join(buildDir, "dry-run"), "-c", join(buildDir, "server/wrangler.json")],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
    },
  );
  const upload = output.match(/Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/);
  // Start-up: wrangler's local profile of the Worker's global scope (module evaluation) in workerd.
  // Cloudflare's limit is 1 s of start-up; the local CPU differs from Cloudflare's, so this is a trend
  // and a ceiling with headroom, not the production figure (wrangler says so itself).
  const startup = execFileSync(
    "npx",
    [
      "wrangler",
      "check",
      "startup",
      "-c",
      join(buildDir, "server/wrangler.json"),
      "--outfile",
      join(buildDir, "worker-startup.cpuprofile"),
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
    },
  );
  const startupActive = startup.match(/Active:\s*([\d.]+)\s*ms/);
  return {
    routes,
    cssGzipKiB,
    landingDocumentGzipKiB,
    largestImage: largest ? { file: largest.file, KiB: Number((largest.bytes / KiB).toFixed(1)) } : null,
    workerKiB: upload ? Number(upload[1]) : null,
    workerGzipKiB: upload ? Number(upload[2]) : null,
    workerStartupCpuMs: startupActive ? Number(startupActive[1]) : null,
  };
}
