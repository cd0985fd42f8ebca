// The developer API's detector beside the detector form's action, on the same server in the same
// run: one Startup subscriber (bench-load's), its session cookie for the form and an API key made
// on its dashboard for the API, each endpoint under autocannon for THROUGHPUT_SECONDS.
import { benchSubscriber } from "./load.mjs";
import { runAutocannon, THROUGHPUT_CONNECTIONS, THROUGHPUT_SECONDS } from "./throughput.mjs";

const TEXT =
  "In today's fast-paced world, it is important to note that artificial intelligence plays a crucial role in transforming industries. Furthermore, businesses must leverage robust solutions.";

async function createApiKey(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}/dashboard`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, cookie },
    body: new URLSearchParams({ intent: "create-key", name: `bench ${new Date().toISOString()}` }),
  });
  const secret = (await response.text()).match(/value="(cf_live_[\w-]+)"/)?.[1];
  if (response.status !== 200 || !secret) throw new Error(`creating an API key failed: ${response.status}`);
  return secret;
}

export async function measureApiLatency(baseUrl) {
  const cookie = await benchSubscriber(baseUrl);
  const key = await createApiKey(baseUrl, cookie);
  const scenarios = [
    {
      name: "form action POST /ai-detector",
      url: `${baseUrl}/ai-detector`,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, cookie },
      body: new URLSearchParams({ text: TEXT }).toString(),
    },
    {
      name: "API POST /api/v1/detect",
      url: `${baseUrl}/api/v1/detect`,
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
      body: JSON.stringify({ text: TEXT }),
    },
  ];
  const results = [];
  for (const { name, ...options } of scenarios) {
    const result = await runAutocannon(options);
    results.push({
      name,
      requestsPerSecond: Math.round(result.requests.average),
      medianMs: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    });
  }
  return { seconds: THROUGHPUT_SECONDS, connections: THROUGHPUT_CONNECTIONS, scenarios: results };
}
