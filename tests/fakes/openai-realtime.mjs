// The fake's Realtime API: `GET /v1/realtime?model=…` upgraded to a WebSocket, speaking the GA event
// names and shapes of openai-node 6.49.0 (resources/realtime/realtime.d.ts, read 2026-11-24). It
// reads the latest user message aloud: a quiet tone, 60 ms per character divided by the speed, in
// 100 ms chunks of PCM16 mono 24 kHz little-endian, with that text as the transcript.
import { randomBytes } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { createRequire } from "node:module";

// Node's own resolution: Vitest 5 loads global setups through the Worker project's Vite environment,
// whose "browser" condition would pick ws's browser stub, which has no server.
const { WebSocketServer } = createRequire(import.meta.url)("ws");
import {
  REALTIME_VOICES,
  apiError,
  checkAuthorization,
  invalidValue,
  liveModel,
  modelNotFound,
  scriptedErrorBody,
} from "./openai-catalog.mjs";

const SAMPLE_RATE = 24000;
const MS_PER_CHARACTER = 60;
const CHUNK_MS = 100;
// Stand-in for the 4,096-token cap on one response's output: past this many characters the audio
// and transcript stop and the response ends `incomplete` (reason max_output_tokens).
const MAX_RESPONSE_CHARACTERS = 1500;
const AUDIO_FORMATS = ["audio/pcm", "audio/pcmu", "audio/pcma"];
const SESSION_KEYS = `type audio include instructions max_output_tokens model output_modalities parallel_tool_calls prompt
  reasoning tool_choice tools tracing truncation`.split(/\s+/);
const CLIENT_EVENTS = `session.update conversation.item.create conversation.item.delete conversation.item.retrieve
  conversation.item.truncate input_audio_buffer.append input_audio_buffer.clear input_audio_buffer.commit
  output_audio_buffer.clear response.create response.cancel`.split(/\s+/);

const id = (prefix) => `${prefix}_${randomBytes(24).toString("base64").replace(/[+/=]/g, "").slice(0, 21)}`;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Handles WebSocket upgrades on `server`. `takeScripted` gives the next queued /__fake/next answer
 * (one per connection), `record` stores the connection's entry in GET /__fake/requests.
 */
export function attachRealtime(server, { catalog, takeScripted, record }) {
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const model = url.searchParams.get("model");
    /** @type {{ method: string, path: string, query: Record<string, string>, headers: Record<string, unknown>, body: null, receivedAt: number, events: unknown[], status?: number, firstAudioAt?: number, finishedAt?: number }} */
    const entry = {
      method: "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body: null,
      receivedAt: now(),
      events: [],
    };
    record(entry);
    const refuse = ({ status, body }) => {
      entry.status = status;
      const text = JSON.stringify(body);
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nx-request-id: ${id("req")}\r\nconnection: close\r\n\r\n${text}`,
      );
    };

    if (!url.pathname.endsWith("/v1/realtime")) return refuse(apiError(404, `Invalid URL (GET ${url.pathname})`));
    const denied = checkAuthorization(request.headers.authorization);
    if (denied) return refuse(denied);
    const scripted = takeScripted();
    if (scripted.status >= 400) return refuse({ status: scripted.status, body: scripted.body ?? scriptedErrorBody(scripted.status) });
    if (!model)
      return refuse(apiError(400, "Missing required parameter: 'model'.", { param: "model", code: "missing_required_parameter" }));
    const served = liveModel(catalog(), model);
    if (!served) return refuse(modelNotFound(model));

    wss.handleUpgrade(request, socket, head, (ws) => {
      entry.status = 101;
      if (served.kind !== "realtime") {
        // What OpenAI does with a model that exists but is not a Realtime model: an error event, then
        // close 4000 (github.com/livekit/agents-js/issues/1756, github.com/hurttlocker/o8/issues/2165).
        send(ws, errorEvent({ code: "invalid_model", message: `Model "${model}" is not supported in realtime mode.` }));
        return ws.close(4000, "invalid_request_error.invalid_model");
      }
      startSession(ws, model, scripted.realtime ?? {}, entry);
    });
  });
  return {
    close() {
      for (const client of wss.clients) client.terminate();
    },
  };
}

function send(ws, event) {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ event_id: id("event"), ...event }));
}

function errorEvent({ type = "invalid_request_error", code = null, message, param = null }, clientEvent) {
  return { type: "error", error: { type, code, message, param, event_id: clientEvent?.event_id ?? null } };
}

/** One conversation: the session configuration, its items and at most one response at a time. */
function startSession(ws, model, script, entry) {
  const session = {
    type: "realtime",
    object: "realtime.session",
    id: id("sess"),
    model,
    output_modalities: ["audio"],
    instructions: "You are a helpful, witty, and friendly AI. Your voice and personality should be warm and engaging.",
    tools: [],
    tool_choice: "auto",
    max_output_tokens: "inf",
    tracing: null,
    truncation: "auto",
    prompt: null,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    audio: {
      input: {
        format: { type: "audio/pcm", rate: SAMPLE_RATE },
        transcription: null,
        noise_reduction: null,
        turn_detection: {
          type: "server_vad",
          threshold: 0.5,
          prefix_padding_ms: 300,
          silence_duration_ms: 200,
          idle_timeout_ms: null,
          create_response: true,
          interrupt_response: true,
        },
      },
      output: { format: { type: "audio/pcm", rate: SAMPLE_RATE }, voice: "marin", speed: 1 },
    },
    include: null,
  };
  const conversationId = id("conv");
  const items = [];
  let active; // the response in progress: { id, cancelled }
  let audioSent = false;
  let deltasSent = 0;

  send(ws, { type: "session.created", session });

  ws.on("message", async (data) => {
    let event;
    try {
      event = JSON.parse(data.toString());
    } catch {
      return send(ws, errorEvent({ code: "invalid_json", message: "The server could not parse the JSON of the event." }));
    }
    entry.events.push(event);
    if (!CLIENT_EVENTS.includes(event?.type))
      return send(ws, errorEvent(invalidValue("type", event?.type, CLIENT_EVENTS).body.error, event));

    if (event.type === "session.update") {
      const problem = sessionProblem(event.session, session, audioSent);
      if (problem) return send(ws, errorEvent(problem, event));
      mergeSession(session, event.session);
      return send(ws, { type: "session.updated", session });
    }

    if (event.type === "conversation.item.create") {
      const problem = itemProblem(event.item);
      if (problem) return send(ws, errorEvent(problem, event));
      const item = { id: id("item"), ...event.item, object: "realtime.item", status: "completed" };
      const previous = items.at(-1)?.id ?? null;
      items.push(item);
      send(ws, { type: "conversation.item.added", previous_item_id: previous, item });
      return send(ws, { type: "conversation.item.done", previous_item_id: previous, item });
    }

    if (event.type === "response.cancel") {
      if (!active)
        return send(
          ws,
          errorEvent({ code: "response_cancel_not_active", message: "Cancellation failed: no active response found." }, event),
        );
      active.cancelled = true;
      return;
    }

    if (event.type === "response.create") {
      if (active) {
        return send(
          ws,
          errorEvent(
            {
              code: "conversation_already_has_active_response",
              message: `Conversation already has an active response in progress: ${active.id}. Wait until the response is finished before creating a new one.`,
            },
            event,
          ),
        );
      }
      if (script.hang) return;
      if (script.errorEvent) return send(ws, errorEvent(script.errorEvent, event));
      active = { id: id("resp"), cancelled: false };
      const overrides = event.response ?? {};
      const source = Array.isArray(overrides.input) ? overrides.input : items;
      const text = latestUserText(source);
      await respond(active, {
        text,
        transcript: script.transcript ?? text,
        modalities: overrides.output_modalities ?? session.output_modalities,
        maxOutputTokens: overrides.max_output_tokens ?? session.max_output_tokens,
        instructions: overrides.instructions ?? session.instructions,
      });
      active = undefined;
      return;
    }

    send(
      ws,
      errorEvent(
        {
          type: "server_error",
          code: "not_implemented",
          message: `The fake OpenAI server does not implement '${event.type}' (tests/fakes/openai-realtime.mjs).`,
        },
        event,
      ),
    );
  });

  /** Plays one response: its events in the GA order, audio interleaved with the transcript. */
  async function respond(response, { text, transcript, modalities, maxOutputTokens, instructions }) {
    const audio = modalities[0] === "audio";
    const format = session.audio.output.format;
    const base = {
      object: "realtime.response",
      id: response.id,
      conversation_id: conversationId,
      output_modalities: modalities,
      max_output_tokens: maxOutputTokens,
      audio: { output: { format, voice: session.audio.output.voice } },
      metadata: null,
    };
    send(ws, { type: "response.created", response: { ...base, status: "in_progress", status_details: null, output: [], usage: null } });

    if (script.failResponse) {
      const error = {
        type: "server_error",
        code: "server_error",
        message: "The server had an error while processing your request. Sorry about that!",
      };
      entry.finishedAt = now();
      return send(ws, {
        type: "response.done",
        response: { ...base, status: "failed", status_details: { type: "failed", error }, output: [], usage: usage("", "", 0) },
      });
    }

    const limit =
      typeof maxOutputTokens === "number"
        ? Math.min(MAX_RESPONSE_CHARACTERS, Math.ceil((maxOutputTokens * MAX_RESPONSE_CHARACTERS) / 4096))
        : MAX_RESPONSE_CHARACTERS;
    const spoken = text.slice(0, limit);
    const said = transcript.slice(0, limit);
    const cutShort = text.length > limit;
    const where = { response_id: response.id, item_id: id("item"), output_index: 0, content_index: 0 };
    const item = { id: where.item_id, object: "realtime.item", type: "message", role: "assistant", status: "in_progress", content: [] };
    send(ws, { type: "response.output_item.added", response_id: response.id, output_index: 0, item });
    send(ws, { type: "conversation.item.added", previous_item_id: items.at(-1)?.id ?? null, item });
    send(ws, {
      type: "response.content_part.added",
      ...where,
      part: audio ? { type: "audio", transcript: "" } : { type: "text", text: "" },
    });

    const durationMs = audio ? (spoken.length * MS_PER_CHARACTER) / session.audio.output.speed : 0;
    const chunks = audio ? pcmChunks(durationMs, format.type) : [null];
    for (const [index, chunk] of chunks.entries()) {
      if (index > 0 && script.deltaDelayMs) await sleep(script.deltaDelayMs);
      if (ws.readyState !== ws.OPEN || response.cancelled) break;
      const piece = said.slice(Math.floor((index * said.length) / chunks.length), Math.floor(((index + 1) * said.length) / chunks.length));
      if (audio) {
        send(ws, { type: "response.output_audio.delta", ...where, delta: chunk.toString("base64") });
        entry.firstAudioAt ??= now();
        audioSent = true;
        deltasSent += 1;
        if (script.closeAfterDeltas !== undefined && deltasSent >= script.closeAfterDeltas) return ws.close(1011, "Internal server error");
        if (piece) send(ws, { type: "response.output_audio_transcript.delta", ...where, delta: piece });
      } else if (piece) {
        send(ws, { type: "response.output_text.delta", ...where, delta: piece });
      }
    }
    if (ws.readyState !== ws.OPEN) return;

    const status = response.cancelled ? "cancelled" : cutShort ? "incomplete" : "completed";
    const statusDetails = response.cancelled
      ? { type: "cancelled", reason: "client_cancelled" }
      : cutShort
        ? { type: "incomplete", reason: "max_output_tokens" }
        : null;
    const part = audio ? { type: "audio", transcript: said } : { type: "text", text: said };
    if (audio) {
      send(ws, { type: "response.output_audio.done", ...where });
      send(ws, { type: "response.output_audio_transcript.done", ...where, transcript: said });
    } else {
      send(ws, { type: "response.output_text.done", ...where, text: said });
    }
    send(ws, { type: "response.content_part.done", ...where, part });
    const done = {
      ...item,
      status: status === "completed" ? "completed" : "incomplete",
      content: [audio ? { type: "output_audio", transcript: said } : { type: "output_text", text: said }],
    };
    items.push(done);
    send(ws, { type: "response.output_item.done", response_id: response.id, output_index: 0, item: done });
    send(ws, { type: "conversation.item.done", previous_item_id: items.at(-2)?.id ?? null, item: done });
    send(ws, {
      type: "response.done",
      response: { ...base, status, status_details: statusDetails, output: [done], usage: usage(instructions + text, said, durationMs) },
    });
    entry.finishedAt = now();
  }
}

/** The text of the latest user message (its input_text parts joined). */
function latestUserText(items) {
  const message = items.filter((item) => item?.type === "message" && item.role === "user").at(-1);
  return (message?.content ?? []).map((part) => (part?.type === "input_text" ? String(part.text ?? "") : "")).join("");
}

/**
 * The output audio in 100 ms chunks: a quiet 440 Hz tone for PCM16 at 24 kHz; for G.711 (8 kHz,
 * one byte a sample) the fake sends silence, which is valid audio in both encodings.
 */
function pcmChunks(durationMs, formatType) {
  const chunks = [];
  const rate = formatType === "audio/pcm" ? SAMPLE_RATE : 8000;
  const total = Math.round((rate * durationMs) / 1000);
  const perChunk = (rate * CHUNK_MS) / 1000;
  for (let start = 0; start < total; start += perChunk) {
    const count = Math.min(perChunk, total - start);
    if (formatType !== "audio/pcm") {
      chunks.push(Buffer.alloc(count, formatType === "audio/pcmu" ? 0xff : 0xd5));
      continue;
    }
    const chunk = Buffer.alloc(count * 2);
    for (let i = 0; i < count; i += 1)
      chunk.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * (start + i)) / SAMPLE_RATE) * 3000), i * 2);
    chunks.push(chunk);
  }
  return chunks.length ? chunks : [Buffer.alloc(0)];
}

function usage(input, transcript, durationMs) {
  const inputTokens = Math.ceil(input.length / 4);
  const textTokens = Math.ceil(transcript.length / 4);
  const audioTokens = Math.ceil(durationMs / 50);
  return {
    total_tokens: inputTokens + textTokens + audioTokens,
    input_tokens: inputTokens,
    output_tokens: textTokens + audioTokens,
    input_token_details: {
      text_tokens: inputTokens,
      audio_tokens: 0,
      image_tokens: 0,
      cached_tokens: 0,
      cached_tokens_details: { text_tokens: 0, audio_tokens: 0, image_tokens: 0 },
    },
    output_token_details: { text_tokens: textTokens, audio_tokens: audioTokens },
  };
}

/** The `error` of an error event that refuses a client event's parameter. */
const refusal = (code, message, param) => ({ type: "invalid_request_error", code, message, param });
const unknownParameter = (param) => refusal("unknown_parameter", `Unknown parameter: '${param}'.`, param);
const missingParameter = (param) => refusal("missing_required_parameter", `Missing required parameter: '${param}'.`, param);

function outOfRange(param, value, min, max) {
  if (typeof value !== "number")
    return refusal("invalid_type", `Invalid type for '${param}': expected a decimal, but got a ${typeof value} instead.`, param);
  if (value > max) {
    return refusal(
      "decimal_above_max_value",
      `Invalid '${param}': decimal above maximum value. Expected a value <= ${max}, but got ${value} instead.`,
      param,
    );
  }
  if (value < min) {
    return refusal(
      "decimal_below_min_value",
      `Invalid '${param}': decimal below minimum value. Expected a value >= ${min}, but got ${value} instead.`,
      param,
    );
  }
  return undefined;
}

function formatProblem(param, format) {
  if (!AUDIO_FORMATS.includes(format?.type)) return invalidValue(`${param}.type`, format?.type, AUDIO_FORMATS).body.error;
  if (format.type === "audio/pcm" && format.rate !== undefined && format.rate !== SAMPLE_RATE) {
    return invalidValue(`${param}.rate`, format.rate, [SAMPLE_RATE]).body.error;
  }
  return undefined;
}

/** What the real API refuses in a `session.update` (as an `error` event's `error`), else undefined. */
function sessionProblem(update, session, audioSent) {
  if (!update || typeof update !== "object") return missingParameter("session");
  if (update.type === undefined) return missingParameter("session.type");
  if (update.type !== "realtime") return invalidValue("session.type", update.type, ["realtime"]).body.error;
  const unknown = Object.keys(update).find((key) => !SESSION_KEYS.includes(key));
  if (unknown) return unknownParameter(`session.${unknown}`);
  if (update.instructions !== undefined && typeof update.instructions !== "string") {
    return refusal(
      "invalid_type",
      `Invalid type for 'session.instructions': expected a string, but got a ${typeof update.instructions} instead.`,
      "session.instructions",
    );
  }
  const modalities = update.output_modalities;
  if (modalities !== undefined && !(Array.isArray(modalities) && modalities.length === 1 && ["audio", "text"].includes(modalities[0]))) {
    return refusal(
      "invalid_value",
      "Invalid 'session.output_modalities': expected either ['audio'] or ['text'].",
      "session.output_modalities",
    );
  }
  const max = update.max_output_tokens;
  if (max !== undefined && max !== "inf" && !(Number.isInteger(max) && max >= 1 && max <= 4096)) {
    return refusal(
      "invalid_value",
      `Invalid 'session.max_output_tokens': expected an integer between 1 and 4096 or 'inf', but got ${JSON.stringify(max)} instead.`,
      "session.max_output_tokens",
    );
  }
  for (const [side, keys] of [
    ["input", ["format", "transcription", "noise_reduction", "turn_detection"]],
    ["output", ["format", "voice", "speed"]],
  ]) {
    const config = update.audio?.[side];
    if (config === undefined) continue;
    const extra = Object.keys(config).find((key) => !keys.includes(key));
    if (extra) return unknownParameter(`session.audio.${side}.${extra}`);
    if (config.format !== undefined) {
      const problem = formatProblem(`session.audio.${side}.format`, config.format);
      if (problem) return problem;
    }
  }
  const extraAudio = Object.keys(update.audio ?? {}).find((key) => !["input", "output"].includes(key));
  if (extraAudio) return unknownParameter(`session.audio.${extraAudio}`);
  const output = update.audio?.output ?? {};
  if (output.voice !== undefined) {
    const custom = typeof output.voice === "object" && typeof output.voice?.id === "string";
    if (!custom && !REALTIME_VOICES.includes(output.voice))
      return invalidValue("session.audio.output.voice", output.voice, REALTIME_VOICES).body.error;
    if (audioSent && JSON.stringify(output.voice) !== JSON.stringify(session.audio.output.voice)) {
      return refusal(
        "cannot_update_voice",
        "Cannot update a conversation's voice if assistant audio is present.",
        "session.audio.output.voice",
      );
    }
  }
  if (output.speed !== undefined) return outOfRange("session.audio.output.speed", output.speed, 0.25, 1.5);
  return undefined;
}

function mergeSession(session, update) {
  const { audio, model: _model, ...rest } = update; // the model is fixed by the URL
  Object.assign(session, rest);
  Object.assign(session.audio.input, audio?.input ?? {});
  Object.assign(session.audio.output, audio?.output ?? {});
}

/** What the real API refuses in a `conversation.item.create` item, else undefined. */
function itemProblem(item) {
  if (!item || typeof item !== "object") return missingParameter("item");
  if (item.type !== "message") {
    return refusal(
      "not_implemented",
      `The fake OpenAI server only takes message items, not '${item.type}' (tests/fakes/openai-realtime.mjs).`,
      "item.type",
    );
  }
  if (!["user", "system", "assistant"].includes(item.role))
    return invalidValue("item.role", item.role, ["user", "system", "assistant"]).body.error;
  if (!Array.isArray(item.content)) {
    return refusal(
      "invalid_type",
      `Invalid type for 'item.content': expected an array, but got ${typeof item.content} instead.`,
      "item.content",
    );
  }
  const partTypes = {
    user: ["input_text", "input_audio", "input_image"],
    system: ["input_text"],
    assistant: ["output_text", "output_audio"],
  }[item.role];
  for (const [index, part] of item.content.entries()) {
    if (!partTypes.includes(part?.type)) return invalidValue(`item.content[${index}].type`, part?.type, partTypes).body.error;
    if (part.type === "input_text" && typeof part.text !== "string") {
      return missingParameter(`item.content[${index}].text`);
    }
  }
  return undefined;
}
