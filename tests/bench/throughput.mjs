// Server throughput on local workerd with autocannon, at fixed concurrency. The page scenarios run
// interleaved (round 1: every scenario, round 2: every scenario, …) beside a static file of the
// same build served by the same asset server, so each page is compared with the physical limit of
// this machine at the same moment: the machine is shared and its speed moves by tens of percent
// between runs (docs/benchmarks.md).
import autocannon from "autocannon";
import { median } from "./stats.mjs";

// Used as they are by the developer API scenario (api-latency.mjs).
export const THROUGHPUT_SECONDS = 10;
export const THROUGHPUT_CONNECTIONS = 10;
// The page scenarios: rounds × seconds per scenario, at the concurrency of issue 21's measurement.
export const PAGE_ROUNDS = Math.max(1, Number(process.env.THROUGHPUT_ROUNDS ?? 5));
export const PAGE_ROUND_SECONDS = 3;
export const PAGE_CONNECTIONS = 16;

export function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: THROUGHPUT_SECONDS, connections: THROUGHPUT_CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/** The reference: the build's stylesheet, the largest static file every page links (~80 KB, the landing page is ~66 KB). */
async function staticReferencePath(baseUrl) {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const path = html.match(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/)?.[1];
  if (!path) throw new Error("The landing page links no stylesheet under /assets/");
  return path;
}

export async function measureThroughput(baseUrl) {
  const form = new URLSearchParams({
    text: "In today's fast-paced world, it is important to note that artificial intelligence plays a crucial role in transforming industries. Furthermore, businesses must leverage robust solutions.",
  }).toString();
  const reference = await staticReferencePath(baseUrl);
  const scenarios = [
    { key: "static", name: `static file ${reference.replace(/-[\w-]+\.css$/, "….css")} (reference)`, url: `${baseUrl}${reference}` },
    { key: "landing", name: "landing page / (prerendered)", url: `${baseUrl}/` },
    { key: "terms", name: "legal page /terms (prerendered)", url: `${baseUrl}/terms` },
    { key: "notFound", name: "404 page (Worker, kept per isolate)", url: `${baseUrl}/no-such-page`, expectedStatus: 404 },
    { key: "pricing", name: "/pricing (Worker, kept per isolate)", url: `${baseUrl}/pricing` },
    { key: "baseline", name: "baseline /healthz (Worker, no React)", url: `${baseUrl}/healthz` },
    { key: "tool", name: "tool page /ai-detector (Worker renders)", url: `${baseUrl}/ai-detector` },
    {
      key: "toolPost",
      name: "tool POST /ai-detector (offline engine)",
      url: `${baseUrl}/ai-detector`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: form,
    },
  ];
  const samples = new Map(scenarios.map((scenario) => [scenario.key, []]));
  for (let round = 0; round < PAGE_ROUNDS; round += 1) {
    for (const { key, name: _name, expectedStatus, ...options } of scenarios) {
      const result = await runAutocannon({ ...options, duration: PAGE_ROUND_SECONDS, connections: PAGE_CONNECTIONS });
      const expected = expectedStatus ? (result.statusCodeStats?.[expectedStatus]?.count ?? 0) : 0;
      samples.get(key).push({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        errors: result.errors + result.timeouts,
        unexpectedStatus: result["4xx"] + result["5xx"] - expected,
      });
    }
  }
  const results = scenarios.map(({ key, name }) => {
    const runs = samples.get(key);
    const of = (field) => median(runs.map((run) => run[field]));
    return {
      key,
      name,
      requestsPerSecond: Math.round(of("requestsPerSecond")),
      p50Ms: of("p50Ms"),
      p99Ms: of("p99Ms"),
      requests: runs.reduce((sum, run) => sum + run.requests, 0),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      non2xx3xx: runs.reduce((sum, run) => sum + run.unexpectedStatus, 0),
      requestsPerSecondRuns: runs.map((run) => Math.round(run.requestsPerSecond)),
    };
  });
  // Each round's page and reference ran seconds apart: the median of the per-round ratios cancels
  // most of the machine's drift.
  const ratio = (key, field) =>
    Number(median(samples.get(key).map((run, round) => run[field] / samples.get("static")[round][field])).toFixed(3));
  const rps = (key) => results.find((result) => result.key === key).requestsPerSecond;
  return {
    reference,
    rounds: PAGE_ROUNDS,
    secondsPerRound: PAGE_ROUND_SECONDS,
    connections: PAGE_CONNECTIONS,
    scenarios: results,
    landingToStaticRatio: ratio("landing", "requestsPerSecond"),
    landingP50ToStaticRatio: ratio("landing", "p50Ms"),
    termsToStaticRatio: ratio("terms", "requestsPerSecond"),
    termsP50ToStaticRatio: ratio("terms", "p50Ms"),
    landingToBaselineRatio: Number((rps("landing") / rps("baseline")).toFixed(3)),
  };
}
