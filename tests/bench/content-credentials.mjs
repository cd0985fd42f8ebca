// Content Credentials (decision 062): what signing costs per file, and what starting c2pa-rs costs.
//
// - signing: `signWith` (app/server/credentials, c2pa-rs as WebAssembly plus a WebCrypto ES256
//   COSE signature) bundled by esbuild and run in Node's V8, which is what workerd runs: CPU
//   (`process.cpuUsage`) of one signing, median of 5 after a first call that is printed apart, for
//   each image the site generates (a photo-like PNG at each of the three sizes, as the provider
//   answers; the offline engine's SVG drawing at each size; a 1024² JPEG and WebP, which a
//   provider may answer) and for a minute of voiceover (WAV as both engines write it, MP3 as
//   /v1/audio/speech answers). Local workerd does not move its clock during computation, and
//   Cloudflare does not report a request's CPU locally, so the Worker's own figure is not taken.
// - start-up: CPU of compiling the 9 MB module (`WebAssembly.compile`, median of 5; V8 compiles on
//   background threads too, which process.cpuUsage counts) and of starting it (`initSync`, its
//   first call) in Node. The Worker imports it only on the first signing or reading
//   in an isolate, so the Worker's own start-up is the `bytes` part's `wrangler check startup`.
import { webcrypto } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import jpeg from "jpeg-js";
import { bundledWithChain } from "./c2pa-bundle.mjs";
import { rgbPng } from "../support/rgb-png.mjs";
import { photoPixels } from "./image-edit.mjs";
import { cpuAndWall, median } from "./stats.mjs";

const RUNS = 5;
const sizes = [
  ["square", 1024, 1024],
  ["portrait", 1024, 1536],
  ["landscape", 1536, 1024],
];
const TRAINED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";

const derOf = (pem, label) =>
  [...pem.matchAll(new RegExp(`-----BEGIN ${label}-----([^-]*)-----END ${label}-----`, "g"))].map((match) =>
    Buffer.from(match[1].replace(/\s+/g, ""), "base64"),
  );

/** A PNG as large as a provider's (about 2 bytes a pixel): a gradient with a deterministic noise deflate cannot squeeze. */
function noisyPng(width, height) {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  let seed = 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) & 31;
      raw.set([(x * 255) / width + noise, (y * 255) / height + noise, 128 + noise], y * stride + 1 + x * 3);
    }
  }
  return rgbPng(width, height, raw);
}

/** `seconds` of MPEG-1 Layer III frames at 128 kbit/s, 44.1 kHz (417 bytes each, 38.28 a second). */
function mp3Frames(seconds) {
  const frames = Math.round(seconds * 38.28);
  const mp3 = Buffer.alloc(frames * 417);
  for (let i = 0; i < frames; i += 1) mp3.set([0xff, 0xfb, 0x90, 0xc4], i * 417);
  return mp3;
}

export async function measureContentCredentials() {
  const { app, chain } = await bundledWithChain("content-credentials", [
    'export { signWith } from "./app/server/credentials/sign-media.server.ts";',
    'export { proceduralImage } from "./app/server/ai/offline/image.server.ts";',
    'export { encodeWebp } from "./tests/support/webp-encoder.ts";',
    'export { encodeWav } from "./app/server/ai/offline/wav.server.ts";',
  ]);
  const key = await webcrypto.subtle.importKey(
    "pkcs8",
    derOf(chain.signingKey, "PRIVATE KEY")[0],
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const identity = { key, chain: derOf(chain.certificateChain, "CERTIFICATE") };

  // Start-up, apart from the bundle's own first call (which also starts c2pa-rs, once per process).
  const wasmPath = createRequire(import.meta.url).resolve("@contentauth/c2pa-wasm/assets/c2pa_bg.wasm");
  const wasmBytes = readFileSync(wasmPath);
  const { initSync } = await import("@contentauth/c2pa-wasm");
  const compile = [];
  for (let run = 0; run < RUNS; run++) compile.push((await cpuAndWall(() => WebAssembly.compile(wasmBytes))).cpuMs);
  // initSync starts a module once (later calls return at once): this glue's first call is the figure.
  const module = await WebAssembly.compile(wasmBytes);
  const init = (await cpuAndWall(async () => initSync({ module }))).cpuMs;

  const files = [];
  for (const [name, width, height] of sizes)
    files.push({ label: `PNG ${width}×${height} (provider image, ${name})`, type: "image/png", bytes: noisyPng(width, height) });
  for (const [name, width, height] of sizes) {
    const svg = app.proceduralImage({ prompt: "A red fox in a sunny meadow at dusk", style: "realistic", size: name });
    files.push({ label: `SVG ${width}×${height} (offline drawing, ${name})`, type: "image/svg+xml", bytes: new TextEncoder().encode(svg) });
  }
  files.push({ label: "JPEG 1024×1024 (quality 85)", type: "image/jpeg", bytes: Buffer.from(jpeg.encode(photoPixels(1024), 85).data) });
  files.push({
    label: "WebP 1024×1024 (lossy 80)",
    type: "image/webp",
    bytes: Buffer.from(await app.encodeWebp(photoPixels(1024), { quality: 80 })),
  });
  // A minute of speech as the Realtime model's WAV (24 kHz 16-bit mono) and a 128 kbit/s MP3.
  const pcm = new Uint8Array(24_000 * 2 * 60).map((_, index) => (index * 37) & 0xff);
  files.push({
    label: "WAV, 60 s (24 kHz 16-bit mono)",
    type: "audio/wav",
    bytes: app.encodeWav(pcm, { sampleRate: 24_000, channels: 1, bitsPerSample: 16 }),
  });
  files.push({ label: "MP3, 60 s (128 kbit/s)", type: "audio/mpeg", bytes: mp3Frames(60) });

  const rows = [];
  for (const file of files) {
    const facts = { action: "created", title: "bench", digitalSourceType: TRAINED };
    const sign = () => app.signWith(identity, file.bytes, file.type, facts);
    const first = await cpuAndWall(sign);
    const cpu = [];
    for (let run = 0; run < RUNS; run++) cpu.push((await cpuAndWall(sign)).cpuMs);
    rows.push({
      label: file.label,
      audio: file.type.startsWith("audio/"),
      KiB: Math.round(file.bytes.length / 1024),
      addedKiB: Math.round(((first.result.length - file.bytes.length) / 1024) * 10) / 10,
      firstCpuMs: Math.round(first.cpuMs),
      cpuMs: Math.round(median(cpu) * 10) / 10,
    });
  }
  return {
    wasmKiB: Math.round(wasmBytes.length / 1024),
    compileMs: Math.round(median(compile) * 10) / 10,
    initMs: Math.round(init * 10) / 10,
    rows,
  };
}

export function describeContentCredentials(c) {
  const lines = [`  c2pa_bg.wasm ${c.wasmKiB} KiB: compile ${c.compileMs} ms CPU (median of ${RUNS}), initSync ${c.initMs} ms CPU (Node)`];
  for (const r of c.rows)
    lines.push(
      `  ${r.label.padEnd(44)} ${String(r.KiB).padStart(6)} KiB  +${r.addedKiB} KiB  sign ${r.cpuMs} ms CPU (first ${r.firstCpuMs} ms)`,
    );
  return lines.join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(describeContentCredentials(await measureContentCredentials()));
