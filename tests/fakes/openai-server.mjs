// A fake OpenAI API on 127.0.0.1 speaking the real wire format (JSON bodies, error envelopes,
// x-request-id), for integration tests and for trying the OpenAI engine without a key.
//
//   node tests/fakes/openai-server.mjs [port]      then OPENAI_BASE_URL=http://127.0.0.1:<port>/v1
//
// Control endpoints (tests only): POST /__fake/next queues the next answers, GET /__fake/requests
// lists what the fake received, POST /__fake/reset clears both.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

/** @typedef {{ status?: number, content?: string | null, body?: unknown, raw?: string, delayMs?: number, hang?: boolean }} Scripted */

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
    received.push({ method: request.method ?? "GET", path: url.pathname, headers: request.headers, body });
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
      return json(response, 200, scripted.body ?? chatCompletion(body?.model, content, counter), { "x-request-id": requestId });
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
