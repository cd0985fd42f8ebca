import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import WebSocket from "ws";
import { startFakeOpenAI, type FakeServer } from "../fakes/openai-server.mjs";

// The fake OpenAI (tests/fakes) over real HTTP and WebSocket: it must refuse what OpenAI refuses
// today, so the other suites cannot pass against retired models or wrong parameters. Only Date is
// faked, to 2026-11-24, so the shutdown dates in the catalog are judged as on that day.

const KEY = "sk-test-unit-000000000000";
let fake: FakeServer;
let client: OpenAI;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-24T12:00:00Z"));
  fake = await startFakeOpenAI(0);
  client = new OpenAI({ apiKey: KEY, baseURL: `${fake.url}/v1`, maxRetries: 0 });
});
afterAll(async () => {
  await fake.close();
  vi.useRealTimers();
});
beforeEach(() => control("/__fake/reset"));

/** POST to a control endpoint (/__fake/next, /__fake/models, /__fake/reset). */
async function control(path: string, body: unknown = []) {
  return (await fetch(`${fake.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

/** The error a call ends with (the SDK's APIError: status, code, param, error body). */
async function refusal(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  try {
    await call;
  } catch (error) {
    if (error instanceof OpenAI.APIError) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

/** A request the SDK's types would not let through (unknown or wrong parameters). */
async function raw(path: string, body: unknown, headers: Record<string, string> = { authorization: `Bearer ${KEY}` }) {
  const response = await fetch(`${fake.url}/v1${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const hello = [{ role: "user" as const, content: "Hello" }];
const modelNotFound = (id: string) => ({
  error: {
    message: `The model \`${id}\` does not exist or you do not have access to it.`,
    type: "invalid_request_error",
    param: null,
    code: "model_not_found",
  },
});

describe("models", () => {
  test("list the active and deprecated models with their shutdown_date, not the shut-down ones", async () => {
    const models = (await client.models.list()).data as (OpenAI.Models.Model & { shutdown_date: string | null })[];
    const byId = new Map(models.map((model) => [model.id, model]));
    expect(byId.get("gpt-6-luna")).toMatchObject({ object: "model", owned_by: "system", shutdown_date: null });
    expect(byId.get("gpt-4o-mini")?.shutdown_date).toBe("2027-01-14");
    expect(byId.get("gpt-image-1.5")?.shutdown_date).toBe("2026-12-01");
    expect(byId.get("tts-1")?.shutdown_date).toBe("2027-01-06");
    expect(byId.get("gpt-realtime")?.shutdown_date).toBe("2027-01-20");
    expect(byId.get("gpt-realtime-2.1-mini")?.shutdown_date).toBeNull();
    for (const retired of ["gpt-3.5-turbo", "gpt-4", "gpt-4-turbo", "o1", "o3-mini", "o4-mini", "gpt-image-1", "dall-e-3", "dall-e-2"]) {
      expect(byId.has(retired), retired).toBe(false);
    }
  });

  test("retrieve one; a shut-down or unknown model is a 404 model_not_found", async () => {
    expect(await client.models.retrieve("gpt-image-2.6-flare")).toMatchObject({
      id: "gpt-image-2.6-flare",
      object: "model",
      shutdown_date: null,
    });
    for (const id of ["gpt-3.5-turbo", "dall-e-3", "gpt-nonexistent"]) {
      const error = await refusal(client.models.retrieve(id));
      expect(error.status).toBe(404);
      expect(error.error).toEqual(modelNotFound(id).error);
    }
  });

  test("a test can announce a shutdown, shut a model down, or add one; reset restores the catalog", async () => {
    await control("/__fake/models", [
      { id: "gpt-6-luna", shutdown_date: "2026-12-20" },
      { id: "gpt-connection-test", kind: "chat" },
    ]);
    expect(await client.models.retrieve("gpt-6-luna")).toMatchObject({ shutdown_date: "2026-12-20" });
    expect((await client.chat.completions.create({ model: "gpt-connection-test", messages: hello })).choices[0]?.finish_reason).toBe(
      "stop",
    );

    await control("/__fake/models", { id: "gpt-6-luna", shutdown_date: "2026-11-24" });
    expect((await refusal(client.chat.completions.create({ model: "gpt-6-luna", messages: hello }))).status).toBe(404);

    await control("/__fake/reset");
    expect(await client.models.retrieve("gpt-6-luna")).toMatchObject({ shutdown_date: null });
  });

  test("metadata calls do not take a queued answer", async () => {
    await control("/__fake/next", [{ content: "scripted" }]);
    await client.models.retrieve("gpt-6-luna");
    const completion = await client.chat.completions.create({ model: "gpt-6-luna", messages: hello, reasoning_effort: "none" });
    expect(completion.choices[0]?.message.content).toBe("scripted");
  });
});

describe("every endpoint", () => {
  test("refuses a request without an API key", async () => {
    const { status, body } = await raw("/chat/completions", { model: "gpt-6-luna", messages: hello }, {});
    expect(status).toBe(401);
    expect(body.error.message).toMatch(/^You didn't provide an API key/);
  });

  test("answers a shut-down or unknown model with 404 model_not_found", async () => {
    expect((await raw("/chat/completions", { model: "gpt-3.5-turbo", messages: hello })).body).toEqual(modelNotFound("gpt-3.5-turbo"));
    expect((await raw("/images/generations", { model: "dall-e-3", prompt: "A cat" })).body).toEqual(modelNotFound("dall-e-3"));
    expect((await raw("/images/generations", { model: "gpt-image-1", prompt: "A cat" })).status).toBe(404);
    expect((await raw("/audio/speech", { model: "tts-2", voice: "alloy", input: "Hi" })).body).toEqual(modelNotFound("tts-2"));
  });

  test("refuses a model on the wrong endpoint as OpenAI does", async () => {
    for (const model of ["gpt-realtime-2.1-mini", "gpt-image-2.6-flare", "tts-1"]) {
      const error = await refusal(client.chat.completions.create({ model, messages: hello }));
      expect(error).toMatchObject({ status: 404, param: "model" });
      expect(error.message).toMatch(/not a chat model/);
    }
    expect(await raw("/images/generations", { model: "gpt-6-luna", prompt: "A cat" })).toMatchObject({
      status: 400,
      body: { error: { param: "model" } },
    });
    expect(await raw("/audio/speech", { model: "gpt-realtime-2.1-mini", voice: "alloy", input: "Hi" })).toMatchObject({
      status: 404,
      body: { error: { message: "Invalid URL (POST /v1/audio/speech)" } },
    });
  });

  test("still plays scripted failures and raw answers", async () => {
    await control("/__fake/next", [{ status: 429 }, { raw: "not json", status: 200 }]);
    expect((await refusal(client.chat.completions.create({ model: "gpt-6-luna", messages: hello }))).status).toBe(429);
    const response = await raw("/chat/completions", { model: "gpt-6-luna", messages: hello }).catch((error: Error) => error);
    expect(response).toBeInstanceOf(SyntaxError);
  });
});

describe("chat completions", () => {
  test("refuse an argument Chat Completions does not have", async () => {
    expect(await raw("/chat/completions", { model: "gpt-6-luna", messages: hello, foo: 1 })).toEqual({
      status: 400,
      body: { error: { message: "Unrecognized request argument supplied: foo", type: "invalid_request_error", param: null, code: null } },
    });
  });

  test("refuse missing or malformed messages", async () => {
    expect((await raw("/chat/completions", { model: "gpt-6-luna" })).body.error).toMatchObject({
      param: "messages",
      code: "missing_required_parameter",
    });
    expect((await raw("/chat/completions", { model: "gpt-6-luna", messages: [] })).body.error).toMatchObject({
      param: "messages",
      code: "empty_array",
    });
    expect((await raw("/chat/completions", { model: "gpt-6-luna", messages: "Hello" })).body.error).toMatchObject({
      param: "messages",
      code: "invalid_type",
    });
    expect((await raw("/chat/completions", { model: "gpt-6-luna", messages: [{ role: "bot", content: "Hi" }] })).body.error).toMatchObject({
      param: "messages[0].role",
      code: "invalid_value",
    });
    expect((await raw("/chat/completions", { messages: hello })).body.error.message).toBe("you must provide a model parameter");
  });

  test("a reasoning model refuses max_tokens", async () => {
    const error = await refusal(client.chat.completions.create({ model: "gpt-6-luna", messages: hello, max_tokens: 100 }));
    expect(error).toMatchObject({ status: 400, param: "max_tokens", code: "unsupported_parameter" });
    expect(error.error).toMatchObject({
      message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
    });
  });

  test("a reasoning model takes a temperature or top_p other than 1 only with reasoning_effort none", async () => {
    const error = await refusal(client.chat.completions.create({ model: "gpt-6-luna", messages: hello, temperature: 0.7 }));
    expect(error).toMatchObject({ status: 400, param: "temperature", code: "unsupported_value" });
    expect(error.error).toMatchObject({
      message: "Unsupported value: 'temperature' does not support 0.7 with this model. Only the default (1) value is supported.",
    });
    expect(
      await refusal(client.chat.completions.create({ model: "gpt-5.6-sol", messages: hello, reasoning_effort: "high", top_p: 0.5 })),
    ).toMatchObject({
      param: "top_p",
    });
    const allowed = await client.chat.completions.create({
      model: "gpt-6-luna",
      messages: hello,
      temperature: 0.7,
      max_completion_tokens: 500,
      reasoning_effort: "none",
    });
    expect(allowed.choices[0]?.message.content).toBe("Fake provider reply to: Hello");
  });

  test("reasoning_effort must be one the model takes (gpt-6-luna has no 'minimal')", async () => {
    const error = await refusal(client.chat.completions.create({ model: "gpt-6-luna", messages: hello, reasoning_effort: "minimal" }));
    expect(error).toMatchObject({ status: 400, param: "reasoning_effort", code: "unsupported_value" });
    expect(error.message).toMatch(/Supported values are: 'none', 'low', 'medium', 'high', 'xhigh', and 'max'/);
    expect((await raw("/chat/completions", { model: "gpt-6-luna", messages: hello, reasoning_effort: "turbo" })).body.error).toMatchObject({
      code: "invalid_value",
    });
    expect(
      (await client.chat.completions.create({ model: "gpt-5.6-sol", messages: hello, reasoning_effort: "minimal" })).choices[0]
        ?.finish_reason,
    ).toBe("stop");
  });

  test("reasoning spends the output budget: a small one leaves an empty answer cut for length", async () => {
    const cut = await client.chat.completions.create({ model: "gpt-6-luna", messages: hello, max_completion_tokens: 40 });
    expect(cut.choices[0]).toMatchObject({ message: { content: "" }, finish_reason: "length" });
    expect(cut.usage).toMatchObject({ completion_tokens: 40, completion_tokens_details: { reasoning_tokens: 40 } });

    const enough = await client.chat.completions.create({ model: "gpt-6-luna", messages: hello, max_completion_tokens: 500 });
    expect(enough.choices[0]).toMatchObject({ message: { content: "Fake provider reply to: Hello" }, finish_reason: "stop" });
    expect(enough.usage?.completion_tokens_details?.reasoning_tokens).toBe(64); // the default effort, medium

    const off = await client.chat.completions.create({
      model: "gpt-6-luna",
      messages: hello,
      max_completion_tokens: 5,
      reasoning_effort: "none",
    });
    expect(off.choices[0]).toMatchObject({ message: { content: "Fake provider reply to: Hello" }, finish_reason: "stop" });
  });

  test("an older model takes max_tokens and temperature but knows no reasoning_effort", async () => {
    const completion = await client.chat.completions.create({ model: "gpt-4o-mini", messages: hello, max_tokens: 5, temperature: 0.2 });
    expect(completion.choices[0]?.message.content).toBe("Fake provider reply to: Hello");
    expect(await refusal(client.chat.completions.create({ model: "gpt-4o-mini", messages: hello, reasoning_effort: "low" }))).toMatchObject(
      {
        status: 400,
        message: "400 Unrecognized request argument supplied: reasoning_effort",
      },
    );
  });

  test("the detector prompt gets its scripted-looking default answer", async () => {
    const completion = await client.chat.completions.create({
      model: "gpt-6-luna",
      reasoning_effort: "none",
      messages: [{ role: "system", content: "Answer with 'AI Probability: N%'" }, ...hello],
    });
    expect(completion.choices[0]?.message.content).toMatch(/^AI Probability: 42%/);
  });

  test("stream as server-sent events, and refuse before the stream starts", async () => {
    const stream = await client.chat.completions.create({
      model: "gpt-6-luna",
      messages: hello,
      reasoning_effort: "none",
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      usage ??= chunk.usage;
    }
    expect(text).toBe("Fake provider reply to: Hello");
    expect(usage?.completion_tokens_details?.reasoning_tokens).toBe(0);

    const error = await refusal(client.chat.completions.create({ model: "gpt-6-luna", messages: hello, temperature: 0.5, stream: true }));
    expect(error).toMatchObject({ status: 400, param: "temperature" });

    const cut = await client.chat.completions.create({ model: "gpt-6-luna", messages: hello, max_completion_tokens: 10, stream: true });
    const chunks = [];
    for await (const chunk of cut) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? "").join("")).toBe("");
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("length");
  });
});

describe("image generations", () => {
  const pngSize = (base64: string) => {
    const png = Buffer.from(base64, "base64");
    return { signature: png.subarray(1, 4).toString("ascii"), width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
  };

  test("answer base64 PNGs of the size asked, with OpenAI's metadata", async () => {
    const result = await client.images.generate({
      model: "gpt-image-2.6-flare",
      prompt: "A lighthouse",
      size: "1024x1536",
      quality: "high",
      n: 2,
    });
    expect(result).toMatchObject({ output_format: "png", size: "1024x1536", quality: "high", background: "opaque" });
    expect(result.data).toHaveLength(2);
    expect(result.data?.[0]?.url).toBeUndefined();
    expect(pngSize(result.data?.[0]?.b64_json ?? "")).toEqual({ signature: "PNG", width: 1024, height: 1536 });
    expect(result.usage?.total_tokens).toBeGreaterThan(0);

    const auto = await client.images.generate({ model: "gpt-image-2.6-sunburst", prompt: "A lighthouse" });
    expect(auto.size).toBe("1024x1024");
    expect(pngSize(auto.data?.[0]?.b64_json ?? "")).toMatchObject({ width: 1024, height: 1024 });
  });

  test("gpt-image-2.6 takes flexible sizes within its limits; 1.5 only its three", async () => {
    const wide = await client.images.generate({ model: "gpt-image-2.6-flare", prompt: "A lighthouse", size: "1536x864" });
    expect(pngSize(wide.data?.[0]?.b64_json ?? "")).toMatchObject({ width: 1536, height: 864 });
    for (const size of ["1000x1000", "4096x1024", "3840x960", "512x512"]) {
      expect(await refusal(client.images.generate({ model: "gpt-image-2.6-flare", prompt: "A lighthouse", size })), size).toMatchObject({
        status: 400,
        param: "size",
        code: "invalid_value",
      });
    }
    const error = await refusal(client.images.generate({ model: "gpt-image-1.5", prompt: "A lighthouse", size: "1792x1024" }));
    expect(error).toMatchObject({ status: 400, param: "size", code: "invalid_value" });
    expect(error.message).toContain("Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.");
  });

  test("refuse DALL·E's parameters and values outside the model's", async () => {
    for (const [param, value] of [
      ["response_format", "b64_json"],
      ["style", "vivid"],
    ] as const) {
      expect((await raw("/images/generations", { model: "gpt-image-2.6-flare", prompt: "A cat", [param]: value })).body.error).toEqual({
        message: `Unknown parameter: '${param}'.`,
        type: "invalid_request_error",
        param,
        code: "unknown_parameter",
      });
    }
    expect((await raw("/images/generations", { model: "gpt-image-1.5", prompt: "A cat", complexity: "low" })).body.error).toMatchObject({
      code: "unknown_parameter",
    });
    expect(await refusal(client.images.generate({ model: "gpt-image-1.5", prompt: "A cat", quality: "hd" }))).toMatchObject({
      param: "quality",
      code: "invalid_value",
    });
    expect(await refusal(client.images.generate({ model: "gpt-image-2.6-flare", prompt: "A cat", n: 11 }))).toMatchObject({
      param: "n",
      code: "integer_above_max_value",
    });
    expect((await raw("/images/generations", { model: "gpt-image-2.6-flare" })).body.error).toMatchObject({
      param: "prompt",
      code: "missing_required_parameter",
    });
  });

  test("say plainly that the fake encodes PNG only", async () => {
    const error = await refusal(client.images.generate({ model: "gpt-image-2.6-flare", prompt: "A cat", output_format: "jpeg" }));
    expect(error).toMatchObject({ status: 400, param: "output_format" });
    expect(error.message).toMatch(/fake OpenAI server only encodes PNG/);
  });
});

describe("speech", () => {
  test("the deprecated speech models still answer audio", async () => {
    const mp3 = new Uint8Array(
      await (await client.audio.speech.create({ model: "tts-1", voice: "ash", input: "Hello there" })).arrayBuffer(),
    );
    expect([...mp3.subarray(0, 2)]).toEqual([0xff, 0xfb]);
    const wav = await client.audio.speech.create({
      model: "gpt-4o-mini-tts",
      voice: "marin",
      input: "Hello there",
      response_format: "wav",
      instructions: "Warm.",
    });
    expect(
      Buffer.from(await wav.arrayBuffer())
        .subarray(0, 4)
        .toString("ascii"),
    ).toBe("RIFF");
  });

  test("refuse a voice the model does not have", async () => {
    const error = await refusal(client.audio.speech.create({ model: "tts-1", voice: "marin", input: "Hi" }));
    expect(error).toMatchObject({ status: 400, param: "voice", code: "invalid_value" });
    expect(error.message).toMatch(/Supported values are: 'alloy', 'ash', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', and 'shimmer'/);
    expect(await refusal(client.audio.speech.create({ model: "gpt-4o-mini-tts", voice: "robot", input: "Hi" }))).toMatchObject({
      param: "voice",
    });
    expect(await refusal(client.audio.speech.create({ model: "tts-1", voice: "alloy", input: "Hi", speed: 5 }))).toMatchObject({
      param: "speed",
    });
  });
});

// --- Realtime -------------------------------------------------------------------------------------

type ServerEvent = { type: string; [key: string]: any };

/** A Realtime connection whose server events can be awaited in order (on real time: Date is faked). */
function connect(model: string, headers: Record<string, string> = { authorization: `Bearer ${KEY}` }) {
  const ws = new WebSocket(`${fake.url.replace("http", "ws")}/v1/realtime?model=${model}`, { headers });
  const opened = new Promise((resolve) => ws.on("open", resolve));
  const events: ServerEvent[] = [];
  let wake: (() => void) | undefined;
  ws.on("message", (data) => {
    events.push(JSON.parse(data.toString()));
    wake?.();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  let read = 0;
  const send = async (event: object) => {
    await opened;
    ws.send(JSON.stringify(event));
  };
  return {
    ws,
    events,
    closed,
    send,
    say(text: string) {
      void send({ type: "conversation.item.create", item: { type: "message", role: "user", content: [{ type: "input_text", text }] } });
      void send({ type: "response.create" });
    },
    /** Server events up to and including the next one of this type. */
    async until(type: string, timeoutMs = 3000): Promise<ServerEvent[]> {
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        const index = events.findIndex((event, i) => i >= read && event.type === type);
        if (index >= 0) {
          const slice = events.slice(read, index + 1);
          read = index + 1;
          return slice;
        }
        if (ws.readyState === WebSocket.CLOSED) throw new Error(`closed before ${type}`);
        if (performance.now() > deadline) throw new Error(`no ${type} in ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 20);
        });
      }
    },
  };
}

/** How the upgrade was refused: the HTTP status and OpenAI's JSON body. */
function refusedUpgrade(model: string, headers?: Record<string, string>) {
  const { ws } = connect(model, headers);
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    ws.on("unexpected-response", (_request, response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    ws.on("open", () => reject(new Error("the upgrade was accepted")));
  });
}

const pcmBytes = (characters: number, speed: number) => Math.round((24000 * characters * 60) / speed / 1000) * 2;

describe("realtime", () => {
  test("refuse the upgrade without a key, for a shut-down or unknown model, or as scripted", async () => {
    expect(await refusedUpgrade("gpt-realtime-2.1-mini", {})).toMatchObject({
      status: 401,
      body: { error: { type: "invalid_request_error" } },
    });
    expect(await refusedUpgrade("gpt-4o-realtime-preview-2024-10-01")).toEqual({
      status: 404,
      body: modelNotFound("gpt-4o-realtime-preview-2024-10-01"),
    });
    await control("/__fake/next", [{ status: 429 }]);
    expect(await refusedUpgrade("gpt-realtime-2.1-mini")).toMatchObject({ status: 429, body: { error: { type: "rate_limit_error" } } });
  });

  test("a model that is not a Realtime model gets an error event and the socket closes", async () => {
    const session = connect("gpt-6-luna");
    const [error] = await session.until("error");
    expect(error?.error).toMatchObject({ type: "invalid_request_error", code: "invalid_model" });
    expect(await session.closed).toEqual({ code: 4000, reason: "invalid_request_error.invalid_model" });
  });

  test("read the user's message aloud: GA events, PCM16 at 24 kHz, the text as transcript", async () => {
    const session = connect("gpt-realtime-2.1-mini");
    const [created] = await session.until("session.created");
    expect(created?.session).toMatchObject({
      type: "realtime",
      model: "gpt-realtime-2.1-mini",
      output_modalities: ["audio"],
      max_output_tokens: "inf",
      audio: { output: { format: { type: "audio/pcm", rate: 24000 }, voice: "marin", speed: 1 } },
    });
    expect(typeof created?.session.instructions).toBe("string");

    session.send({
      type: "session.update",
      session: { type: "realtime", instructions: "Read aloud.", audio: { output: { voice: "coral", speed: 1.5 } } },
    });
    const [updated] = await session.until("session.updated");
    expect(updated?.session).toMatchObject({ instructions: "Read aloud.", audio: { output: { voice: "coral", speed: 1.5 } } });

    const text = "Welcome to the show, everyone.";
    session.say(text);
    const events = await session.until("response.done");
    expect(events.map((event) => event.type).filter((type) => !type.endsWith(".delta"))).toEqual([
      "conversation.item.added",
      "conversation.item.done",
      "response.created",
      "response.output_item.added",
      "conversation.item.added",
      "response.content_part.added",
      "response.output_audio.done",
      "response.output_audio_transcript.done",
      "response.content_part.done",
      "response.output_item.done",
      "conversation.item.done",
      "response.done",
    ]);
    for (const event of events) expect(event.event_id).toMatch(/^event_\w{21}$/);
    const audio = events.filter((event) => event.type === "response.output_audio.delta").map((event) => Buffer.from(event.delta, "base64"));
    expect(audio.reduce((sum, chunk) => sum + chunk.length, 0)).toBe(pcmBytes(text.length, 1.5));
    expect(Math.max(...audio.map((chunk) => chunk.length))).toBe(4800); // 100 ms
    const transcript = events
      .filter((event) => event.type === "response.output_audio_transcript.delta")
      .map((event) => event.delta)
      .join("");
    expect(transcript).toBe(text);
    expect(events.find((event) => event.type === "response.output_audio_transcript.done")?.transcript).toBe(text);
    const done = events.at(-1);
    expect(done?.response).toMatchObject({
      object: "realtime.response",
      status: "completed",
      output: [{ type: "message", role: "assistant" }],
    });
    expect(done?.response.id).toMatch(/^resp_/);
    expect(done?.response.output[0].id).toMatch(/^item_/);
    expect(done?.response.usage.output_tokens).toBeGreaterThan(0);

    // The session stays open for the next piece.
    session.say("Second piece.");
    const second = await session.until("response.done");
    expect(second.find((event) => event.type === "response.output_audio_transcript.done")?.transcript).toBe("Second piece.");
    session.ws.close();

    const requests = (await (await fetch(`${fake.url}/__fake/requests`)).json()) as any[];
    const entry = requests.find((request) => request.path === "/v1/realtime");
    expect(entry).toMatchObject({ method: "GET", query: { model: "gpt-realtime-2.1-mini" }, status: 101 });
    expect(entry.events.map((event: any) => event.type)).toEqual([
      "session.update",
      "conversation.item.create",
      "response.create",
      "conversation.item.create",
      "response.create",
    ]);
    expect(entry.firstAudioAt).toBeGreaterThanOrEqual(entry.receivedAt);
    expect(entry.finishedAt).toBeGreaterThanOrEqual(entry.firstAudioAt);
  });

  test("refuse a session.update the real API refuses, naming the parameter and the event", async () => {
    const session = connect("gpt-realtime-2.1-mini");
    await session.until("session.created");
    const refusals: [object, object][] = [
      [
        { type: "realtime", audio: { output: { voice: "nova" } } },
        { param: "session.audio.output.voice", code: "invalid_value" },
      ],
      [{ type: "realtime", audio: { output: { voice: "fable" } } }, { param: "session.audio.output.voice" }],
      [
        { type: "realtime", audio: { output: { speed: 2 } } },
        { param: "session.audio.output.speed", code: "decimal_above_max_value" },
      ],
      [{ type: "realtime", audio: { output: { format: { type: "audio/wav" } } } }, { param: "session.audio.output.format.type" }],
      [
        { type: "realtime", audio: { output: { format: { type: "audio/pcm", rate: 16000 } } } },
        { param: "session.audio.output.format.rate" },
      ],
      [
        { type: "realtime", voice: "alloy" },
        { param: "session.voice", code: "unknown_parameter" },
      ],
      [{ instructions: "Hi" }, { param: "session.type", code: "missing_required_parameter" }],
    ];
    for (const [index, [update, expected]] of refusals.entries()) {
      session.send({ type: "session.update", event_id: `client_${index}`, session: update });
      const [error] = (await session.until("error")).slice(-1);
      expect(error?.error, JSON.stringify(update)).toMatchObject({
        type: "invalid_request_error",
        event_id: `client_${index}`,
        ...expected,
      });
    }
    session.send({
      type: "session.update",
      session: { type: "realtime", audio: { output: { voice: { id: "voice_1234" }, format: { type: "audio/pcmu" } } } },
    });
    expect((await session.until("session.updated")).at(-1)?.session.audio.output).toMatchObject({
      voice: { id: "voice_1234" },
      format: { type: "audio/pcmu" },
    });
    session.ws.close();
  });

  test("stop at the output cap: 1,500 characters, then response.done incomplete", async () => {
    const session = connect("gpt-realtime-2.1");
    await session.until("session.created");
    const text = "word ".repeat(400); // 2,000 characters
    session.say(text);
    const events = await session.until("response.done", 10000);
    expect(events.find((event) => event.type === "response.output_audio_transcript.done")?.transcript).toBe(text.slice(0, 1500));
    const bytes = events
      .filter((event) => event.type === "response.output_audio.delta")
      .reduce((sum, event) => sum + Buffer.from(event.delta, "base64").length, 0);
    expect(bytes).toBe(pcmBytes(1500, 1));
    expect(events.at(-1)?.response).toMatchObject({
      status: "incomplete",
      status_details: { type: "incomplete", reason: "max_output_tokens" },
    });
    session.ws.close();
  });

  test("scripted: close after n deltas, an error event, a failed response, another transcript", async () => {
    await control("/__fake/next", [{ realtime: { closeAfterDeltas: 2 } }]);
    const cut = connect("gpt-realtime-2.1-mini");
    cut.say("A sentence long enough for several chunks of audio.");
    expect((await cut.closed).code).toBe(1011);
    expect(cut.events.filter((event) => event.type === "response.output_audio.delta")).toHaveLength(2);

    await control("/__fake/next", [
      { realtime: { errorEvent: { type: "rate_limit_error", code: "rate_limit_exceeded", message: "Slow down." } } },
    ]);
    const limited = connect("gpt-realtime-2.1-mini");
    limited.say("Hello.");
    expect((await limited.until("error")).at(-1)?.error).toMatchObject({
      type: "rate_limit_error",
      code: "rate_limit_exceeded",
      message: "Slow down.",
    });
    limited.ws.close();

    await control("/__fake/next", [{ realtime: { failResponse: true } }]);
    const failing = connect("gpt-realtime-2.1-mini");
    failing.say("Hello.");
    expect((await failing.until("response.done")).at(-1)?.response).toMatchObject({
      status: "failed",
      status_details: { type: "failed", error: { type: "server_error" } },
    });
    failing.ws.close();

    await control("/__fake/next", [{ realtime: { transcript: "Something else entirely." } }]);
    const wrong = connect("gpt-realtime-2.1-mini");
    wrong.say("Hello there.");
    expect((await wrong.until("response.output_audio_transcript.done")).at(-1)?.transcript).toBe("Something else entirely.");
    wrong.ws.close();
  });

  test("scripted: hang never answers; deltaDelayMs paces the audio", async () => {
    await control("/__fake/next", [{ realtime: { hang: true } }, { realtime: { deltaDelayMs: 40 } }]);
    const hanging = connect("gpt-realtime-2.1-mini");
    hanging.say("Hello.");
    await expect(hanging.until("response.created", 300)).rejects.toThrow(/no response.created/);
    hanging.ws.close();

    const paced = connect("gpt-realtime-2.1-mini");
    const started = performance.now();
    paced.say("Twenty characters!!"); // 19 characters: 1.14 s of audio, 12 chunks
    await paced.until("response.done");
    expect(performance.now() - started).toBeGreaterThanOrEqual(11 * 40 - 5);
    paced.ws.close();
  });
});
