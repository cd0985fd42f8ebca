// CPU time of one detector request for 1,000 words, and of one offline humanizer rewrite, in the
// same V8 code the Worker runs (loaded through Vite's module runner). The first call also decodes
// the weights (once per isolate) and is reported apart. `node tests/bench/detector-cpu.mjs` runs
// it alone; `npm run bench` runs it as the `detector` part.
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const RUNS = 40;
const WORDS = 1000;

const load = async (path) =>
  (
    await runnerImport(fileURLToPath(new URL(`../../${path}`, import.meta.url)), {
      resolve: { alias: { "~": fileURLToPath(new URL("../../app", import.meta.url)) } },
    })
  ).module;

function cpuMs(task) {
  const start = process.cpuUsage();
  task();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureDetectorCpu() {
  const { DETECTOR_SAMPLES } = await load("tests/fixtures/detector-samples.ts");
  const { detectAiText } = await load("app/server/detector/detect.server.ts");
  const { humanizeText } = await load("app/server/ai/offline/humanize.server.ts");
  const words = DETECTOR_SAMPLES.filter((s) => s.label === "ai").flatMap((s) => s.text.split(/\s+/));
  const text = words.slice(0, WORDS).join(" ");
  const firstMs = cpuMs(() => detectAiText(text));
  const detectMs = median(Array.from({ length: RUNS }, () => cpuMs(() => detectAiText(text))));
  const humanizeMs = median(Array.from({ length: RUNS }, () => cpuMs(() => humanizeText(text, "professional"))));
  return { words: WORDS, firstRequestMs: round(firstMs), detectMs: round(detectMs), humanizeMs: round(humanizeMs) };
}

const round = (ms) => Math.round(ms * 100) / 100;

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureDetectorCpu();
  console.log(
    `Detector: ${result.detectMs} ms CPU per request of ${result.words} words (median of ${RUNS}; budget 10 ms); first request ${result.firstRequestMs} ms (decodes the weights once per isolate); offline humanizer ${result.humanizeMs} ms`,
  );
}
