// Server throughput on local workerd with autocannon: fixed duration, fixed concurrency, per scenario.
import autocannon from "autocannon";

export const THROUGHPUT_SECONDS = 10;
export const THROUGHPUT_CONNECTIONS = 10;

export function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ duration: THROUGHPUT_SECONDS, connections: THROUGHPUT_CONNECTIONS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

export async function measureThroughput(baseUrl) {
  const form = new URLSearchParams({
    text: "In today's fast-paced world, it is important to note that artificial intelligence plays a crucial role in transforming industries. Furthermore, businesses must leverage robust solutions.",
  }).toString();
  const scenarios = [
    { name: "baseline /healthz (no React)", url: `${baseUrl}/healthz` },
    { name: "landing page /", url: `${baseUrl}/` },
    { name: "legal page /terms", url: `${baseUrl}/terms` },
    {
      name: "tool POST /ai-detector (offline engine)",
      url: `${baseUrl}/ai-detector`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      body: form,
    },
  ];
  const results = [];
  for (const scenario of scenarios) {
    const { name, ...options } = scenario;
    const result = await runAutocannon(options);
    results.push({
      name,
      requestsPerSecond: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx3xx: result["4xx"] + result["5xx"],
    });
  }
  const rps = (prefix) => results.find((r) => r.name.startsWith(prefix))?.requestsPerSecond ?? 0;
  return { scenarios: results, landingToBaselineRatio: Number((rps("landing") / rps("baseline")).toFixed(3)) };
}
