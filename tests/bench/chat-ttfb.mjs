// Chat streaming latency on local workerd: how long after the provider writes its first token does
// the browser-side client get its first byte, and how long the whole reply takes by comparison.
//
//   npm run build && node tests/bench/chat-ttfb.mjs [runs=20] [port=8795]
//   (BUILD_DIR=.wrangler/builds/bench node tests/bench/chat-ttfb.mjs serves another build folder)
//
// Starts the fake OpenAI server in this process (same clock as the client), serves the built Worker
// with `wrangler dev` pointed at it, posts the chat form `runs` times and prints medians.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { startFakeOpenAI } from "../fakes/openai-server.mjs";

const runs = Number(process.argv[2] ?? 20);
const port = Number(process.argv[3] ?? 8795);
const base = `http://127.0.0.1:${port}`;
const pieces = Array.from({ length: 10 }, (_, i) => `token${i} `);
const chunkDelayMs = 50;
const now = () => performance.timeOrigin + performance.now();

const answering = await fetch(`${base}/healthz`).then(() => true, () => false);
if (answering) throw new Error(`port ${port} is already in use`);
const fake = await startFakeOpenAI();
const config = `${process.env.BUILD_DIR ?? "build"}/server/wrangler.json`;
if (!existsSync(config)) throw new Error(`${config} is missing: build first`);
const wrangler = spawn(
  "npx",
  [
    "wrangler", "dev", "-c", config, "--port", String(port), "--ip", "127.0.0.1",
    "--persist-to", `.wrangler/bench-${port}`,
    "--var", "OPENAI_API_KEY:sk-bench-000000000000", "--var", `OPENAI_BASE_URL:${fake.url}/v1`,
    "--var", "DEMO_LIMIT_PER_MINUTE:0", "--var", "DEMO_LIMIT_PER_DAY:0",
  ],
  {
    stdio: "ignore",
    detached: true,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
  },
);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

try {
  for (let tries = 0; ; tries += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (tries > 120 || wrangler.exitCode !== null) throw new Error("wrangler dev did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const rows = [];
  for (let run = -2; run < runs; run += 1) {
    await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
    await fetch(`${fake.url}/__fake/next`, { method: "POST", body: JSON.stringify([{ chunks: pieces, chunkDelayMs }]) });
    const sent = now();
    const response = await fetch(`${base}/api/chat`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ message: `Bench ${run}`, assistant: "general", tone: "professional", history: "[]" }),
    });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    const reader = response.body.getReader();
    await reader.read();
    const firstByte = now();
    while (!(await reader.read()).done);
    const complete = now();
    const [upstream] = (await (await fetch(`${fake.url}/__fake/requests`)).json()).filter((r) => r.body?.stream);
    if (run < 0) continue; // warm-up: the first requests compile the Worker's modules
    rows.push({
      clientTtfb: firstByte - sent,
      providerFirstToken: upstream.firstChunkAt - sent,
      relay: firstByte - upstream.firstChunkAt,
      inbound: upstream.receivedAt - sent,
      complete: complete - sent,
      providerFinished: upstream.finishedAt - sent,
    });
  }

  const line = (label, key) => console.log(`${label.padEnd(58)} ${median(rows.map((row) => row[key])).toFixed(1)} ms`);
  console.log(`chat streaming on local workerd (wrangler dev), median of ${rows.length}; provider sends ${pieces.length} pieces ${chunkDelayMs} ms apart`);
  line("client sends → provider receives the request", "inbound");
  line("client sends → provider writes its first token", "providerFirstToken");
  line("client sends → client reads its first byte (TTFB)", "clientTtfb");
  line("provider's first token → client's first byte (relay)", "relay");
  line("client sends → provider finishes", "providerFinished");
  line("client sends → client has the whole reply", "complete");
  console.log(`relay min/max: ${Math.min(...rows.map((r) => r.relay)).toFixed(1)} / ${Math.max(...rows.map((r) => r.relay)).toFixed(1)} ms`);
} finally {
  if (wrangler.exitCode === null) {
    const exited = new Promise((resolve) => wrangler.once("exit", resolve));
    process.kill(-wrangler.pid, "SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
}
process.exit(0); // the fake keeps wrangler's keep-alive connections open
