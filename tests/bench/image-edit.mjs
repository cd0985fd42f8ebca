// The offline image editor on 1024 × 1024 and 4096 × 4096 inputs (the largest accepted side) as
// PNG, JPEG (baseline, 4:2:0, as cameras write them) and WebP (lossy):
//
// - through the Worker: the multipart form posted to the built Worker on local workerd ('warmer
//   and brighter' over a painted band, square output), from sending until the page with the result
//   has arrived (median of 3 after a warm-up);
// - CPU and memory: the same editor code (bundled by esbuild) run in Node's V8, which is what
//   workerd runs; local workerd does not report a request's CPU time, and its clock does not move
//   during computation. CPU time is process.cpuUsage() around one edit; memory is the largest
//   growth of the heap plus array buffers seen while it ran (sampled by a timer every 5 ms, and
//   once at the end), against the Worker's 128 MB limit. For WebP, libwebp's WebAssembly memory
//   (which Node does not count there) is added: the instance's memory at the end of the decode.
// - a 4096 × 4096 WebP is over the offline editor's 8-megapixel WebP bound (decode-webp.ts): the
//   Worker refuses it with a 400, which is checked; its decode alone is timed in Node beside it.
import { importBundled } from "./bundle-app.mjs";
import jpeg from "jpeg-js";
import { rgbPng } from "../support/rgb-png.mjs";
import { c2paVars, startServer } from "./server.mjs";
import { median, now } from "./stats.mjs";

const strokes = JSON.stringify([
  {
    size: 0.3,
    points: [
      [0, 0.2],
      [0.5, 0.25],
      [1, 0.2],
    ],
  },
]);
const prompt = "warmer and brighter";

/** The bench's photo as RGBA: smooth gradients with fine texture. */
export function photoPixels(side) {
  const data = new Uint8Array(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const texture = ((x * 7 + y * 13) ^ (x >> 3)) & 7;
      data.set(
        [
          Math.round((x * 255) / side + texture) & 0xff,
          Math.round((y * 255) / side) & 0xff,
          Math.round(200 - (x * 100) / side + texture) & 0xff,
          255,
        ],
        (y * side + x) * 4,
      );
    }
  }
  return { data, width: side, height: side };
}

/** The photo as an upload of the format (each must stay under the 10 MB upload limit). */
async function testImage(side, format, editor) {
  if (format === "png") return testPng(side);
  if (format === "jpeg") return Buffer.from(jpeg.encode(photoPixels(side), 85).data);
  return Buffer.from(await editor.encodeWebp(photoPixels(side), { quality: 80 }));
}

/** A photo-like PNG: smooth gradients with fine texture (it must stay under the 10 MB upload limit). */
export function testPng(side, height = side) {
  const stride = side * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 1; // 'sub' filter: small residuals, as a real encoder would choose
    let previous = [0, 0, 0];
    for (let x = 0; x < side; x++) {
      const texture = ((x * 7 + y * 13) ^ (x >> 3)) & 7;
      const pixel = [(x * 255) / side + texture, (y * 255) / side, 200 - (x * 100) / side + texture];
      for (let c = 0; c < 3; c++) {
        const value = Math.round(pixel[c]) & 0xff;
        raw[y * stride + 1 + x * 3 + c] = (value - previous[c]) & 0xff;
        previous[c] = value;
      }
    }
  }
  return rgbPng(side, height, raw, { level: 9 });
}

const types = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };

async function editThroughWorker(url, bytes, format, expectRefusal = false) {
  const form = new FormData();
  form.append("image", new Blob([bytes], { type: types[format] }), `photo.${format}`);
  for (const [name, value] of Object.entries({ prompt, size: "square", strokes })) form.append(name, value);
  const sent = now();
  const response = await fetch(`${url}/imagine-ai?mode=edit`, { method: "POST", headers: { origin: url }, body: form });
  const page = await response.text();
  if (expectRefusal) {
    if (response.status !== 400 || !/too large for the offline editor/.test(page))
      throw new Error(`the refused edit answered ${response.status}`);
  } else if (response.status !== 200 || !/alt="Edited image/.test(page)) throw new Error(`the edit answered ${response.status}`);
  return now() - sent;
}

function loadEditor() {
  return importBundled(
    "image-edit",
    [
      `export { editImageOffline } from "./app/server/ai/offline/image-edit.server.ts";`,
      `export { inspectImage } from "./app/server/media/image-upload.server.ts";`,
      `export { decodeWebpRows } from "./app/server/media/webp/decode-webp.server.ts";`,
      `export { encodeWebp } from "./tests/support/webp-encoder.ts";`,
    ],
    // libwebp's .wasm as bytes (the Worker's bundler hands over a compiled module instead).
    { loader: { ".wasm": "binary" } },
  );
}

function memoryNow() {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** libwebp's instances keep their memory in a WebAssembly.Memory Node does not count: each one made is kept to be read after the decode. */
let memories = [];
const NativeMemory = WebAssembly.Memory;
const NativeInstance = WebAssembly.Instance;
WebAssembly.Instance = function (module, imports) {
  const instance = new NativeInstance(module, imports);
  for (const value of Object.values(instance.exports)) if (value instanceof NativeMemory) memories.push(value);
  return instance;
};

function wasmSampler() {
  memories = [];
  return () => Math.max(0, ...memories.map((memory) => memory.buffer.byteLength));
}

async function editInNode(editor, upload, format) {
  const bytes = new Uint8Array(upload);
  const info = editor.inspectImage(bytes);
  globalThis.gc?.();
  const before = memoryNow();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryNow())), 5);
  const wasm = wasmSampler();
  const cpu = process.cpuUsage();
  if (format === "webp" && info.width * info.height > 8_000_000) {
    // Refused by the Worker; its decode alone, for the figures.
    await editor.decodeWebpRows(bytes, 0, { row() {} });
  } else {
    await editor.editImageOffline({ prompt, image: { bytes, info }, size: "square", fit: "crop", strokes: JSON.parse(strokes) });
  }
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, memoryNow());
  return { cpuMs: (used.user + used.system) / 1000, peakMiB: (peak - before + wasm()) / 2 ** 20 };
}

export async function measureImageEdit({ buildDir, port = 8796, runs = 3 }) {
  const editor = await loadEditor();
  const inputs = [];
  for (const format of ["png", "jpeg", "webp"])
    for (const side of [1024, 4096]) inputs.push({ side, format, bytes: await testImage(side, format, editor) });
  const server = await startServer({
    buildDir,
    port,
    state: "bench-image-edit",
    // Signed as in production: the edited image gets its Content Credentials when it is stored.
    vars: { DEMO_LIMIT_PER_MINUTE: "0", DEMO_LIMIT_PER_DAY: "0", ...c2paVars() },
  });
  const rows = [];
  try {
    for (const { side, format, bytes } of inputs) {
      const refused = format === "webp" && side * side > 8_000_000;
      await editThroughWorker(server.url, bytes, format, refused); // warm-up
      const wall = [];
      for (let run = 0; run < runs; run++) wall.push(await editThroughWorker(server.url, bytes, format, refused));
      await editInNode(editor, bytes, format); // warm-up
      const node = [];
      for (let run = 0; run < runs; run++) node.push(await editInNode(editor, bytes, format));
      rows.push({
        input: `${side} × ${side} ${format.toUpperCase()}`,
        uploadMiB: Number((bytes.length / 2 ** 20).toFixed(2)),
        workerEditMs: Math.round(median(wall)),
        workerAnswer: refused ? "400 (over 8 MP)" : "200",
        cpuMs: Math.round(median(node.map((row) => row.cpuMs))),
        peakMemoryMiB: Number(Math.max(...node.map((row) => row.peakMiB)).toFixed(1)),
        measured: refused ? "decode only" : "whole edit",
      });
    }
  } finally {
    server.stop();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildOnce } = await import("./server.mjs");
  const buildDir = ".wrangler/builds/bench-image-edit";
  buildOnce(buildDir);
  console.table(await measureImageEdit({ buildDir }));
}
