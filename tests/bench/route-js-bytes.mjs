// Client JavaScript a page loads (a prerendered one just after its first paint), from the production
// build: every module the served HTML preloads or runs (React Router preloads the route's whole
// static import graph), gzip and brotli.
//   node tests/bench/route-js-bytes.mjs http://127.0.0.1:8787 / /ai-detector ...
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export async function routeJsBytes(baseUrl, path, clientDir = new URL("../../build/client", import.meta.url).pathname) {
  const html = await (await fetch(new URL(path, baseUrl))).text();
  const files = new Set();
  // Preloaded, <script src>, and imported by the inline module script. Not every path in the
  // route manifest embedded in the page: it also lists routes a visitor may navigate to later.
  for (const match of html.matchAll(/<(?:link|script)\b[^>]*?(?:href|src)="(\/assets\/[^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"(\/assets\/[^"]+\.js)"/g)) files.add(match[1]);
  // A prerendered page adds its preloads from script after its first paint (hydrate-after-paint.server.ts).
  for (const match of html.matchAll(/for\(const href of (\[[^\]]*\])\)/g)) for (const href of JSON.parse(match[1])) files.add(href);
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const bytes = readFileSync(`${clientDir}${file}`);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { path, files: files.size, raw, gzip, brotli };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  const [baseUrl = "http://127.0.0.1:8787", ...paths] = process.argv.slice(2);
  for (const path of paths.length ? paths : ["/"]) {
    const r = await routeJsBytes(baseUrl, path);
    console.log(
      `${r.path.padEnd(20)} ${r.files} files  gzip ${(r.gzip / 1024).toFixed(1)} KiB  brotli ${(r.brotli / 1024).toFixed(1)} KiB  raw ${(r.raw / 1024).toFixed(1)} KiB`,
    );
  }
}
