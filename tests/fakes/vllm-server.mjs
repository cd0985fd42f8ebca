// A fake vLLM OpenAI-compatible server on 127.0.0.1: POST /v1/completions with `prompt_logprobs`,
// the request the language-model scorer makes (app/server/detector/lm-scorer.server.ts). Its wire
// format follows vLLM's source as read on 2026-11-29 (vllm/entrypoints/openai/completion/protocol.py,
// serve/engine/protocol.py): errors as `{ error: { message, type, param, code } }`; an unknown model
// is 404 NotFoundError; `prompt_logprobs` that is not an integer, negative but not -1, asked with
// `stream: true`, or over --max-logprobs (default 20; -1 means the whole vocabulary) is 400
// BadRequestError; unknown request fields are ignored, as vLLM ignores them; with --api-key a
// request without the key is 401 `{ "error": "Unauthorized" }`.
//
//   node tests/fakes/vllm-server.mjs [port]   then DETECTOR_SCORER_URL=http://127.0.0.1:<port>/v1
//
// The log-probabilities are derived from the text: its tokens are words, digits and marks (ids by
// hash); at each position both models spread their mass over a predicted token and 30 alternatives
// (same ids for both models, the observer a little surer than the performer), and the prompt token
// is the predicted one at a share `predictable` of the positions (0.5 unless scripted), else one of
// the alternatives. The higher that share, the lower the Binoculars score.
//
// Control endpoints (tests only): POST /__fake/next queues answers for the next completions
// requests (`{ predictable?, status?, body?, delayMs?, hang? }`, one per request), GET
// /__fake/requests lists what the fake received, POST /__fake/reset clears both.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";

const FALCON_VOCABULARY = 65_024;
const ALTERNATIVES = 30;
const SURENESS = { observer: 0.6, performer: 0.55 };

/**
 * @typedef {{ predictable?: number, status?: number, body?: unknown, delayMs?: number, hang?: boolean }} Scripted
 * @param {{ port?: number, models?: string[], maxLogprobs?: number, apiKey?: string }} [options]
 */
export async function startFakeVllm({
  port = 0,
  models = ["tiiuae/falcon-7b", "tiiuae/falcon-7b-instruct"],
  maxLogprobs = 20,
  apiKey,
} = {}) {
  /** @type {Scripted[]} */
  let queue = [];
  /** @type {object[]} */
  let received = [];
  let counter = 0;

  const server = createServer(async (request, response) => {
    const text = Buffer.concat(await Array.fromAsync(request)).toString("utf8");
    const url = new URL(request.url ?? "/", "http://fake");
    const control = {
      "/__fake/next": () => ({ queued: queue.push(...[JSON.parse(text || "[]")].flat()) }),
      "/__fake/requests": () => received,
      "/__fake/reset": () => ((queue = []), (received = []), { ok: true }),
    };
    if (Object.hasOwn(control, url.pathname)) return json(response, 200, control[url.pathname]());

    if (url.pathname !== "/v1/completions" || request.method !== "POST") return json(response, 404, { detail: "Not Found" });
    if (apiKey && request.headers.authorization !== `Bearer ${apiKey}`) return json(response, 401, { error: "Unauthorized" });
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      return json(response, 400, error("BadRequestError", 400, "Invalid JSON in the request body."));
    }
    received.push({ path: url.pathname, headers: request.headers, body });

    const scripted = queue.shift() ?? {};
    if (scripted.hang) return; // never answers: the client's timeout must fire
    if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
    if (scripted.status && scripted.status >= 400)
      return json(response, scripted.status, scripted.body ?? error("InternalServerError", scripted.status, "Scripted failure."));

    const refused = refusal(body, models, maxLogprobs);
    if (refused) return json(response, refused.error.code, refused);
    const tokens = truncate(tokenize(body.prompt), body.truncate_prompt_tokens, body.truncation_side);
    const role = body.model === models[0] ? "observer" : "performer";
    const topK = body.prompt_logprobs ?? null;
    const next = alternativesAt(tokens.at(-1) ?? "", 0)[0];
    return json(response, 200, {
      id: `cmpl-fake-${++counter}`,
      object: "text_completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          text: ` ${next.token.trim()}`,
          logprobs: null,
          finish_reason: "length",
          stop_reason: null,
          token_ids: body.return_token_ids ? [next.id] : null,
          prompt_logprobs: topK === null ? null : promptLogprobs(tokens, role, topK, scripted.predictable ?? 0.5),
          prompt_token_ids: body.return_token_ids ? tokens.map(tokenId) : null,
        },
      ],
      usage: { prompt_tokens: tokens.length, total_tokens: tokens.length + 1, completion_tokens: 1, prompt_tokens_details: null },
    });
  });

  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const close = () => new Promise((done) => (server.close(() => done(undefined)), server.closeIdleConnections()));
  return { url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`, close };
}

/** vLLM's validation of what the scorer sends, in its order and words; null when the request is accepted. */
function refusal(body, models, maxLogprobs) {
  if (body === null || typeof body !== "object" || Array.isArray(body))
    return error("BadRequestError", 400, "Input should be a valid dictionary or object to extract fields from");
  const logprobs = body.prompt_logprobs;
  if (logprobs !== undefined && logprobs !== null) {
    if (typeof logprobs !== "number") return error("BadRequestError", 400, "`prompt_logprobs` must be an integer.", "prompt_logprobs");
    if (body.stream && (logprobs > 0 || logprobs === -1))
      return error("BadRequestError", 400, "`prompt_logprobs` are not available when `stream=True`.", "prompt_logprobs");
    if (logprobs < 0 && logprobs !== -1)
      return error("BadRequestError", 400, "`prompt_logprobs` must be a positive value or -1.", "prompt_logprobs");
  }
  if (typeof body.prompt !== "string" || body.prompt === "")
    return error("BadRequestError", 400, "Either prompt or prompt_embeds must be provided and non-empty.", "prompt");
  if (!models.includes(body.model)) return error("NotFoundError", 404, `The model \`${body.model}\` does not exist.`, "model");
  const asked = logprobs === -1 ? FALCON_VOCABULARY : logprobs;
  if (typeof asked === "number" && asked > maxLogprobs)
    return error(
      "BadRequestError",
      400,
      `Requested prompt logprobs of ${asked}, which is greater than max allowed: ${maxLogprobs}`,
      "prompt_logprobs",
    );
  return null;
}

const error = (type, code, message, param = null) => ({ error: { message, type, param, code } });

/** Words with their leading space, digits and marks: a stand-in for a BPE tokenizer, the same for both models. */
function tokenize(prompt) {
  return prompt.match(/\s*[A-Za-z']+|\s*\d|\s*[^\sA-Za-z\d]/g) ?? [];
}

/** vLLM's truncate_prompt_tokens: 'right' keeps the first N tokens, 'left' (the default) the last N. */
function truncate(tokens, limit, side) {
  if (typeof limit !== "number" || limit < 0 || tokens.length <= limit) return tokens;
  return side === "right" ? tokens.slice(0, limit) : tokens.slice(tokens.length - limit);
}

function hash(text) {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return value;
}

const tokenId = (token) => 100 + (hash(token) % (FALCON_VOCABULARY - 100));

/** The candidates after a context: a predicted token, then ALTERNATIVES others, as { id, token }. */
function alternativesAt(previous, index) {
  const candidates = [];
  const seen = new Set();
  for (let rank = 0; candidates.length <= ALTERNATIVES; rank++) {
    const token = ` w${hash(`${previous}|${index}|${rank}`).toString(36)}`;
    const id = tokenId(token);
    if (seen.has(id)) continue;
    candidates.push({ id, token });
    seen.add(id);
  }
  return candidates;
}

/** Position i is predictable when the golden-ratio sequence falls under the share: exact shares, no clumps. */
const isPredictable = (index, share) => ((index + 1) * 0.6180339887498949) % 1 < share;

function promptLogprobs(tokens, role, topK, share) {
  const sure = SURENESS[role];
  return tokens.map((token, index) => {
    if (index === 0) return null;
    const actualId = tokenId(token);
    const candidates = alternativesAt(tokens[index - 1], index).filter((candidate) => candidate.id !== actualId);
    // The prompt token takes the predicted place, or an alternative's place chosen by hash.
    const ranked = candidates.slice(0, ALTERNATIVES + 1);
    if (isPredictable(index, share)) ranked.splice(0, 1, { id: actualId, token });
    else ranked.splice(1 + (hash(`${token}|${index}`) % ALTERNATIVES), 1, { id: actualId, token });
    const weights = ranked.slice(1).map((_, position) => 1 - position / 100);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    // The alternatives share 0.3; what is left (0.1 or 0.15) lies outside every list.
    const probabilities = [sure, ...weights.map((weight) => (0.3 * weight) / total)];
    const entries = {};
    const limit = topK === -1 ? ranked.length : topK;
    ranked.forEach((candidate, position) => {
      if (position < limit || candidate.id === actualId)
        entries[String(candidate.id)] = { logprob: Math.log(probabilities[position]), rank: position + 1, decoded_token: candidate.token };
    });
    return entries;
  });
}

function json(response, status, body) {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startFakeVllm({ port: Number(process.argv[2] ?? 12120) });
  console.log(`Fake vLLM listening on ${url} — set DETECTOR_SCORER_URL=${url}/v1`);
}
