// Chat streaming: how long after the provider writes its first token does the client get its first
// byte. The fake OpenAI runs in this process (same clock as the client) and sends 10 pieces 50 ms
// apart; the built Worker on local workerd relays them from /api/chat. Median of `runs`.
// Resuming (decision 072): a second run per round cuts the stream after its first piece, as a lost
// connection does, and follows the conversation's turn again (GET /api/chat?conversation&after):
// the time from asking to the first new event.
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
      const resume = await measureResume(fake.url, server.url, run);
      if (run < 0) continue; // warm-up: the first requests compile the Worker's modules
      rows.push({
        resumeFirstEvent: resume.firstEvent,
        resumeWhole: resume.whole ? 1 : 0,
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
    resumeFirstEventMs: m("resumeFirstEvent"),
    resumeMaxFirstEventMs: Number(Math.max(...rows.map((row) => row.resumeFirstEvent)).toFixed(1)),
    resumedWhole: rows.filter((row) => row.resumeWhole).length,
  };
}

/** One reply cut after its first piece and followed again: time to the first new event, and whether the text came whole and once. */
async function measureResume(fakeUrl, serverUrl, run) {
  await fetch(`${fakeUrl}/__fake/next`, { method: "POST", body: JSON.stringify([{ chunks: pieces, chunkDelayMs: CHUNK_DELAY_MS }]) });
  const conversation = `bench-resume-${run + 10}-${Date.now()}`;
  const response = await fetch(`${serverUrl}/api/chat`, {
    method: "POST",
    headers: { origin: serverUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ message: `Resume ${run}`, assistant: "general", tone: "professional", history: "[]", conversation }),
  });
  const cookie =
    response.headers
      .getSetCookie()
      .find((value) => value.startsWith("__Host-chat-files="))
      ?.split(";")[0] ?? "";
  const reader = response.body.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  const had = replyText(first);
  const asked = now();
  const resumed = await fetch(`${serverUrl}/api/chat?conversation=${conversation}&after=${had.length}`, { headers: { cookie } });
  const body = resumed.body.getReader();
  let text = new TextDecoder().decode((await body.read()).value);
  const firstEvent = now() - asked;
  for (let chunk = await body.read(); !chunk.done; chunk = await body.read()) text += new TextDecoder().decode(chunk.value);
  const rest = replyText(text);
  return { firstEvent, whole: had + rest === pieces.join("") };
}

/** The reply's text in NDJSON lines: their tokens joined. */
const replyText = (ndjson) =>
  ndjson
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line))
    .filter((event) => event.type === "token")
    .map((event) => event.text)
    .join("");
