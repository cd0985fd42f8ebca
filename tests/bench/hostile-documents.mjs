// Hostile documents (issue 41): for each file that is small on the wire and huge to extract, the
// wall time of one extractDocument call and the growth of the Node process's memory while it runs
// (heap plus array buffers, and resident set size), in the same code the Worker runs, bundled as
// document-extraction.mjs bundles it. The files are the tests' own builders
// (tests/support/document-fixtures.ts). Budget: each answered in ≤ 3 s, growth ≤ 128 MB.
//
// `node --expose-gc tests/bench/hostile-documents.mjs` runs it alone; `npm run bench -- hostile` as a part.
import { importBundled } from "./bundle-app.mjs";

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

export async function measureHostileDocuments() {
  const { extractDocument, fixtures } = await importBundled(
    "hostile",
    [
      `export { extractDocument } from "./app/server/documents/extract.server.ts";`,
      `export * as fixtures from "./tests/support/document-fixtures.ts";`,
    ],
    { conditions: ["workerd", "worker", "browser"] },
  );
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

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeHostileDocuments(await measureHostileDocuments()));
}
