// What would Lighthouse's simulated (Lantern) metrics be if the network had behaved differently?
// Records real Lighthouse runs once, then re-audits a recording after editing its network log, so a
// change to the server or the bundles can be estimated without the run-to-run noise of this machine.
//
//   node tests/bench/lantern-what-if.mjs record URL RUNS DIR    saves RUNS runs to DIR/run-<i>
//   node tests/bench/lantern-what-if.mjs replay DIR/run-0 [EDIT...]
//
// EDITs (URL parts are matched as substrings):
//   server=MS             every same-origin response's time to first byte after the request: MS
//   document=BYTES        the main document's transfer size
//   merge=a,b>target      drop requests a and b and add their bytes to target
//   drop=a,b              drop requests a and b
// Dropping or merging requests leaves the CPU tasks that ran them unlinked in the graph, so read
// only FCP and LCP from such replays, not TBT.
import { mkdtempSync, readdirSync, copyFileSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "../e2e/chromium.mjs";

const [command, ...args] = process.argv.slice(2);

function describe(lhr) {
  const audit = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
  const server = lhr.audits["network-server-latency"]?.details?.items?.[0]?.serverResponseTime;
  return `performance ${Math.round(lhr.categories.performance.score * 100)} · FCP ${audit("first-contentful-paint")} · LCP ${audit("largest-contentful-paint")} · TBT ${audit("total-blocking-time")} · SI ${audit("speed-index")} · server response ${Math.round(server ?? NaN)} ms`;
}

async function record(url, runs, dir) {
  const chrome = await launch({
    chromePath: findChromium(),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }); // warm-up
    for (let i = 0; i < runs; i++) {
      const runDir = join(dir, `run-${i}`);
      await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", gatherMode: runDir });
      const result = await lighthouse(url, { output: "json", logLevel: "error", auditMode: runDir });
      console.log(runDir, describe(result.lhr));
    }
  } finally {
    chrome.kill();
  }
}

function edit(log, edits) {
  const urls = new Map();
  for (const event of log) if (event.method === "Network.requestWillBeSent") urls.set(event.params.requestId, event.params.request.url);
  const documentId = urls.keys().next().value;
  const origin = new URL(urls.get(documentId)).origin;
  const idOf = (part) => {
    const match = [...urls].find(([, url]) => url.includes(part));
    if (!match) throw new Error(`no request matches "${part}"`);
    return match[0];
  };
  const sizeOf = (id) => log.find((e) => e.params?.requestId === id && e.method === "Network.loadingFinished")?.params.encodedDataLength ?? 0;
  const setSize = (id, bytes) => {
    for (const e of log) {
      if (e.params?.requestId !== id) continue;
      if (e.method === "Network.loadingFinished") e.params.encodedDataLength = bytes;
      if (e.method === "Network.dataReceived") e.params.encodedDataLength = 0;
    }
  };
  for (const spec of edits) {
    const [name, value = ""] = spec.split("=");
    if (name === "server") {
      for (const e of log) {
        const timing = e.method === "Network.responseReceived" && e.params.response.url.startsWith(origin) ? e.params.response.timing : null;
        if (!timing) continue;
        timing.receiveHeadersEnd = timing.sendEnd + Number(value);
        if (timing.receiveHeadersStart) timing.receiveHeadersStart = timing.receiveHeadersEnd;
      }
    } else if (name === "document") {
      setSize(documentId, Number(value));
    } else if (name === "merge" || name === "drop") {
      const [from, target] = value.split(">");
      const ids = from.split(",").map(idOf);
      const bytes = ids.reduce((sum, id) => sum + sizeOf(id), 0);
      log = log.filter((e) => !ids.includes(e.params?.requestId));
      if (name === "merge") setSize(idOf(target), sizeOf(idOf(target)) + bytes);
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
    const logFile = join(copy, "defaultPass.devtoolslog.json");
    writeFileSync(logFile, JSON.stringify(edit(JSON.parse(readFileSync(logFile, "utf8")), edits)));
    const { URL: url } = JSON.parse(readFileSync(join(copy, "artifacts.json"), "utf8"));
    const result = await lighthouse(url.finalDisplayedUrl, { output: "json", logLevel: "error", auditMode: copy });
    console.log(edits.join(" ") || "(as recorded)", "→", describe(result.lhr));
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

if (command === "record" && args.length === 3) await record(args[0], Number(args[1]), args[2]);
else if (command === "replay" && args.length >= 1) await replay(args[0], args.slice(1));
else {
  console.error("usage: lantern-what-if.mjs record URL RUNS DIR | replay RUN_DIR [server=MS] [document=BYTES] [merge=a,b>target] [drop=a,b]");
  process.exit(2);
}
