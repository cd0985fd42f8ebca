import { describe, expect, test } from "vitest";
import { acceptsInstructions, imagePrompt, speechEndpointVoices } from "~/server/ai/openai-media.server";
import { speechInstructions } from "~/server/ai/speech-instructions.server";
import { parseRange } from "~/server/media/byte-range.server";
import { sniffAudioType, sniffImageType } from "~/server/media/sniff.server";

describe("byte ranges", () => {
  test("serve one range, an open range or a suffix", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ offset: 0, length: 100 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ offset: 900, length: 100 });
    expect(parseRange("bytes=-10", 1000)).toEqual({ offset: 990, length: 10 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ offset: 990, length: 10 });
    expect(parseRange("bytes=-5000", 1000)).toEqual({ offset: 0, length: 1000 });
  });

  test("refuse ranges past the end and ignore malformed or multiple ranges", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    for (const header of [null, "", "bytes=", "bytes=-", "bytes=5-1", "items=0-1", "bytes=0-1,3-4", "bytes=a-b"]) {
      expect(parseRange(header, 1000), String(header)).toBeUndefined();
    }
  });
});

describe("content sniffing", () => {
  test("knows PNG, JPEG, WebP, MP3 and WAV by their first bytes, and nothing else", () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("image/webp");
    expect(sniffImageType(new TextEncoder().encode("<svg onload=alert(1)>"))).toBeUndefined();
    expect(sniffAudioType(new Uint8Array([0xff, 0xfb, 0x90, 0xc4]))).toBe("audio/mpeg");
    expect(sniffAudioType(new TextEncoder().encode("ID3\u0004"))).toBe("audio/mpeg");
    expect(sniffAudioType(new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "))).toBe("audio/wav");
    expect(sniffAudioType(new TextEncoder().encode('{"error":1}'))).toBeUndefined();
  });
});

describe("OpenAI media requests", () => {
  test("map each voice to a distinct OpenAI voice", () => {
    expect(new Set(Object.values(speechEndpointVoices)).size).toBe(6);
  });

  test("fold accent, pitch and emotion into the instructions", () => {
    expect(speechInstructions({ voice: "oliver", pitch: 1, emotion: 0.5 })).toBe(
      "Speak English with a natural British accent. Keep your natural pitch. Emotional intensity 50%: sound natural and moderately expressive.",
    );
    expect(speechInstructions({ voice: "lukas", pitch: 1.4, emotion: 0 })).toContain(
      "Speak German with a natural German accent. Use a much higher pitch",
    );
    expect(speechInstructions({ voice: "isla", pitch: 0.8, emotion: 1 })).toMatch(
      /Australian accent. Use a lower pitch.*100%: sound highly expressive/,
    );
  });

  test("send instructions only to models that take them, and the style with the prompt", () => {
    expect(acceptsInstructions("gpt-4o-mini-tts")).toBe(true);
    expect(acceptsInstructions("tts-1-hd")).toBe(false);
    expect(imagePrompt("A red fox", "3d")).toBe("A red fox\n\nStyle: 3D Render (3D rendered style).");
  });
});
