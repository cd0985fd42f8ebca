// The offline image editor on a 1024 × 1024 and a 4096 × 4096 PNG (the largest accepted side):
//
// - through the Worker: the multipart form posted to the built Worker on local workerd ('warmer
//   and brighter' over a painted band, square output), from sending until the page with the result
//   has arrived (median of 3 after a warm-up);
// - CPU and memory: the same editor code (bundled by esbuild) run in Node's V8, which is what
//   workerd runs; local workerd does not report a request's CPU time, and its clock does not move
//   during computation. CPU time is process.cpuUsage() around one edit; memory is the largest
//   growth of the heap plus array buffers seen while it ran (sampled by a timer every 5 ms, and
//   once at the end), against the Worker's 128 MB limit.
import { build } from "esbuild";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deflateSync } from "node:zlib";
import { startServer } from "./server.mjs";
import { median, now } from "./stats.mjs";

const root = new URL("../..", import.meta.url).pathname;
const strokes = JSON.stringify([{ size: 0.3, points: [[0, 0.2], [0.5, 0.25], [1, 0.2]] }]);
const prompt = "warmer and brighter";

/** A photo-like PNG: smooth gradients with fine texture (it must stay under the 10 MB upload limit). */
export function testPng(side) {
  const stride = side * 3 + 1;
  const raw = Buffer.alloc(stride * side);
  for (let y = 0; y < side; y++) {
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
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, "ascii"), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

async function editThroughWorker(url, png) {
  const form = new FormData();
  form.append("image", new Blob([png], { type: "image/png" }), "photo.png");
  for (const [name, value] of Object.entries({ prompt, size: "square", strokes })) form.append(name, value);
  const sent = now();
  const response = await fetch(`${url}/imagine-ai?mode=edit`, { method: "POST", headers: { origin: url }, body: form });
  const page = await response.text();
  if (response.status !== 200 || !/alt="Edited image/.test(page)) throw new Error(`the edit answered ${response.status}`);
  return now() - sent;
}

async function loadEditor() {
  const dir = mkdtempSync(join(tmpdir(), "bench-image-edit-"));
  const outfile = join(dir, "editor.mjs");
  await build({
    stdin: {
      contents: `export { editImageOffline } from "./app/server/ai/offline/image-edit.ts"; export { inspectImage } from "./app/server/media/image-upload.ts";`,
      resolveDir: root,
      loader: "ts",
    },
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    alias: { "~": join(root, "app") },
    outfile,
    logLevel: "error",
  });
  const editor = await import(outfile);
  rmSync(dir, { recursive: true, force: true });
  return editor;
}

function memoryNow() {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

async function editInNode(editor, png) {
  const bytes = new Uint8Array(png);
  const info = editor.inspectImage(bytes);
  globalThis.gc?.();
  const before = memoryNow();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryNow())), 5);
  const cpu = process.cpuUsage();
  await editor.editImageOffline({ prompt, image: { bytes, info }, size: "square", fit: "crop", strokes: JSON.parse(strokes) });
  const used = process.cpuUsage(cpu);
  clearInterval(sampler);
  peak = Math.max(peak, memoryNow());
  return { cpuMs: (used.user + used.system) / 1000, peakMiB: (peak - before) / 2 ** 20 };
}

export async function measureImageEdit({ buildDir, port = 8796, runs = 3 }) {
  const inputs = [1024, 4096].map((side) => ({ side, png: testPng(side) }));
  const editor = await loadEditor();
  const server = await startServer({ buildDir, port, state: "bench-image-edit", vars: { DEMO_LIMIT_PER_MINUTE: "0", DEMO_LIMIT_PER_DAY: "0" } });
  const rows = [];
  try {
    for (const { side, png } of inputs) {
      await editThroughWorker(server.url, png); // warm-up
      const wall = [];
      for (let run = 0; run < runs; run++) wall.push(await editThroughWorker(server.url, png));
      await editInNode(editor, png); // warm-up
      const node = [];
      for (let run = 0; run < runs; run++) node.push(await editInNode(editor, png));
      rows.push({
        input: `${side} × ${side}`,
        uploadMiB: Number((png.length / 2 ** 20).toFixed(2)),
        workerEditMs: Math.round(median(wall)),
        cpuMs: Math.round(median(node.map((row) => row.cpuMs))),
        peakMemoryMiB: Number(Math.max(...node.map((row) => row.peakMiB)).toFixed(1)),
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
