// A fake OpenAI API on 127.0.0.1 speaking the real wire format (JSON bodies, error envelopes,
// x-request-id), for integration tests and for trying the OpenAI engine without a key.
//
//   node tests/fakes/openai-server.mjs [port]      then OPENAI_BASE_URL=http://127.0.0.1:<port>/v1
//
// Control endpoints (tests only): POST /__fake/next queues the next answers, GET /__fake/requests
// lists what the fake received, POST /__fake/reset clears both.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { deflateSync } from "node:zlib";

/** @typedef {{ status?: number, content?: string | null, body?: unknown, raw?: string, delayMs?: number, hang?: boolean } & StreamScript} Scripted */
/**
 * For `stream: true` chat requests: the pieces to send (default: the reply split into words), the
 * pause between pieces, and `cutAfter` to drop the connection after that many pieces (no [DONE]).
 * @typedef {{ chunks?: string[], chunkDelayMs?: number, cutAfter?: number }} StreamScript
 */

export function startFakeOpenAI(port = 0) {
  /** @type {Scripted[]} */
  let queue = [];
  /** @type {{ method: string, path: string, headers: Record<string, unknown>, body: unknown }[]} */
  let received = [];
  let counter = 0;

  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://fake");

    if (url.pathname === "/__fake/next") {
      const items = JSON.parse(text || "[]");
      queue.push(...(Array.isArray(items) ? items : [items]));
      return json(response, 200, { queued: queue.length });
    }
    if (url.pathname === "/__fake/requests") return json(response, 200, received);
    if (url.pathname === "/__fake/reset") {
      queue = [];
      received = [];
      return json(response, 200, { ok: true });
    }

    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    // Times (ms since the epoch, sub-millisecond) for streamed answers: when the request came in,
    // the first piece went out and the stream ended (tests/bench/chat-ttfb.mjs).
    /** @type {{ method: string, path: string, headers: Record<string, unknown>, body: any, receivedAt: number, firstChunkAt?: number, finishedAt?: number }} */
    const entry = { method: request.method ?? "GET", path: url.pathname, headers: request.headers, body, receivedAt: now() };
    received.push(entry);
    const requestId = `req_fake_${++counter}`;

    const scripted = queue.shift() ?? {};
    if (scripted.hang) return; // never answers: the client's timeout must fire
    if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
    if (scripted.raw !== undefined) {
      response.writeHead(scripted.status ?? 200, { "content-type": "application/json", "x-request-id": requestId });
      return response.end(scripted.raw);
    }
    const status = scripted.status ?? 200;
    if (status >= 400) {
      return json(response, status, scripted.body ?? errorBody(status), { "x-request-id": requestId });
    }
    if (url.pathname.endsWith("/chat/completions")) {
      const content = scripted.content === undefined ? defaultReply(body) : scripted.content;
      if (body?.stream) return streamCompletion(response, entry, scripted, content, requestId, counter);
      return json(response, 200, scripted.body ?? chatCompletion(body?.model, content, counter), { "x-request-id": requestId });
    }
    if (url.pathname.endsWith("/audio/speech")) {
      const format = body?.response_format ?? "mp3";
      const audio = format === "wav" ? wavTone(String(body?.input ?? "")) : silentMp3(String(body?.input ?? ""));
      response.writeHead(200, { "content-type": format === "wav" ? "audio/wav" : "audio/mpeg", "x-request-id": requestId });
      return response.end(audio);
    }
    if (url.pathname.endsWith("/images/generations")) {
      return json(response, 200, scripted.body ?? imageGeneration(body), { "x-request-id": requestId });
    }
    return json(response, 404, errorBody(404), { "x-request-id": requestId });
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actualPort}`,
        close: () => new Promise((done) => server.close(() => done(undefined))),
      });
    });
  });
}

/** Server-sent events as the real API streams them: chat.completion.chunk lines, then [DONE]. */
async function streamCompletion(response, entry, scripted, content, requestId, n) {
  const pieces = scripted.chunks ?? (content ? content.match(/\S+\s*/g) ?? [] : []);
  const model = entry.body?.model ?? "gpt-3.5-turbo";
  const chunk = (delta, finish = null) => ({
    id: `chatcmpl-fake${n}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  // Resolves once the bytes are handed to the socket, so a cut really comes after them.
  const send = (data) => new Promise((resolve) => response.write(`data: ${JSON.stringify(data)}\n\n`, () => resolve(undefined)));
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", "x-request-id": requestId });
  await send(chunk({ role: "assistant", content: "" }));
  for (const [index, piece] of pieces.entries()) {
    if (index > 0 && scripted.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, scripted.chunkDelayMs));
    if (response.destroyed) return; // the client went away
    if (scripted.cutAfter !== undefined && index >= scripted.cutAfter) return void response.destroy();
    await send(chunk({ content: piece }));
    entry.firstChunkAt ??= now();
  }
  await send(chunk({}, "stop"));
  response.end("data: [DONE]\n\n");
  entry.finishedAt = now();
}

/** A real (tiny) WAV: a quiet 440 Hz tone, 24 kHz 16-bit mono, 20 ms per character of input. */
export function wavTone(input) {
  const sampleRate = 24000;
  const samples = Math.max(2400, Math.min(input.length, 500) * 480);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write("RIFF", 0, "ascii");
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write("WAVEfmt ", 8, "ascii");
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write("data", 36, "ascii");
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 3000), 44 + i * 2);
  return wav;
}

/** A real MP3 of silence: MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono), ~26 ms each. */
export function silentMp3(input) {
  const frames = Math.max(10, Math.min(input.length, 500));
  const frameLength = 417; // 144 * 128000 / 44100, no padding
  const mp3 = Buffer.alloc(frames * frameLength);
  for (let i = 0; i < frames; i += 1) mp3.set([0xff, 0xfb, 0x90, 0xc4], i * frameLength);
  return mp3;
}

const pngCache = new Map();
/** A real PNG of the requested size (a two-colour gradient), as DALL·E would answer. */
export function pngOfSize(width, height) {
  const key = `${width}x${height}`;
  if (pngCache.has(key)) return pngCache.get(key);
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    const shade = Math.round((y / height) * 255);
    for (let x = 0; x < width; x += 1) raw.set([shade, 64, 255 - shade], y * row + 1 + x * 3);
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
  pngCache.set(key, png);
  return png;
}

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function imageGeneration(body) {
  const [width, height] = String(body?.size ?? "1024x1024").split("x").map(Number);
  return {
    created: Math.floor(Date.now() / 1000),
    data: [{ b64_json: pngOfSize(width || 1024, height || 1024).toString("base64"), revised_prompt: body?.prompt ?? "" }],
  };
}

const now = () => performance.timeOrigin + performance.now();

function json(response, status, body, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

function chatCompletion(model, content, n) {
  return {
    id: `chatcmpl-fake${n}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: model ?? "gpt-3.5-turbo",
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function defaultReply(body) {
  const system = body?.messages?.find((message) => message.role === "system")?.content ?? "";
  if (/AI Probability/.test(system)) return "AI Probability: 42%\nAnalysis: The fake provider found mixed signals.";
  const user = body?.messages?.filter((message) => message.role === "user").at(-1)?.content ?? "";
  return `Fake provider reply to: ${String(user).slice(0, 60)}`;
}

const errorTypes = {
  400: ["invalid_request_error", "Bad request"],
  401: ["invalid_request_error", "Incorrect API key provided: sk-test*****************1234. You can find your API key at https://platform.openai.com/account/api-keys."],
  403: ["permission_error", "Permission denied"],
  404: ["invalid_request_error", "Not found"],
  429: ["rate_limit_error", "Rate limit reached for requests"],
  500: ["server_error", "The server had an error while processing your request."],
};

function errorBody(status) {
  const [type, message] = errorTypes[status] ?? ["server_error", `Error ${status}`];
  return { error: { message, type, param: null, code: status === 401 ? "invalid_api_key" : null } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startFakeOpenAI(Number(process.argv[2] ?? 12110));
  console.log(`Fake OpenAI listening on ${url} — set OPENAI_BASE_URL=${url}/v1`);
}
