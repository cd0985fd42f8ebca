import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { parseWav } from "~/server/ai/offline/wav.server";
import { expectProviderFailurePage, fakeOpenAi, freshClient, get, postForm, visibleText } from "./helpers";
import { restoreSettingsAfterEach, withFakeOpenAi } from "./each-test";
import { fetchMedia, mediaUrlIn } from "./media-helpers";

// The OpenAI engine against the API as it is today (tests/fakes: retired models answer 404,
// reasoning models refuse max_tokens, speech goes through the Realtime WebSocket), and every way a
// provider can fail mapped to the spec's messages.

const speech = { text: "Hello there. This is a short voiceover test.", voice: "oliver", speed: "1", pitch: "1", emotion: "0.5" };
const speechFailure = "Failed to generate speech. Please try again.";

beforeAll(async () => {
  await (await get("/voiceover-ai")).text();
}, 120_000);

withFakeOpenAi();
restoreSettingsAfterEach("OPENAI_TEXT_MODEL", "OPENAI_IMAGE_MODEL", "OPENAI_SPEECH_MODEL");

/** The status line's words, as a person reads them. */
function statusLine(html: string): string {
  const line = html.match(/<p role="status"[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? "";
  return visibleText(line.replace(/<!-- -->/g, ""))
    .replace(/\( /g, "(")
    .replace(/ \)/g, ")")
    .trim();
}

async function realtimeSessions() {
  return (await fakeOpenAi.requests()).filter((r) => r.path === "/v1/realtime");
}

describe("speech through the Realtime API", () => {
  it("opens one session with the key, asks for 24 kHz PCM in the mapped voice, reads the text and serves it as WAV", async () => {
    const response = await postForm("/voiceover-ai", { ...speech, speed: "1.2", pitch: "0.7", emotion: "0.9" }, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();

    const [session, ...more] = await realtimeSessions();
    expect(more).toHaveLength(0);
    expect(session?.query?.model).toBe("gpt-realtime-2.1-mini");
    expect(session?.headers.authorization).toBe("Bearer sk-test-integration-key-000000001234");
    expect(session?.events?.map((event) => event.type)).toEqual(["session.update", "conversation.item.create", "response.create"]);
    const update = session!.events![0]!.session;
    expect(update).toMatchObject({
      type: "realtime",
      output_modalities: ["audio"],
      audio: { output: { format: { type: "audio/pcm", rate: 24000 }, voice: "cedar", speed: 1.2 } },
    });
    expect(update.instructions).toContain("exactly as written");
    expect(update.instructions).toContain("British accent");
    expect(update.instructions).toContain("much lower pitch");
    expect(session!.events![1]!.item).toEqual({ type: "message", role: "user", content: [{ type: "input_text", text: speech.text }] });
    expect((await fakeOpenAi.requests()).some((r) => r.path === "/v1/audio/speech")).toBe(false);

    const url = mediaUrlIn(html, "audio")!;
    expect(html).toContain('download="voiceover.wav"');
    const { response: media, bytes } = await fetchMedia(url);
    expect(media.headers.get("content-type")).toBe("audio/wav");
    const wav = parseWav(bytes);
    expect(wav).toMatchObject({ sampleRate: 24000, channels: 1, bitsPerSample: 16 });
    // The fake speaks 60 ms per character at speed 1: every delta of the answer is in the file.
    expect(wav!.durationSeconds).toBeCloseTo((speech.text.length * 0.06) / 1.2, 1);
  });

  it("splits a long text on sentence ends into several responses of one session and joins their audio", async () => {
    const sentence = "Our spring collection arrives in stores next Monday, cut from recycled cotton. ";
    const text = sentence.repeat(40).trim(); // ~3,200 characters: more than one response may read
    const response = await postForm("/voiceover-ai", { ...speech, text }, freshClient());
    expect(response.status).toBe(200);
    const [session] = await realtimeSessions();
    const pieces = session!.events!.filter((event) => event.type === "conversation.item.create").map((event) => event.item.content[0].text);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(pieces.every((piece: string) => piece.length <= 1000 && piece.endsWith("cotton."))).toBe(true);
    expect(pieces.join(" ")).toBe(text);
    const { bytes } = await fetchMedia(mediaUrlIn(await response.text(), "audio")!);
    expect(parseWav(bytes)!.durationSeconds).toBeCloseTo(text.replace(/\s+/g, " ").length * 0.06, 0);
  });

  it("reads faster than 1.5× at 1.5×, the model's top speed, and says so", async () => {
    const response = await postForm("/voiceover-ai", { ...speech, speed: "2" }, freshClient());
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("Read at 1.5×, the fastest speed this voice model speaks.");
    const [session] = await realtimeSessions();
    expect(session!.events![0]!.session.audio.output.speed).toBe(1.5);
  });

  it("keeps no audio when the model says other words than the text, and says why", async () => {
    await fakeOpenAi.next({ realtime: { transcript: "Sure! Here is a poem about the sea instead." } });
    const response = await postForm("/voiceover-ai", speech, freshClient());
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(visibleText(html)).toContain("The voice did not read your text as written, so the audio was not kept. Please try again.");
    expect(mediaUrlIn(html, "audio")).toBeUndefined();
    expect(html).toContain(speech.text);
  });

  it.each([
    ["the socket closes in the middle of the answer", { realtime: { closeAfterDeltas: 2 } }, speechFailure],
    ["the response ends failed", { realtime: { failResponse: true } }, speechFailure],
    [
      "an error event arrives",
      { realtime: { errorEvent: { type: "server_error", code: "server_error", message: "boom" } } },
      speechFailure,
    ],
    [
      "a rate-limit error event arrives",
      { realtime: { errorEvent: { type: "rate_limit_exceeded", code: "rate_limit_exceeded", message: "slow down" } } },
      "Please wait a few seconds and try again.",
    ],
    ["the upgrade is refused with 500", { status: 500 }, speechFailure],
    ["the upgrade is refused with 429", { status: 429 }, "Please wait a few seconds and try again."],
  ])("maps it to the spec's message when %s, keeping the input", async (_case, scripted, message) => {
    await fakeOpenAi.next(scripted);
    const response = await postForm("/voiceover-ai", speech, freshClient());
    await expectProviderFailurePage(response, message, speech.text);
  });

  it("gives up on a model that never answers after the timeout instead of hanging", async () => {
    await fakeOpenAi.next({ realtime: { hang: true } });
    const started = Date.now();
    const response = await postForm("/voiceover-ai", speech, freshClient());
    expect(response.status).toBe(502);
    expect(visibleText(await response.text())).toContain(speechFailure);
    expect(Date.now() - started).toBeLessThan(5_000); // OPENAI_TIMEOUT_MS is 1000 in this suite
  });

  it("a speech model the provider no longer serves fails with the spec's message and the status line says what to change", async () => {
    env.OPENAI_SPEECH_MODEL = "gpt-realtime"; // due to shut down on 2027-01-20; here the fake has retired it early
    await fakeOpenAi.models({ id: "gpt-realtime", shutdown_date: "2026-11-01" });
    const response = await postForm("/voiceover-ai", speech, freshClient());
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(visibleText(html)).toContain(speechFailure);
    expect(statusLine(html)).toContain(
      "AI Service Unavailable (model gpt-realtime is not available: the provider does not offer it; set OPENAI_SPEECH_MODEL)",
    );
  });
});

describe("the text model as today's API takes it", () => {
  it("a retired text model turns every tool's status line red with the date and the variable, and fails with the spec's message", async () => {
    env.OPENAI_TEXT_MODEL = "gpt-3.5-turbo";
    for (const path of ["/ai-detector", "/ai-humanizer", "/ai-writer", "/conversational-ai", "/imagine-ai", "/voiceover-ai"]) {
      expect(statusLine(await (await get(path)).text()), path).toContain(
        "AI Service Unavailable (model gpt-3.5-turbo is not available: retired on 2026-10-23; set OPENAI_TEXT_MODEL)",
      );
    }
    const response = await postForm("/ai-detector", { text: "Keep this text." }, freshClient());
    expect(response.status).toBe(502);
    expect(visibleText(await response.text())).toContain("Failed to analyze text. Please try again.");
    const refused = (await fakeOpenAi.requests()).find(
      (r) => r.path === "/v1/chat/completions" && r.body?.messages?.at(-1)?.content === "Keep this text.",
    );
    expect(refused?.body.model).toBe("gpt-3.5-turbo");
  });

  it("a model the provider does not know is named as not offered", async () => {
    env.OPENAI_TEXT_MODEL = "gpt-does-not-exist";
    expect(statusLine(await (await get("/ai-writer")).text())).toContain(
      "AI Service Unavailable (model gpt-does-not-exist is not available: the provider does not offer it; set OPENAI_TEXT_MODEL)",
    );
  });

  it("an earlier chat model gets no reasoning parameter, which it would refuse", async () => {
    env.OPENAI_TEXT_MODEL = "gpt-4o-mini";
    const response = await postForm("/ai-humanizer", { text: "Some text to rewrite.", tone: "casual" }, freshClient());
    expect(response.status).toBe(200);
    const request = (await fakeOpenAi.requests()).find((r) => r.body?.messages?.at(-1)?.content === "Some text to rewrite.");
    expect(request?.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.8, max_completion_tokens: 500 });
    expect(request?.body).not.toHaveProperty("reasoning_effort");
  });

  it("a retired image model makes the image screen's status line say so", async () => {
    env.OPENAI_IMAGE_MODEL = "dall-e-3";
    expect(statusLine(await (await get("/imagine-ai")).text())).toContain(
      "AI Service Unavailable (model dall-e-3 is not available: retired on 2026-05-12; set OPENAI_IMAGE_MODEL)",
    );
    // The text screens use the text model only: they stay connected.
    expect(statusLine(await (await get("/ai-detector")).text())).toContain("AI Service Connected");
  });
});

describe("model lifecycle in /healthz", () => {
  it("lists every configured model with its state, warns of a shutdown within 30 days, and never waits for the provider", async () => {
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    env.OPENAI_IMAGE_MODEL = "gpt-image-2.6-sunburst";
    await fakeOpenAi.models({ id: "gpt-image-2.6-sunburst", shutdown_date: soon, kind: "image" });
    // The first probe of a configuration answers at once from an empty cache and checks in the background.
    const first = (await (await get("/healthz")).json()) as { status: string; engine: string };
    expect(first).toMatchObject({ status: "ok", engine: "openai" });
    await expect
      .poll(async () => ((await (await get("/healthz")).json()) as { models: unknown }).models, { timeout: 5_000 })
      .toEqual([
        { role: "text", id: "gpt-6-luna", variable: "OPENAI_TEXT_MODEL", state: "active", shutdownDate: null },
        {
          role: "image",
          id: "gpt-image-2.6-sunburst",
          variable: "OPENAI_IMAGE_MODEL",
          state: "deprecated",
          shutdownDate: soon,
          daysLeft: 10,
          warning: true,
        },
        { role: "speech", id: "gpt-realtime-2.1-mini", variable: "OPENAI_SPEECH_MODEL", state: "active", shutdownDate: null },
      ]);
    const lookups = (await fakeOpenAi.requests()).filter((r) => r.path.startsWith("/v1/models/"));
    expect(lookups.map((r) => r.path).sort()).toEqual([
      "/v1/models/gpt-6-luna",
      "/v1/models/gpt-image-2.6-sunburst",
      "/v1/models/gpt-realtime-2.1-mini",
    ]);
  });

  it("says degraded when a configured model is gone", async () => {
    env.OPENAI_SPEECH_MODEL = "tts-1-hd";
    await fakeOpenAi.models({ id: "tts-1-hd", shutdown_date: "2026-01-01" });
    await get("/voiceover-ai");
    const body = (await (await get("/healthz")).json()) as { status: string; models: unknown[] };
    expect(body.status).toBe("degraded");
    expect(body.models[2]).toMatchObject({ id: "tts-1-hd", state: "unavailable", warning: true });
  });

  it("on the offline engine lists no models", async () => {
    fakeOpenAi.offline();
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok", engine: "offline", models: [] });
  });
});
