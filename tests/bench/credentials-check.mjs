// The credentials check (decision 068): what checking one file costs, at the largest file it takes.
//
// `checkCredentials` (app/server/credentials/credentials-check.server.ts: byte sniffing, c2pa-rs
// reading and validating as WebAssembly, the XMP scan) bundled by esbuild and run in Node's V8,
// which is what workerd runs: CPU (`process.cpuUsage`) of one check, median of 5 after a first call
// (printed apart; c2pa-rs was started by the signing before it), for a PNG of ~10 MB (the document limit; stored, not
// deflated, so its size is the pixels') unsigned and signed by a bench chain (the site's signing
// code, as it signs what it stores), and the same signed file with one byte of its pixels changed.
// Run alone: `node tests/bench/credentials-check.mjs`.
import { bundledWithChain } from "./c2pa-bundle.mjs";
import { rgbPng } from "../support/rgb-png.mjs";
import { cpuAndWall, median } from "./stats.mjs";

const RUNS = 5;
const SIDE = 1_800; // 1,800² RGB stored: 9.7 MB, under the 10 MB limit with the manifest

export async function measureCredentialsCheck() {
  const { app, chain } = await bundledWithChain("credentials-check", [
    'export { env } from "cloudflare:workers";',
    'export { checkCredentials } from "./app/server/credentials/credentials-check.server.ts";',
    'export { signMedia } from "./app/server/credentials/sign-media.server.ts";',
  ]);
  app.env.C2PA_SIGNING_KEY = chain.signingKey;
  app.env.C2PA_CERTIFICATE_CHAIN = chain.certificateChain;

  const stride = SIDE * 3 + 1;
  const pixels = new Uint8Array(stride * SIDE).map((_, index) => (index % stride === 0 ? 0 : (index * 7919) & 0xff));
  const unsigned = new Uint8Array(rgbPng(SIDE, SIDE, pixels, { level: 0 }));
  const facts = {
    action: "created",
    title: "bench",
    digitalSourceType: "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia",
  };
  const signed = await app.signMedia(unsigned, "image/png", facts);
  const changed = signed.slice();
  const pixel = Buffer.from(changed).indexOf("IDAT") + 4096;
  changed[pixel] ^= 0x01;

  const rows = [];
  for (const [label, bytes] of [
    ["PNG, no credentials", unsigned],
    ["PNG, signed", signed],
    ["PNG, signed, one byte changed", changed],
  ]) {
    const first = await cpuAndWall(() => app.checkCredentials(bytes));
    const cpu = [];
    for (let run = 0; run < RUNS; run++) cpu.push((await cpuAndWall(() => app.checkCredentials(bytes))).cpuMs);
    rows.push({
      label,
      MB: Math.round((bytes.length / 1e6) * 10) / 10,
      state: first.result.ok ? first.result.report.state : `refused ${first.result.status}`,
      firstCpuMs: Math.round(first.cpuMs),
      cpuMs: Math.round(median(cpu) * 10) / 10,
    });
  }
  return { rows };
}

export function describeCredentialsCheck(c) {
  return c.rows
    .map(
      (r) =>
        `  ${r.label.padEnd(32)} ${String(r.MB).padStart(5)} MB  ${r.state.padEnd(9)} check ${r.cpuMs} ms CPU (first ${r.firstCpuMs} ms)`,
    )
    .join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(describeCredentialsCheck(await measureCredentialsCheck()));
