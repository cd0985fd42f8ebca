// Hostile documents (issue 41): for each file that is small on the wire and huge to extract, two
// measures. In Node: the wall time of one extractDocument call and the growth of the process's
// memory while it runs (heap plus array buffers, and resident set size), in the same code the
// Worker runs, bundled as document-extraction.mjs bundles it. In workerd (`--workerd`): the
// production build served by `wrangler dev` (server.mjs) on port 8810, each file posted to
// /ai-detector as a browser posts it, the answer's status and time, and the growth of the workerd
// process's resident set size (sampled every 10 ms from /proc) while it is answered. The files are
// the tests' own builders (tests/support/document-fixtures.ts). Budget: each answered in ≤ 3 s,
// growth ≤ 128 MB.
//
// `node --expose-gc tests/bench/hostile-documents.mjs [--workerd]` runs it alone.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { importBundled } from "./bundle-app.mjs";
import { buildOnce, startServer } from "./server.mjs";

const hostile = [
  ["nesting DOCX (7.7M elements)", (f) => f.nestedDocx()],
  ["nesting DOCX, headers saying 2 KB", (f) => f.nestedDocx({ lie: true })],
  ["DOCX with one 22 MiB text run", (f) => f.longRunDocx()],
  ["DOCX with one 22 MiB text run, headers saying 2 KB", (f) => f.longRunDocx({ lie: true })],
  ["DOCX whose headers say 2 KB, inflating to 512 MiB", (f) => f.lyingDocx()],
  ["PDF with a 200 MiB content stream", (f) => f.inflatingPdf()],
  ["50-page PDF sharing one 100 MiB stream", (f) => f.sharedStreamPdf()],
];

const round = (value, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const MiB = 2 ** 20;

/** Wall time, result and the largest growth of heap + array buffers and of RSS, sampled every 5 ms and at the end. */
async function measureOne(task) {
  globalThis.gc?.();
  const sample = () => {
    const memory = process.memoryUsage();
    return { heap: memory.heapUsed + memory.arrayBuffers, rss: memory.rss };
  };
  const base = sample();
  const peak = { ...base };
  const note = () => {
    const now = sample();
    peak.heap = Math.max(peak.heap, now.heap);
    peak.rss = Math.max(peak.rss, now.rss);
  };
  const timer = setInterval(note, 5);
  const started = performance.now();
  let result;
  try {
    result = await task();
  } finally {
    clearInterval(timer);
  }
  note();
  return {
    ms: Math.round(performance.now() - started),
    heapMiB: round((peak.heap - base.heap) / MiB),
    rssMiB: round((peak.rss - base.rss) / MiB),
    result,
  };
}

const bundle = () =>
  importBundled(
    "hostile",
    [
      `export { extractDocument } from "./app/server/documents/extract.server.ts";`,
      `export * as fixtures from "./tests/support/document-fixtures.ts";`,
    ],
    { conditions: ["workerd", "worker", "browser"] },
  );

export async function measureHostileDocuments() {
  const { extractDocument, fixtures } = await bundle();
  // pdf.js evaluated once before measuring, as a warm isolate has it.
  await extractDocument(new File([fixtures.textPdf().bytes], "warm.pdf"));
  const rows = [];
  for (const [label, build] of hostile) {
    const fixture = build(fixtures);
    const file = new File([fixture.bytes], fixture.name, { type: fixture.type });
    const { result, ...figures } = await measureOne(() => extractDocument(file));
    rows.push({
      label,
      fileKiB: round(fixture.bytes.length / 1024),
      ...figures,
      answer: result.ok ? `read (${result.characters} characters)` : `refused: ${result.refusal}`,
    });
  }
  return rows;
}

export function describeHostileDocuments(rows) {
  return rows
    .map(
      (row) =>
        `  ${row.label} (${row.fileKiB} KiB): ${row.ms} ms, +${row.heapMiB} MiB heap+buffers, +${row.rssMiB} MiB RSS → ${row.answer}`,
    )
    .join("\n");
}

const PORT = 8810;

/** The workerd processes serving the build: those of that name in the server's process group. */
function workerdPids(groupId) {
  const lines = execFileSync("ps", ["-o", "pid=,comm=", "-g", String(groupId)], { encoding: "utf8" })
    .trim()
    .split("\n");
  const pids = lines.map((line) => line.trim().split(/\s+/)).flatMap(([pid, name]) => (name === "workerd" ? [Number(pid)] : []));
  if (!pids.length) throw new Error("no workerd process in the server's group");
  return pids;
}

const MEMORY_KEYS = ["VmRSS"];
const rssOf = (pids) =>
  pids.reduce((sum, pid) => {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return sum + MEMORY_KEYS.reduce((kb, key) => kb + Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0), 0) * 1024;
  }, 0);

export async function measureHostileInWorkerd() {
  const { fixtures } = await bundle();
  const buildDir = "build/bench-hostile";
  buildOnce(buildDir);
  // No demo limit: every post is read, none refused for the allowance.
  const server = await startServer({
    buildDir,
    port: PORT,
    state: "bench-hostile",
    vars: { DEMO_LIMIT_PER_MINUTE: "0", DEMO_LIMIT_PER_DAY: "0" },
  });
  try {
    const pid = workerdPids(server.group);
    const post = (fixture) => {
      const form = new FormData();
      form.set("text", "");
      form.set("document", new File([fixture.bytes], fixture.name, { type: fixture.type }));
      return fetch(`${server.url}/ai-detector`, { method: "POST", headers: { origin: server.url }, body: form });
    };
    // The page rendered and pdf.js loaded once, as in a warm isolate.
    await (await fetch(`${server.url}/ai-detector`)).text();
    await (await post(fixtures.textPdf({ pages: 2 }))).text();
    const rows = [];
    for (const [label, build] of hostile) {
      const fixture = build(fixtures);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const base = rssOf(pid);
      let peak = base;
      const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 10);
      const started = performance.now();
      const response = await post(fixture);
      const html = await response.text();
      const ms = Math.round(performance.now() - started);
      clearInterval(timer);
      peak = Math.max(peak, rssOf(pid));
      const message = /id="detector-document-error"[^>]*>([^<]*)/.exec(html)?.[1] ?? "";
      rows.push({
        label,
        fileKiB: round(fixture.bytes.length / 1024),
        status: response.status,
        ms,
        rssMiB: round((peak - base) / MiB),
        answer: message.slice(0, 60) || (response.status === 200 ? "read" : "?"),
      });
    }
    return rows;
  } finally {
    server.stop();
  }
}

export function describeHostileInWorkerd(rows) {
  return rows
    .map((row) => `  ${row.label} (${row.fileKiB} KiB): ${row.status} in ${row.ms} ms, workerd RSS +${row.rssMiB} MiB → ${row.answer}`)
    .join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--workerd")) console.log(describeHostileInWorkerd(await measureHostileInWorkerd()));
  else console.log(describeHostileDocuments(await measureHostileDocuments()));
}
