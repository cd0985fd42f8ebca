// A fake OpenAI API on 127.0.0.1 speaking the real wire format (JSON bodies, error envelopes,
// x-request-id), for integration tests and for trying the OpenAI engine without a key. It refuses
// what OpenAI refuses today (2026-11-24): shut-down and unknown models, a model on the wrong
// endpoint, parameters a model does not take. The models and their dates are in openai-catalog.mjs,
// the Realtime WebSocket in openai-realtime.mjs, the Responses API (the chat) in openai-responses.mjs.
//
//   node tests/fakes/openai-server.mjs [port]      then OPENAI_BASE_URL=http://127.0.0.1:<port>/v1
//
// Control endpoints (tests only): POST /__fake/next queues the next answers, GET /__fake/requests
// lists what the fake received, POST /__fake/models adds or overrides catalog models
// (`{ id, shutdown_date, kind? }`), POST /__fake/reset clears the queue and the list and restores
// the catalog and forgets the uploaded files. Every request to a generation endpoint (chat, images,
// speech, a Realtime connection) and every upload (POST /v1/files) takes the next queued answer;
// GET /v1/models…, GET and DELETE /v1/files/{id} and requests without a key take none.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { deflateSync } from "node:zlib";
import {
  apiError,
  changeCatalog,
  checkAuthorization,
  defaultCatalog,
  invalidValue,
  liveModel,
  modelNotFound,
  modelObject,
  scriptedErrorBody,
} from "./openai-catalog.mjs";
import { readImageEdit } from "./openai-image-edits.mjs";
import { attachRealtime } from "./openai-realtime.mjs";
import { checkResponses, responsesJson, streamResponses } from "./openai-responses.mjs";
import { fileById, fileStore, filesOf, uploadFile } from "./openai-files.mjs";

/**
 * One queued answer. `status` (>= 400) fails the request with OpenAI's error body (or `body`); `raw`
 * sends that text as is; `delayMs` waits first; `hang` never answers; `content` replaces the chat
 * reply; `body` replaces the whole JSON answer. `forText`: only a request whose body contains this
 * text takes the answer (suites that share one fake, like the e2e servers', script their own).
 * @typedef {{ status?: number, content?: string | null, body?: unknown, raw?: string, delayMs?: number, hang?: boolean, forText?: string, realtime?: RealtimeScript } & StreamScript} Scripted
 */
/**
 * For `stream: true` chat requests: the pieces to send (default: the reply split into words), the
 * pause between pieces, and `cutAfter` to drop the connection after that many pieces (no [DONE]).
 * `/v1/responses` takes more (incomplete, error and failure endings, citations): ResponsesScript in openai-responses.mjs.
 * @typedef {{ chunks?: string[], chunkDelayMs?: number, cutAfter?: number } & import("./openai-responses.mjs").ResponsesScript} StreamScript
 */
/**
 * For a Realtime connection (`status` 401/404/429/500 refuses the upgrade instead):
 * `closeAfterDeltas` closes the socket (1011) after that many audio deltas; `errorEvent`
 * (`{ type, code, message }`) is sent instead of each response; `failResponse` ends each response
 * `failed`; `hang` never answers response.create; `transcript` is said instead of the user's text;
 * `deltaDelayMs` pauses between audio deltas.
 * @typedef {{ closeAfterDeltas?: number, errorEvent?: { type?: string, code?: string, message: string }, failResponse?: boolean, hang?: boolean, transcript?: string, deltaDelayMs?: number }} RealtimeScript
 */

/**
 * `imageCredentials`: signs each image the fake answers with (tests/fakes/provider-credentials.mjs),
 * as real image models embed their C2PA manifest; without it images carry none.
 * @param {number} [port]
 * @param {{ imageCredentials?: (png: Buffer) => Promise<Buffer> }} [options]
 */
export function startFakeOpenAI(port = 0, { imageCredentials } = {}) {
  /** @type {Scripted[]} */
  let queue = [];
  /** @type {object[]} */
  let received = [];
  let catalog = defaultCatalog();
  let files = fileStore();
  let counter = 0;

  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const raw = Buffer.concat(chunks);
    const text = raw.toString("utf8");
    const multipart = /^multipart\/form-data/i.test(request.headers["content-type"] ?? "");
    const url = new URL(request.url ?? "/", "http://fake");

    if (url.pathname === "/__fake/next") {
      const items = JSON.parse(text || "[]");
      queue.push(...(Array.isArray(items) ? items : [items]));
      return json(response, 200, { queued: queue.length });
    }
    if (url.pathname === "/__fake/requests") return json(response, 200, received);
    if (url.pathname === "/__fake/models") {
      changeCatalog(catalog, JSON.parse(text || "[]"));
      return json(response, 200, [...catalog.values()].map(modelObject));
    }
    if (url.pathname === "/__fake/reset") {
      queue = [];
      received = [];
      catalog = defaultCatalog();
      files = fileStore();
      return json(response, 200, { ok: true });
    }

    let body = null;
    let parsed = true;
    try {
      body = multipart ? null : text ? JSON.parse(text) : null;
    } catch {
      body = text;
      parsed = false;
    }
    // Times (ms since the epoch, sub-millisecond) for streamed answers: when the request came in,
    // the first piece went out and the stream ended (tests/bench/chat-ttfb.mjs).
    /** @type {{ method: string, path: string, headers: Record<string, unknown>, body: any, receivedAt: number, firstChunkAt?: number, finishedAt?: number }} */
    const entry = { method: request.method ?? "GET", path: url.pathname, headers: request.headers, body, receivedAt: now() };
    received.push(entry);
    const requestId = `req_fake_${++counter}`;
    const send = (status, payload) => json(response, status, payload, { "x-request-id": requestId });
    const fail = ({ status, body: error }) => send(status, error);
    // The path after the base URL's /v1, whatever comes before it.
    const route = url.pathname.replace(/^.*?\/v1(?=\/)/, "");

    const denied = checkAuthorization(request.headers.authorization);
    if (denied) return fail(denied);
    const held = filesOf(files, request.headers.authorization);
    const models = /^\/models(?:\/(.+))?$/.exec(route);
    if (models && request.method === "GET") {
      if (!models[1])
        return send(200, { object: "list", data: [...catalog.values()].filter((model) => liveModel(catalog, model.id)).map(modelObject) });
      const id = decodeURIComponent(models[1]);
      const model = liveModel(catalog, id);
      return model ? send(200, modelObject(model)) : fail(modelNotFound(id));
    }
    const fileId = /^\/files\/([^/]+)$/.exec(route);
    if (fileId && (request.method === "GET" || request.method === "DELETE")) {
      const found = fileById(request.method, decodeURIComponent(fileId[1]), held);
      return send(found.status, found.body);
    }

    const taken = queue.findIndex((answer) => !answer.forText || text.includes(answer.forText));
    const scripted = taken < 0 ? {} : queue.splice(taken, 1)[0];
    if (scripted.hang) return; // never answers: the client's timeout must fire
    if (scripted.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
    if (scripted.raw !== undefined) {
      response.writeHead(scripted.status ?? 200, { "content-type": "application/json", "x-request-id": requestId });
      return response.end(scripted.raw);
    }
    const status = scripted.status ?? 200;
    if (status >= 400) return send(status, scripted.body ?? scriptedErrorBody(status));
    if (!parsed || (body !== null && typeof body !== "object") || Array.isArray(body)) return fail(unparsable());

    if (route === "/responses" && request.method === "POST") {
      const checked = checkResponses(body ?? {}, catalog, held);
      if ("status" in checked) return fail(checked);
      if (body.stream) return streamResponses(response, entry, scripted, checked, requestId, counter);
      return send(200, scripted.body ?? responsesJson(body, scripted, checked, counter));
    }
    if (route === "/files" && request.method === "POST") {
      if (!multipart)
        return fail(apiError(400, "Invalid Content-Type header (expected multipart/form-data).", { code: "invalid_content_type" }));
      const upload = await uploadFile(raw, request.headers["content-type"], held, counter);
      entry.body = upload.record;
      return upload.problem ? fail(upload.problem) : send(200, scripted.body ?? upload.file);
    }
    if (route === "/chat/completions" && request.method === "POST") {
      const checked = checkChat(body ?? {}, catalog);
      if ("status" in checked) return fail(checked);
      const answer = budgeted(scripted.content === undefined ? defaultReply(body) : scripted.content, checked, body);
      if (body.stream) return streamCompletion(response, entry, scripted, answer, requestId, counter);
      return send(200, scripted.body ?? chatCompletion(body.model, answer, counter));
    }
    if (route === "/audio/speech" && request.method === "POST") {
      const problem = checkSpeech(body ?? {}, catalog);
      if (problem) return fail(problem);
      const format = body.response_format ?? "mp3";
      const input = String(body.input);
      const audio = format === "wav" ? wavTone(input) : format === "pcm" ? wavTone(input).subarray(44) : silentMp3(input);
      response.writeHead(200, {
        "content-type": { wav: "audio/wav", pcm: "audio/pcm", mp3: "audio/mpeg" }[format],
        "x-request-id": requestId,
      });
      return response.end(audio);
    }
    if (route === "/images/edits" && request.method === "POST") {
      if (!multipart)
        return fail(apiError(400, "Invalid Content-Type header (expected multipart/form-data).", { code: "invalid_content_type" }));
      const edit = await readImageEdit(raw, request.headers["content-type"]);
      entry.body = edit.record ?? null;
      if (edit.problem) return fail(edit.problem);
      const checked = checkImage(edit.body, catalog);
      if ("status" in checked) return fail(checked);
      return send(200, scripted.body ?? (await imageGeneration(edit.body, checked, imageCredentials)));
    }
    if (route === "/images/generations" && request.method === "POST") {
      const checked = checkImage(body ?? {}, catalog);
      if ("status" in checked) return fail(checked);
      return send(200, scripted.body ?? (await imageGeneration(body, checked, imageCredentials)));
    }
    return fail(apiError(404, `Invalid URL (${request.method} ${url.pathname})`));
  });

  const realtime = attachRealtime(server, {
    catalog: () => catalog,
    takeScripted: () => queue.shift() ?? {},
    record: (entry) => received.push(entry),
  });

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      resolve({
        url: `http://127.0.0.1:${actualPort}`,
        close: () =>
          new Promise((done) => {
            realtime.close();
            server.close(() => done(undefined));
            server.closeIdleConnections();
          }),
      });
    });
  });
}

const unparsable = () =>
  apiError(
    400,
    "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
  );
const missing = (param) => apiError(400, `Missing required parameter: '${param}'.`, { param, code: "missing_required_parameter" });
const invalidType = (param, expected, value) =>
  apiError(
    400,
    `Invalid type for '${param}': expected ${expected}, but got ${Array.isArray(value) ? "an array" : `a ${typeof value}`} instead.`,
    {
      param,
      code: "invalid_type",
    },
  );

function outOfRange(param, value, min, max, kind = "integer") {
  if (value > max) {
    return apiError(400, `Invalid '${param}': ${kind} above maximum value. Expected a value <= ${max}, but got ${value} instead.`, {
      param,
      code: `${kind}_above_max_value`,
    });
  }
  if (value < min) {
    return apiError(400, `Invalid '${param}': ${kind} below minimum value. Expected a value >= ${min}, but got ${value} instead.`, {
      param,
      code: `${kind}_below_min_value`,
    });
  }
  return undefined;
}

// --- Chat Completions ---------------------------------------------------------------------------

/** The body parameters of ChatCompletionCreateParams in openai-node 6.49.0. */
const CHAT_PARAMETERS = `messages model audio frequency_penalty function_call functions logit_bias logprobs max_completion_tokens
  max_tokens metadata modalities moderation n parallel_tool_calls prediction presence_penalty prompt_cache_key
  prompt_cache_options prompt_cache_retention reasoning_effort response_format safety_identifier seed
  service_tier stop store stream stream_options temperature tool_choice tools top_logprobs top_p user verbosity
  web_search_options`.split(/\s+/);
const ROLES = ["system", "assistant", "user", "function", "tool", "developer"];
const EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh", "max"];
/** Reasoning tokens the fake spends before answering, by effort. */
const REASONING_TOKENS = { none: 0, minimal: 16, low: 32, medium: 64, high: 128, xhigh: 256, max: 512 };
const tokens = (text) => Math.ceil(String(text ?? "").length / 4);

/** The request's refusal as OpenAI words it, or what the answer needs (the effective effort). */
function checkChat(body, catalog) {
  const unknown = Object.keys(body).filter((key) => !CHAT_PARAMETERS.includes(key));
  if (unknown.length) return apiError(400, `Unrecognized request argument${unknown.length > 1 ? "s" : ""} supplied: ${unknown.join(", ")}`);
  if (!body.model) return apiError(400, "you must provide a model parameter");
  const model = liveModel(catalog, body.model);
  if (!model) return modelNotFound(body.model);
  if (model.kind !== "chat") {
    return apiError(
      404,
      "This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?",
      {
        param: "model",
      },
    );
  }

  const { messages } = body;
  if (messages === undefined) return missing("messages");
  if (!Array.isArray(messages)) return invalidType("messages", "an array", messages);
  if (!messages.length) {
    return apiError(400, "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", {
      param: "messages",
      code: "empty_array",
    });
  }
  for (const [index, message] of messages.entries()) {
    if (!message || typeof message !== "object" || Array.isArray(message)) return invalidType(`messages[${index}]`, "an object", message);
    if (!ROLES.includes(message.role)) {
      return message.role === undefined ? missing(`messages[${index}].role`) : invalidValue(`messages[${index}].role`, message.role, ROLES);
    }
    const content = message.content;
    const needsContent = ["system", "user", "developer"].includes(message.role);
    if ((needsContent || content != null) && typeof content !== "string" && !Array.isArray(content)) {
      return content === undefined
        ? missing(`messages[${index}].content`)
        : invalidType(`messages[${index}].content`, "one of a string or array of objects", content);
    }
  }

  if (!model.efforts) {
    // Models before reasoning know no reasoning_effort (a null is ignored).
    if (body.reasoning_effort != null) return apiError(400, "Unrecognized request argument supplied: reasoning_effort");
    return { effort: "none" };
  }
  if (body.max_tokens != null) {
    return apiError(400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", {
      param: "max_tokens",
      code: "unsupported_parameter",
    });
  }
  const effort = body.reasoning_effort ?? model.defaultEffort;
  if (!EFFORTS.includes(effort)) return invalidValue("reasoning_effort", effort, EFFORTS);
  if (!model.efforts.includes(effort)) {
    const listed = model.efforts.map((value) => `'${value}'`);
    return apiError(
      400,
      `Unsupported value: '${effort}' is not supported with the '${model.id}' model. Supported values are: ${listed.slice(0, -1).join(", ")}, and ${listed.at(-1)}.`,
      {
        param: "reasoning_effort",
        code: "unsupported_value",
      },
    );
  }
  // With reasoning on, sampling is fixed: only the default 1, and no log probabilities.
  if (effort !== "none") {
    for (const param of ["temperature", "top_p"]) {
      if (body[param] != null && body[param] !== 1) {
        return apiError(
          400,
          `Unsupported value: '${param}' does not support ${body[param]} with this model. Only the default (1) value is supported.`,
          {
            param,
            code: "unsupported_value",
          },
        );
      }
    }
    for (const param of ["logprobs", "top_logprobs"]) {
      if (body[param] != null && body[param] !== false) {
        return apiError(400, `Unsupported parameter: '${param}' is not supported with this model.`, {
          param,
          code: "unsupported_parameter",
        });
      }
    }
  }
  return { effort };
}

/**
 * The visible reply within `max_completion_tokens`. With reasoning on, the fake reasons first and
 * never stops mid-thought, so a budget too small for reasoning plus reply leaves `content: ""` and
 * `finish_reason: "length"`, the failure real reasoning models show with small budgets.
 */
function budgeted(content, { effort }, body) {
  const reasoning = REASONING_TOKENS[effort];
  const promptTokens = tokens(JSON.stringify(body.messages));
  const limit = body.max_completion_tokens;
  if (reasoning && limit != null && limit < reasoning + tokens(content)) {
    return { content: "", finish: "length", usage: usage(promptTokens, limit, Math.min(limit, reasoning)) };
  }
  return { content, finish: "stop", usage: usage(promptTokens, reasoning + tokens(content), reasoning) };
}

function usage(promptTokens, completionTokens, reasoningTokens) {
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function chatCompletion(model, { content, finish, usage }, n) {
  return {
    id: `chatcmpl-fake${n}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content, refusal: null, annotations: [] }, logprobs: null, finish_reason: finish }],
    usage,
  };
}

/** Server-sent events as the real API streams them: chat.completion.chunk lines, then [DONE]. */
async function streamCompletion(response, entry, scripted, { content, finish, usage }, requestId, n) {
  const pieces = finish === "length" ? [] : (scripted.chunks ?? (content ? (content.match(/\S+\s*/g) ?? []) : []));
  const chunk = (delta, finishReason = null) => ({
    id: `chatcmpl-fake${n}`,
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: entry.body.model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
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
  await send(chunk({}, finish));
  if (entry.body.stream_options?.include_usage) await send({ ...chunk({}), choices: [], usage });
  response.end("data: [DONE]\n\n");
  entry.finishedAt = now();
}

function defaultReply(body) {
  const system = body?.messages?.find((message) => message.role === "system")?.content ?? "";
  if (/AI Probability/.test(system)) return "AI Probability: 42%\nAnalysis: The fake provider found mixed signals.";
  const user = body?.messages?.filter((message) => message.role === "user").at(-1)?.content ?? "";
  return `Fake provider reply to: ${String(user).slice(0, 60)}`;
}

/** OpenAI's answer to a string parameter over its limit. */
function tooLong(param, max, length) {
  return apiError(
    400,
    `Invalid '${param}': string too long. Expected a string with maximum length ${max}, but got a string with length ${length} instead.`,
    {
      param,
      code: "string_above_max_length",
    },
  );
}

// --- Speech -------------------------------------------------------------------------------------

const SPEECH_FORMATS = ["mp3", "opus", "aac", "flac", "wav", "pcm"];

function checkSpeech(body, catalog) {
  if (!body.model) return missing("model");
  const model = liveModel(catalog, body.model);
  if (!model) return modelNotFound(body.model);
  // What OpenAI answers for a chat, Realtime or transcription model on this endpoint.
  if (model.kind !== "speech") return apiError(404, "Invalid URL (POST /v1/audio/speech)");
  if (typeof body.input !== "string") return body.input === undefined ? missing("input") : invalidType("input", "a string", body.input);
  if (body.input.length > 4096) return tooLong("input", 4096, body.input.length);
  if (body.voice === undefined) return missing("voice");
  const custom = typeof body.voice === "object" && typeof body.voice?.id === "string";
  if (!custom && !model.voices.includes(body.voice)) return invalidValue("voice", body.voice, model.voices);
  const format = body.response_format ?? "mp3";
  if (!SPEECH_FORMATS.includes(format)) return invalidValue("response_format", format, SPEECH_FORMATS);
  if (!["mp3", "wav", "pcm"].includes(format)) {
    return apiError(
      400,
      `The fake OpenAI server only encodes mp3, wav and pcm; '${format}' is valid on OpenAI but not here (tests/fakes/openai-server.mjs).`,
      {
        param: "response_format",
        code: "unsupported_value",
      },
    );
  }
  if (body.speed != null) return outOfRange("speed", body.speed, 0.25, 4, "decimal");
  return undefined;
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

// --- Images -------------------------------------------------------------------------------------

/** Parameters of the GPT image models; gpt-image-2.6 adds `complexity`, more qualities and formats. */
const IMAGE_PARAMETERS =
  "prompt model n quality size background moderation output_format output_compression partial_images stream user".split(" ");
const IMAGE_RULES = {
  "gpt-image-1": {
    quality: ["low", "medium", "high", "auto"],
    formats: ["png", "jpeg", "webp"],
    sizes: ["1024x1024", "1024x1536", "1536x1024", "auto"],
  },
  // gpt-image-2.6: any WIDTHxHEIGHT within the limits below (comfy.org OpenAIGPTImageNodeV3 docs).
  "gpt-image-2.6": {
    quality: ["low", "medium", "high", "xhigh", "max", "auto"],
    formats: ["png", "jpeg", "webp", "gif", "svg"],
    complexity: ["low", "medium", "high"],
  },
};

/** A gpt-image-2.6 size's problem: edges multiples of 16, longest ≤ 3840, ratio ≤ 3:1, 655,360–8,294,400 pixels. */
function flexibleSizeProblem(size) {
  const match = /^(\d+)x(\d+)$/.exec(size);
  if (!match) return "expected 'auto' or WIDTHxHEIGHT, for example '1024x1024'";
  const [width, height] = [Number(match[1]), Number(match[2])];
  if (width % 16 || height % 16) return "width and height must be multiples of 16";
  if (Math.max(width, height) > 3840) return "the longest edge must be at most 3840 pixels";
  if (Math.max(width, height) / Math.min(width, height) > 3) return "the aspect ratio must be between 1:3 and 3:1";
  if (width * height < 655360 || width * height > 8294400) return "the image must have between 655,360 and 8,294,400 pixels";
  return undefined;
}

function checkImage(body, catalog) {
  // Without a model OpenAI falls back to dall-e-2 (gpt-image-1 when a GPT-only parameter is used),
  // both shut down: the request fails as that model.
  const gptOnly = ["background", "moderation", "output_format", "output_compression", "partial_images"].some((key) => body[key] != null);
  const id = body.model ?? (gptOnly ? "gpt-image-1" : "dall-e-2");
  const model = liveModel(catalog, id);
  if (!model) return modelNotFound(id);
  if (model.kind !== "image") return apiError(400, "This model is not supported on this endpoint.", { param: "model" });
  const rules = IMAGE_RULES[model.family];
  const allowed = model.family === "gpt-image-2.6" ? [...IMAGE_PARAMETERS, "complexity"] : IMAGE_PARAMETERS;
  // response_format and style were DALL·E's; GPT image models always answer base64.
  const unknown = Object.keys(body).find((key) => !allowed.includes(key));
  if (unknown) return apiError(400, `Unknown parameter: '${unknown}'.`, { param: unknown, code: "unknown_parameter" });
  if (typeof body.prompt !== "string")
    return body.prompt === undefined ? missing("prompt") : invalidType("prompt", "a string", body.prompt);
  if (body.prompt.length > 32000) return tooLong("prompt", 32000, body.prompt.length);
  const size = body.size ?? "auto";
  if (rules.sizes && !rules.sizes.includes(size)) return invalidValue("size", size, rules.sizes);
  const sizeProblem = !rules.sizes && size !== "auto" && flexibleSizeProblem(size);
  if (sizeProblem) return apiError(400, `Invalid value: '${size}': ${sizeProblem}.`, { param: "size", code: "invalid_value" });
  const enums = {
    quality: rules.quality,
    background: ["transparent", "opaque", "auto"],
    moderation: ["low", "auto"],
    output_format: rules.formats,
    complexity: rules.complexity,
  };
  for (const [param, values] of Object.entries(enums)) {
    if (body[param] != null && !values.includes(body[param])) return invalidValue(param, body[param], values);
  }
  if (body.n != null) {
    const problem = outOfRange("n", body.n, 1, 10);
    if (problem) return problem;
  }
  if (body.output_compression != null) {
    const problem = outOfRange("output_compression", body.output_compression, 0, 100);
    if (problem) return problem;
  }
  // Valid on OpenAI, beyond this fake: say so rather than answer something else.
  if ((body.output_format ?? "png") !== "png") {
    return apiError(
      400,
      `The fake OpenAI server only encodes PNG; output_format '${body.output_format}' is valid on OpenAI but not here (tests/fakes/openai-server.mjs).`,
      { param: "output_format", code: "unsupported_value" },
    );
  }
  if (body.stream) {
    return apiError(400, "The fake OpenAI server does not stream images (tests/fakes/openai-server.mjs).", {
      param: "stream",
      code: "unsupported_value",
    });
  }
  return { size: size === "auto" ? "1024x1024" : size };
}

async function imageGeneration(body, { size }, imageCredentials) {
  const [width, height] = size.split("x").map(Number);
  const png = pngOfSize(width, height);
  const image = (imageCredentials ? await imageCredentials(png) : png).toString("base64");
  const n = body.n ?? 1;
  const textTokens = tokens(body.prompt);
  const imageTokens = 1056 * n;
  return {
    created: Math.floor(Date.now() / 1000),
    background: body.background === "transparent" ? "transparent" : "opaque",
    data: Array.from({ length: n }, () => ({ b64_json: image })),
    output_format: "png",
    quality: !body.quality || body.quality === "auto" ? "medium" : body.quality,
    size,
    usage: {
      input_tokens: textTokens,
      input_tokens_details: { image_tokens: 0, text_tokens: textTokens },
      output_tokens: imageTokens,
      output_tokens_details: { image_tokens: imageTokens, text_tokens: 0 },
      total_tokens: textTokens + imageTokens,
    },
  };
}

const pngCache = new Map();
/** A real PNG of the requested size (a two-colour gradient), as the image models answer. */
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

// --- Shared -------------------------------------------------------------------------------------

const now = () => performance.timeOrigin + performance.now();

function json(response, status, body, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // Run on its own (the e2e suite, by hand), its images carry a provider's Content Credentials, as OpenAI's do.
  const { providerImageSigner } = await import("./provider-credentials.mjs");
  const { url } = await startFakeOpenAI(Number(process.argv[2] ?? 12110), { imageCredentials: (await providerImageSigner()).sign });
  console.log(`Fake OpenAI listening on ${url} — set OPENAI_BASE_URL=${url}/v1`);
}
