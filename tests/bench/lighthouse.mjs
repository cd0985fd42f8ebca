// Lighthouse with its mobile defaults (simulated throttling) in Debian's chromium. Each page is
// audited LIGHTHOUSE_RUNS times (5, as Lighthouse's variability guide recommends) and every figure
// is the median over the runs, as Lighthouse CI's "median" aggregation does: one simulated run on
// a shared two-core machine swings by several points (tests/bench/README.md explains why). The
// server and the browser are warmed up first, and every run has a hard time limit, so a stuck
// browser costs one retry instead of hanging the whole benchmark.
//
// With LIGHTHOUSE_CALIBRATED=1, each default run is paired with a run at the CPU slowdown calibrated
// for this host (cpu-calibration.mjs), as Lighthouse's throttling guide asks of hosts slower than it
// assumes. Those figures are reported next to the default ones, to tell how much of a miss is this
// machine's CPU; the budgets are always checked on the defaults. Off by default: it doubles the time.
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium, quietChromiumFlags } from "../e2e/chromium.mjs";
import { calibratedCpuMultiplier } from "./cpu-calibration.mjs";
import { median } from "./stats.mjs";

export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const CALIBRATED = process.env.LIGHTHOUSE_CALIBRATED === "1";
// Lighthouse flags a run whose host "appears to have a slower CPU than Lighthouse expects" when its
// CPU benchmark, taken just before the page load, is under 1,000 (SLOW_CPU_BENCHMARK_INDEX_THRESHOLD
// in lighthouse/core/gather/driver/environment.js). On this shared machine that happens when the
// host stalls (benchmarks of 220–900 for minutes at a time); such runs scored 32–99, most of them
// far below the page's other runs. They are set aside and run again, like a failed run, and reported.
export const SLOW_HOST_BENCHMARK = 1000;
const RUN_TIMEOUT_MS = 90_000;
const flags = ["--headless=new", ...quietChromiumFlags];

/** Debian's chromium, headless, with the flags every Lighthouse run here uses. */
export const launchChromium = () => launch({ chromePath: findChromium(), chromeFlags: flags });

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? 0;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    tbtMs: Math.round(audit("total-blocking-time")),
    // Lighthouse's own CPU benchmark, taken in the same browser just before the page load: how fast
    // this machine was at that moment (Lighthouse's 4× mobile slowdown assumes ~1,500; it warns
    // under 1,000).
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
    failingAudits: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id),
  };
}

const summarize = (samples) => {
  const of = (key) => median(samples.map((s) => s[key]));
  return {
    runs: samples.length,
    performance: Math.round(of("performance")),
    accessibility: Math.round(of("accessibility")),
    bestPractices: Math.round(of("bestPractices")),
    seo: Math.round(of("seo")),
    lcpMs: Math.round(of("lcpMs")),
    cls: Number(of("cls").toFixed(3)),
    tbtMs: Math.round(of("tbtMs")),
    performanceRuns: samples.map((s) => s.performance),
    benchmarkIndexRuns: samples.map((s) => s.benchmarkIndex),
    failingAudits: [...new Set(samples.flatMap((s) => s.failingAudits))],
  };
};

/**
 * Audits every path; returns `{ pages, calibration }`. `pages[i]` holds the medians at Lighthouse's
 * defaults and, under `calibrated`, the medians at the host-calibrated CPU slowdown.
 */
export async function runLighthouse(baseUrl, paths, { runs = LIGHTHOUSE_RUNS, calibrated = CALIBRATED } = {}) {
  // When the browser dies under a run (a crashed tab, or our restart after a timeout), Lighthouse
  // can leave a protocol call of its own unawaited, and its rejection ("Page.navigate: Target
  // closed") would end the whole benchmark. The run that lost its browser already fails and is
  // retried, so such late protocol errors are only counted; anything else still crashes as usual.
  let lateProtocolErrors = 0;
  const onUnhandledRejection = (reason) => {
    if (reason instanceof Error && "protocolMethod" in reason) {
      lateProtocolErrors += 1;
      return;
    }
    throw reason;
  };
  process.on("unhandledRejection", onUnhandledRejection);
  let chrome = await launchChromium();
  const audit = async (url, label, lighthouseFlags = {}) => {
    try {
      const result = await withTimeout(
        lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", ...lighthouseFlags }),
        RUN_TIMEOUT_MS,
        label,
      );
      if (result?.lhr.runtimeError) throw new Error(result.lhr.runtimeError.message);
      return figures(result.lhr);
    } catch (error) {
      // A run that fails or hangs restarts the browser.
      chrome.kill();
      chrome = await launchChromium();
      throw error;
    }
  };
  const pages = [];
  let calibration = null;
  try {
    // Warm-up: the Worker's first requests compile its code, and a fresh browser's first trace is
    // the one most likely to fail (NO_NAVSTART); neither says anything about the pages. A failed
    // warm-up audit restarts the browser like any failed run, so warm-up goes on until one audit
    // has succeeded (three for the calibrated runs, which take the host's CPU benchmark from them).
    for (const path of paths) for (let i = 0; i < 3; i += 1) await (await fetch(new URL(path, baseUrl))).arrayBuffer();
    const warmUpAudits = calibrated ? 3 : 1;
    const warmUpBenchmarks = [];
    for (let attempt = 0, succeeded = 0; succeeded < warmUpAudits && attempt < warmUpAudits * 2; attempt += 1) {
      const warmUp = await audit(new URL(paths[0], baseUrl).href, "warm-up").catch(() => null);
      if (!warmUp) continue;
      succeeded += 1;
      if (warmUp.benchmarkIndex) warmUpBenchmarks.push(warmUp.benchmarkIndex);
    }
    if (calibrated && warmUpBenchmarks.length) {
      const benchmarkIndex = median(warmUpBenchmarks);
      calibration = {
        benchmarkIndexRuns: warmUpBenchmarks,
        benchmarkIndex,
        cpuSlowdownMultiplier: calibratedCpuMultiplier(benchmarkIndex),
      };
    }
    const calibratedFlags = calibration ? { throttling: { cpuSlowdownMultiplier: calibration.cpuSlowdownMultiplier } } : null;
    for (const path of paths) {
      const url = new URL(path, baseUrl).href;
      const samples = [];
      const calibratedSamples = [];
      const slowHostRuns = [];
      const errors = [];
      const failed = (error) => errors.push(error instanceof Error ? error.message : String(error));
      const keep = (into, label) => (sample) => {
        if (sample.benchmarkIndex > 0 && sample.benchmarkIndex < SLOW_HOST_BENCHMARK)
          slowHostRuns.push({ run: label, performance: sample.performance, benchmarkIndex: sample.benchmarkIndex });
        else into.push(sample);
      };
      // Default and calibrated runs alternate, so both see the machine in the same moments; failed
      // and slow-host runs are run again, up to three attempts per run in all.
      for (let attempt = 0; attempt < runs * 3; attempt += 1) {
        const needsDefault = samples.length < runs;
        const needsCalibrated = calibratedFlags && calibratedSamples.length < runs;
        if (!needsDefault && !needsCalibrated) break;
        if (needsDefault) await audit(url, `Lighthouse on ${path}`).then(keep(samples, "default"), failed);
        if (needsCalibrated)
          await audit(url, `Lighthouse on ${path} (calibrated)`, calibratedFlags).then(keep(calibratedSamples, "calibrated"), failed);
      }
      const page = samples.length
        ? { path, ...summarize(samples) }
        : {
            path,
            runs: 0,
            performance: 0,
            accessibility: 0,
            bestPractices: 0,
            seo: 0,
            lcpMs: 0,
            cls: 0,
            tbtMs: 0,
            benchmarkIndexRuns: [],
            performanceRuns: [],
            failingAudits: [],
          };
      if (calibratedSamples.length) {
        const c = summarize(calibratedSamples);
        page.calibrated = { runs: c.runs, performance: c.performance, performanceRuns: c.performanceRuns, lcpMs: c.lcpMs, tbtMs: c.tbtMs };
      }
      if (slowHostRuns.length) page.slowHostRuns = slowHostRuns;
      if (errors.length) page.errors = errors;
      pages.push(page);
    }
  } finally {
    chrome.kill();
    process.off("unhandledRejection", onUnhandledRejection);
  }
  if (lateProtocolErrors) console.log(`  (${lateProtocolErrors} late protocol error(s) from a browser that had gone away were ignored)`);
  return { pages, calibration };
}
