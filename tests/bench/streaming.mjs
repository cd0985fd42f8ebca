// Chat streaming: how long after the provider writes its first token does the client get its first
// byte. The fake OpenAI runs in this process (same clock as the client) and sends 10 pieces 50 ms
// apart; the built Worker on local workerd relays them from /api/chat. Median of `runs`.
import { startServerWithFakeOpenAI } from "./server.mjs";
import { median, now } from "./stats.mjs";

const pieces = Array.from({ length: 10 }, (_, i) => `token${i} `);
const CHUNK_DELAY_MS = 50;

export async function measureStreaming({ buildDir, runs = 20, port = 8795 }) {
  const { fake, server, stop } = await startServerWithFakeOpenAI({ buildDir, port, state: "bench-streaming" });
  const rows = [];
  try {
    for (let run = -2; run < runs; run += 1) {
      await fetch(`${fake.url}/__fake/reset`, { method: "POST" });
      await fetch(`${fake.url}/__fake/next`, { method: "POST", body: JSON.stringify([{ chunks: pieces, chunkDelayMs: CHUNK_DELAY_MS }]) });
      const sent = now();
      const response = await fetch(`${server.url}/api/chat`, {
        method: "POST",
        headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
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
        complete: complete - sent,
        providerFinished: upstream.finishedAt - sent,
      });
    }
  } finally {
    await stop();
  }
  const m = (key) => Number(median(rows.map((row) => row[key])).toFixed(1));
  return {
    runs: rows.length,
    providerFirstTokenMs: m("providerFirstToken"),
    clientFirstByteMs: m("clientTtfb"),
    extraFirstByteMs: m("relay"),
    providerFinishedMs: m("providerFinished"),
    clientCompleteMs: m("complete"),
  };
}
