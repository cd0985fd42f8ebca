// Document extraction: CPU and time for a 20-page text PDF and a 50-page DOCX, and the memory peak
// at the largest files allowed (10 MB, 50 pages), in the same code the Worker runs (app/server/
// documents, pdf.js, fflate and saxes included) in Node's V8, which
// is what workerd runs. Local workerd does not report a request's CPU time, hence Node.
//
// The code is bundled by esbuild (bundle-app.mjs) with the Worker's export conditions (workerd,
// worker, browser), as the image-edit bench does.
//
// - CPU: process.cpuUsage() around one extractDocument call, median of RUNS after the first; the
//   first call, which also evaluates pdf.js (~1.6 MB of code, once per isolate), is printed apart.
// - memory: the largest growth of the heap plus array buffers (sampled every 5 ms, and at the end)
//   during one extraction of a 10 MB file, the file's own bytes included.
//
// `node tests/bench/document-extraction.mjs` runs it alone; `npm run bench -- documents` as a part.
import { importBundled } from "./bundle-app.mjs";
import { cpuAndWall as cpuMs, peakMemoryMiB } from "./stats.mjs";

const RUNS = 9;

function loadExtractor() {
  // The Worker's export conditions, so each package resolves to the build the Worker gets.
  return importBundled(
    "documents",
    [
      `export { extractDocument } from "./app/server/documents/extract.server.ts";`,
      `export * as fixtures from "./tests/support/document-fixtures.ts";`,
    ],
    { conditions: ["workerd", "worker", "browser"] },
  );
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

async function measure(extractDocument, label, build, unit) {
  const fixture = build();
  const file = () => new File([fixture.bytes], fixture.name, { type: fixture.type });
  const first = await cpuMs(() => extractDocument(file()));
  if (!first.result.ok) throw new Error(`${label}: ${first.result.message}`);
  const runs = [];
  for (let index = 0; index < RUNS; index++) runs.push(await cpuMs(() => extractDocument(file())));
  const cpu = median(runs.map((run) => run.cpuMs));
  const pages = first.result.pages ?? unit;
  return {
    label,
    fileKiB: round(fixture.bytes.length / 1024, 1),
    pages,
    characters: first.result.characters,
    firstCpuMs: round(first.cpuMs, 1),
    cpuMs: round(cpu, 1),
    wallMs: round(median(runs.map((run) => run.wallMs)), 1),
    cpuMsPerPage: round(cpu / pages),
  };
}

export async function measureDocumentExtraction() {
  const { extractDocument, fixtures } = await loadExtractor();
  const pdf = await measure(
    extractDocument,
    "20-page PDF",
    () => fixtures.textPdf({ pages: 20, paragraphsPerPage: 6, compress: true }),
    20,
  );
  // A DOCX has no page count of its own: 50 pages as the fixture writes them (~400 words each).
  const docx = await measure(extractDocument, "50-page DOCX", () => fixtures.docx({ pages: 50 }), 50);
  // The largest files allowed: 10 MB over 50 pages, most of it pictures the extractor must not read.
  const largestPdf = fixtures.textPdf({ pages: 50, paragraphsPerPage: 6, compress: true, imageBytesPerPage: 195_000 });
  const largestDocx = fixtures.docx({ pages: 50, mediaBytes: 9_500_000 });
  const asFile = (fixture) => new File([fixture.bytes], fixture.name, { type: fixture.type });
  const pdfPeakMiB = await peakMemoryMiB(() => extractDocument(asFile(largestPdf)));
  const docxPeakMiB = await peakMemoryMiB(() => extractDocument(asFile(largestDocx)));
  return {
    pdf,
    docx,
    largest: {
      pdf: { fileMiB: round(largestPdf.bytes.length / 2 ** 20, 1), peakMiB: pdfPeakMiB },
      docx: { fileMiB: round(largestDocx.bytes.length / 2 ** 20, 1), peakMiB: docxPeakMiB },
    },
  };
}

export function describeDocumentExtraction(result) {
  const line = (x) =>
    `  ${x.label} (${x.fileKiB} KiB, ${x.characters.toLocaleString("en-US")} characters): ${x.cpuMs} ms CPU (median of ${RUNS}), ${x.cpuMsPerPage} ms a page, ${x.wallMs} ms wall; first call ${x.firstCpuMs} ms CPU`;
  return [
    line(result.pdf),
    line(result.docx),
    `  memory peak at the largest files allowed: PDF ${result.largest.pdf.fileMiB} MiB → +${result.largest.pdf.peakMiB} MiB, DOCX ${result.largest.docx.fileMiB} MiB → +${result.largest.docx.peakMiB} MiB (heap and array buffers, the file included)`,
  ].join("\n");
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(describeDocumentExtraction(await measureDocumentExtraction()));
}
