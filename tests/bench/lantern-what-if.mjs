// What would Lighthouse's simulated (Lantern) metrics be if the network had behaved differently?
// Records real Lighthouse runs once, then re-audits a recording after editing its network log, so a
// change to the server or the bundles can be estimated without the run-to-run noise of this machine.
//
//   node tests/bench/lantern-what-if.mjs record URL RUNS DIR    saves RUNS runs to DIR/run-<i>
//   node tests/bench/lantern-what-if.mjs replay DIR/run-0 [EDIT...]
//
// EDITs (each URL part must match exactly one request's URL as a substring):
//   server=MS             every same-origin response's time to first byte after the request: MS
//                         (meant for lowering it: a value above the recorded one can put the
//                         headers after the body)
//   document=BYTES        the main document's transfer size
//   merge=a,b:target      drop requests a and b and add their bytes to target
//   drop=a,b              drop requests a and b
// Dropping or merging requests leaves the CPU tasks that ran them unlinked in the graph, so read
// only FCP and LCP from such replays, not TBT.
import { mkdtempSync, readdirSync, copyFileSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { launchChromium } from "./lighthouse.mjs";

const [command, ...args] = process.argv.slice(2);

function describe(lhr) {
  const audit = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const server = lhr.audits["network-server-latency"]?.details?.items?.[0]?.serverResponseTime;
  return `performance ${Math.round(lhr.categories.performance.score * 100)} · CPU benchmark ${Math.round(lhr.environment.benchmarkIndex)} · FCP ${audit("first-contentful-paint")} · LCP ${audit("largest-contentful-paint")} · TBT ${audit("total-blocking-time")} · SI ${audit("speed-index")} · server response ${Math.round(server ?? NaN)} ms`;
}

async function record(url, runs, dir) {
  const chrome = await launchChromium();
  try {
    await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }); // warm-up
    // A run Lighthouse could not trace (e.g. NO_NAVSTART) is recorded again, up to three times per run.
    for (let i = 0, attempts = 0; i < runs && attempts < runs * 3; attempts++) {
      const runDir = join(dir, `run-${i}`);
      await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", gatherMode: runDir });
      const { lhr } = await lighthouse(url, { output: "json", logLevel: "error", auditMode: runDir });
      if (lhr.runtimeError) {
        console.log(runDir, `failed (${lhr.runtimeError.code}), recording it again`);
        continue;
      }
      console.log(runDir, describe(lhr));
      i++;
    }
  } finally {
    chrome.kill();
  }
}

function edit(log, edits, documentUrl) {
  const urls = new Map();
  for (const event of log) if (event.method === "Network.requestWillBeSent") urls.set(event.params.requestId, event.params.request.url);
  const documentId = [...urls].find(([, url]) => url === documentUrl)?.[0];
  if (!documentId) throw new Error(`the recording has no request for ${documentUrl}`);
  const origin = new URL(documentUrl).origin;
  const idOf = (part) => {
    const matches = [...urls].filter(([, url]) => url.includes(part));
    if (matches.length !== 1) throw new Error(`"${part}" matches ${matches.length} requests, not one`);
    return matches[0][0];
  };
  const number = (spec, value) => {
    if (!/^\d+(\.\d+)?$/.test(value)) throw new Error(`"${spec}" needs a number`);
    return Number(value);
  };
  const sizeOf = (id) =>
    log.find((e) => e.params?.requestId === id && e.method === "Network.loadingFinished")?.params.encodedDataLength ?? 0;
  const setSize = (id, bytes) => {
    for (const e of log) {
      if (e.params?.requestId !== id) continue;
      if (e.method === "Network.loadingFinished") e.params.encodedDataLength = bytes;
      if (e.method === "Network.dataReceived") e.params.encodedDataLength = 0;
    }
  };
  for (const spec of edits) {
    const [, name, value = ""] = spec.match(/^([^=]*)(?:=(.*))?$/);
    if (name === "server") {
      for (const e of log) {
        const timing =
          e.method === "Network.responseReceived" && e.params.response.url.startsWith(origin) ? e.params.response.timing : null;
        if (!timing) continue;
        timing.receiveHeadersEnd = timing.sendEnd + number(spec, value);
        if (timing.receiveHeadersStart) timing.receiveHeadersStart = timing.receiveHeadersEnd;
      }
    } else if (name === "document") {
      setSize(documentId, number(spec, value));
    } else if (name === "merge" || name === "drop") {
      const [from, target] = value.split(":");
      if (name === "merge" && !target) throw new Error(`"${spec}" needs a target: merge=a,b:target`);
      const ids = from.split(",").map(idOf);
      const bytes = ids.reduce((sum, id) => sum + sizeOf(id), 0);
      const targetId = name === "merge" ? idOf(target) : null;
      log = log.filter((e) => !ids.includes(e.params?.requestId));
      for (const id of ids) urls.delete(id);
      if (targetId) setSize(targetId, sizeOf(targetId) + bytes);
    } else {
      throw new Error(`unknown edit "${spec}"`);
    }
  }
  return log;
}

async function replay(runDir, edits) {
  const copy = mkdtempSync(join(tmpdir(), "lantern-what-if-"));
  try {
    for (const file of readdirSync(runDir)) copyFileSync(join(runDir, file), join(copy, file));
    const { URL: url } = JSON.parse(readFileSync(join(copy, "artifacts.json"), "utf8"));
    const logFile = join(copy, "defaultPass.devtoolslog.json");
    writeFileSync(logFile, JSON.stringify(edit(JSON.parse(readFileSync(logFile, "utf8")), edits, url.mainDocumentUrl)));
    const result = await lighthouse(url.finalDisplayedUrl, { output: "json", logLevel: "error", auditMode: copy });
    console.log(edits.join(" ") || "(as recorded)", "→", describe(result.lhr));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

const usage = "usage: lantern-what-if.mjs record URL RUNS DIR | replay RUN_DIR [server=MS] [document=BYTES] [merge=a,b:target] [drop=a,b]";
try {
  if (command === "record" && args.length === 3 && /^[1-9]\d*$/.test(args[1])) await record(args[0], Number(args[1]), args[2]);
  else if (command === "replay" && args.length >= 1) await replay(args[0], args.slice(1));
  else throw new Error(usage);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
}
