import { describe, expect, test } from "vitest";
import { ESpeakEngine } from "~/server/ai/offline/espeak.server";
import { meSpeakOptions, speechChunks, synthesizeSpeech } from "~/server/ai/offline/speech.server";
import { encodeWav, parseWav } from "~/server/ai/offline/wav.server";

describe("WAV files", () => {
  test("encodes a canonical header that parses back, with the duration from the data chunk", () => {
    const pcm = new Uint8Array(22050 * 2); // one second of 16-bit mono at 22.05 kHz
    const wav = encodeWav(pcm, { sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(new TextDecoder().decode(wav.subarray(0, 4))).toBe("RIFF");
    expect(new TextDecoder().decode(wav.subarray(8, 12))).toBe("WAVE");
    expect(parseWav(wav)).toEqual({
      sampleRate: 22050,
      channels: 1,
      bitsPerSample: 16,
      dataOffset: 44,
      dataLength: 44100,
      durationSeconds: 1,
    });
  });

  test("refuses what is not a WAV", () => {
    expect(parseWav(new TextEncoder().encode("ID3 not a wave file"))).toBeNull();
    expect(parseWav(new Uint8Array(4))).toBeNull();
  });
});

describe("offline speech settings", () => {
  test("scale eSpeak's words per minute, pitch and loudness by the sliders", () => {
    expect(meSpeakOptions({ voice: "ava", speed: 1, pitch: 1, emotion: 0.5 })).toEqual({
      voice: "en/en-us",
      variant: "f2",
      speed: 175,
      pitch: 50,
      amplitude: 110,
      wordgap: 0,
    });
    expect(meSpeakOptions({ voice: "lukas", speed: 2, pitch: 1.5, emotion: 1 })).toMatchObject({
      voice: "de",
      variant: "m4",
      speed: 350,
      pitch: 75,
      amplitude: 140,
    });
    expect(meSpeakOptions({ voice: "oliver", speed: 0.5, pitch: 0.5, emotion: 0 })).toMatchObject({
      voice: "en/en",
      variant: "m1",
      speed: 88,
      pitch: 25,
      wordgap: 1,
    });
    expect(meSpeakOptions({ voice: "sofia", speed: 1, pitch: 1, emotion: 0.5 }).voice).toBe("es");
  });

  test("split long text into whole sentences under the limit, losing nothing", () => {
    const text = "First sentence here. Second one! A third? ".repeat(40);
    const chunks = speechChunks(text, 120);
    expect(chunks.every((chunk) => chunk.length <= 120)).toBe(true);
    expect(chunks.join(" ").replace(/\s+/g, " ")).toBe(text.trim().replace(/\s+/g, " "));
    expect(speechChunks("word ".repeat(300), 100).every((chunk) => chunk.length <= 100)).toBe(true);
  });
});

describe("offline speech", () => {
  test("mespeak produces a real WAV whose length follows the speed", async () => {
    const request = { text: "The quick brown fox jumps over the lazy dog.", voice: "ava", speed: 1, pitch: 1, emotion: 0.5 } as const;
    const normal = await synthesizeSpeech(request);
    expect(normal.contentType).toBe("audio/wav");
    const wav = parseWav(normal.bytes)!;
    expect(wav).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(wav.durationSeconds).toBeGreaterThan(1);
    const fast = parseWav((await synthesizeSpeech({ ...request, speed: 2 })).bytes)!;
    expect(fast.durationSeconds).toBeLessThan(wav.durationSeconds * 0.75);
    // Not silence: some samples are loud.
    const view = new DataView(normal.bytes.buffer, normal.bytes.byteOffset + wav.dataOffset, wav.dataLength);
    let peak = 0;
    for (let offset = 0; offset + 1 < wav.dataLength; offset += 2) peak = Math.max(peak, Math.abs(view.getInt16(offset, true)));
    expect(peak).toBeGreaterThan(2000);
    // The first call loads eSpeak (~5 MB): seconds on a busy machine.
  }, 30_000);

  test("a text starting with a dash is spoken, not read as an option", async () => {
    const result = await synthesizeSpeech({ text: "-w nothing -v xx", voice: "ethan", speed: 1, pitch: 1, emotion: 0.5 });
    expect(parseWav(result.bytes)!.durationSeconds).toBeGreaterThan(0.3);
  }, 30_000);
});

describe("the eSpeak driver", () => {
  test("keeps speaking well past the ~80 runs after which one engine corrupts its data", async () => {
    const [{ default: ESpeak }, { default: config }, { default: voice }] = await Promise.all([
      import("mespeak/src/ESpeak.js"),
      import("mespeak/src/mespeak_config.json"),
      import("mespeak/voices/en/en-us.json"),
    ]);
    let engines = 0;
    const espeak = new ESpeakEngine(() => {
      engines += 1;
      return new ESpeak();
    }, config);
    espeak.addVoice(voice);
    const args = { voice: "en/en-us", variant: "m3", speed: 175, pitch: 50, amplitude: 100, wordgap: 0 };
    const lengths = new Set<number>();
    for (let run = 0; run < 130; run += 1) lengths.add(parseWav(espeak.speak("Hi.", args))!.dataLength);
    // The same text gives the same clip every time, and engines were replaced along the way.
    expect([...lengths]).toHaveLength(1);
    expect(engines).toBeGreaterThanOrEqual(4);
  }, 60_000);
});
