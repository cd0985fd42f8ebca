// A batch scan's work in one request (/ai-detector/batch, POST /api/v1/detect/batch): 20 files read
// one after another (app/server/reports/batch-read.server.ts) and each scored and serialised as its
// report stores it (report-scoring.server.ts), with the SHA-256 its receipt signs: the same code
// the Worker runs, bundled as the document bench bundles it, in Node's V8 (local workerd does not
// report a request's CPU time). What is left out is I/O: one D1 insert a report and one a batch.
//
// - teacher: 20 student essays, 10 PDFs of 3 pages and 10 DOCX of 2 pages;
// - full: 20 PDFs of 20 pages (compressed), as much text as the batch's limit lets through.
// CPU is process.cpuUsage() around the batch, median of RUNS after a first call that also
// evaluates pdf.js (printed apart); memory the largest growth of heap and array buffers during a
// full batch, the files' bytes included.
//
// `node tests/bench/batch-scan.mjs` runs it alone; `npm run bench -- documents` with the documents part.
import { importBundled } from "./bundle-app.mjs";
import { cpuAndWall as timed, peakMemoryMiB } from "./stats.mjs";

const RUNS = 3;

const load = () =>
  importBundled(
    "batch",
    [
      `export { readAll } from "./app/server/reports/batch-read.server.ts";`,
      `export { scoreSource } from "./app/server/reports/report-scoring.server.ts";`,
      `export * as fixtures from "./tests/support/document-fixtures.ts";`,
    ],
    { conditions: ["workerd", "worker", "browser"] },
  );

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value, places = 1) => Math.round(value * 10 ** places) / 10 ** places;

async function scan({ readAll, scoreSource }, files) {
  // A copy each time, as the request gives each file: pdf.js takes over (detaches) the buffer it reads.
  const read = await readAll(files.map((file) => ({ name: file.name, bytes: async () => file.bytes.slice() })));
  let characters = 0;
  let scanned = 0;
  for (const file of read) {
    if (!file.source) continue;
    const { text, stored } = await scoreSource(file.source);
    JSON.stringify(stored);
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    characters += text.length;
    scanned += 1;
  }
  return { characters, scanned, problems: read.filter((file) => file.row.problem).length };
}

export async function measureBatchScan() {
  const modules = await load();
  const { fixtures } = modules;
  const teacher = [
    ...Array.from({ length: 10 }, (_, index) =>
      fixtures.textPdf({ pages: 3, paragraphsPerPage: 5, compress: true, name: `essay-${index}.pdf` }),
    ),
    ...Array.from({ length: 10 }, (_, index) => fixtures.docx({ pages: 2, name: `essay-${index}.docx` })),
  ];
  const full = Array.from({ length: 20 }, (_, index) =>
    fixtures.textPdf({ pages: 20, paragraphsPerPage: 6, compress: true, name: `thesis-${index}.pdf` }),
  );
  const first = await timed(() => scan(modules, teacher));
  const measure = async (label, files) => {
    const runs = [];
    for (let index = 0; index < RUNS; index++) runs.push(await timed(() => scan(modules, files)));
    const { characters, scanned, problems } = runs[0].result;
    return {
      label,
      files: files.length,
      uploadMiB: round(files.reduce((sum, file) => sum + file.bytes.length, 0) / 2 ** 20, 2),
      scanned,
      notScanned: problems,
      characters,
      cpuMs: round(median(runs.map((run) => run.cpuMs))),
      wallMs: round(median(runs.map((run) => run.wallMs))),
    };
  };
  const result = { firstCpuMs: round(first.cpuMs), teacher: await measure("teacher", teacher), full: await measure("full", full) };
  result.full.peakMiB = await peakMemoryMiB(() => scan(modules, full));
  return result;
}

export function describeBatchScan(result) {
  const line = (x) =>
    `  ${x.label} batch: ${x.files} files (${x.uploadMiB} MiB), ${x.scanned} scanned${x.notScanned ? `, ${x.notScanned} not scanned (past the batch's text limit)` : ""}, ${x.characters.toLocaleString("en-US")} characters: ${x.cpuMs} ms CPU, ${x.wallMs} ms wall (median of ${RUNS})`;
  return [
    line(result.teacher),
    line(result.full),
    `  first batch in an isolate (pdf.js evaluated): ${result.firstCpuMs} ms CPU; memory peak of the full batch: +${result.full.peakMiB} MiB (the files included)`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeBatchScan(await measureBatchScan()));
}
