import { describe, expect, test } from "vitest";
import { imageSizeLabel, imageSizes, imageStyles, voices } from "~/content/media-catalogs";
import { imagineForm, voiceoverForm } from "~/forms/media-forms";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const speech = { text: "Hello", voice: "ava", speed: "1", pitch: "1", emotion: "0.5" };

describe("voiceover form", () => {
  test("parses the sliders as numbers on their steps and trims the text", () => {
    expect(voiceoverForm.parse({ ...speech, text: "  Hi  ", speed: "1.7", pitch: "0.6", emotion: "0.3" })).toEqual({
      text: "Hi",
      voice: "ava",
      speed: 1.7,
      pitch: 0.6,
      emotion: 0.3,
    });
  });

  test("accepts every step of every slider, ends included", () => {
    for (let tenth = 5; tenth <= 20; tenth += 1)
      expect(voiceoverForm.safeParse({ ...speech, speed: String(tenth / 10) }).success).toBe(true);
    for (let tenth = 5; tenth <= 15; tenth += 1)
      expect(voiceoverForm.safeParse({ ...speech, pitch: String(tenth / 10) }).success).toBe(true);
    for (let tenth = 0; tenth <= 10; tenth += 1)
      expect(voiceoverForm.safeParse({ ...speech, emotion: String(tenth / 10) }).success).toBe(true);
  });

  test("uses the defaults for absent sliders (spec §5)", () => {
    expect(voiceoverForm.parse({ text: "Hi", voice: "lukas" })).toMatchObject({ speed: 1, pitch: 1, emotion: 0.5 });
  });

  test("rejects values off the range or the step, and non-numbers", () => {
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, speed: "0.4" }))).toBe(
      "Speed must be a number from 0.5 to 2 in steps of 0.1.",
    );
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, speed: "1.25" }))).toBe(
      "Speed must be a number from 0.5 to 2 in steps of 0.1.",
    );
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, pitch: "1.6" }))).toBe(
      "Pitch must be a number from 0.5 to 1.5 in steps of 0.1.",
    );
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, emotion: "NaN" }))).toBe(
      "Emotion must be a number from 0 to 1 in steps of 0.1.",
    );
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, emotion: "Infinity" }))).toBe(
      "Emotion must be a number from 0 to 1 in steps of 0.1.",
    );
  });

  test("requires a non-blank text of at most 4,096 characters and a known voice", () => {
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, text: " \n " }))).toBe("Please enter the text to speak.");
    expect(voiceoverForm.safeParse({ ...speech, text: "a".repeat(4096) }).success).toBe(true);
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, text: "a".repeat(4097) }))).toBe(
      "The text to speak is too long: the limit is 4,096 characters.",
    );
    for (const voice of voices) expect(voiceoverForm.safeParse({ ...speech, voice: voice.id }).success).toBe(true);
    expect(firstMessage(voiceoverForm.safeParse({ ...speech, voice: "alloy" }))).toMatch(/^Unknown voice/);
  });
});

describe("image form", () => {
  test("accepts every style and size of the catalogs and refuses others", () => {
    for (const style of imageStyles)
      for (const size of imageSizes) {
        expect(imagineForm.safeParse({ style: style.id, size: size.id, prompt: "x" }).success).toBe(true);
      }
    expect(firstMessage(imagineForm.safeParse({ style: "oil", size: "1024x1024", prompt: "x" }))).toMatch(/^Unknown style/);
    expect(firstMessage(imagineForm.safeParse({ style: "3d", size: "256x256", prompt: "x" }))).toMatch(/^Unknown image size/);
  });

  test("requires a description of at most 1,000 characters", () => {
    expect(firstMessage(imagineForm.safeParse({ style: "3d", size: "1024x1024", prompt: "  " }))).toBe(
      "Please enter the description of your image.",
    );
    expect(firstMessage(imagineForm.safeParse({ style: "3d", size: "1024x1024", prompt: "p".repeat(1001) }))).toContain("1,000 characters");
  });
});

describe("catalogs (spec §3)", () => {
  test("six voices with language, gender and accent; six styles; three sizes", () => {
    expect(voices.map((voice) => [voice.lang, voice.type, voice.accent])).toEqual([
      ["English US", "female", "American"],
      ["English UK", "male", "British"],
      ["Spanish", "female", "Spanish"],
      ["English US", "male", "American"],
      ["English AU", "female", "Australian"],
      ["German", "male", "German"],
    ]);
    expect(imageStyles.map((style) => [style.id, style.description])).toEqual([
      ["realistic", "Photorealistic style"],
      ["artistic", "Digital art style"],
      ["3d", "3D rendered style"],
      ["cartoon", "Cartoon/Anime style"],
      ["sketch", "Hand-drawn style"],
      ["abstract", "Abstract art style"],
    ]);
    // The spec's shapes at the sizes today's GPT image models take (DALL·E 3's 1792 sizes are gone).
    expect(imageSizes.map((size) => `${size.id}: ${imageSizeLabel(size)}`)).toEqual([
      "square: Square (1024 × 1024)",
      "portrait: Portrait (1024 × 1536)",
      "landscape: Landscape (1536 × 1024)",
    ]);
  });

  test("the spec's pixel sizes from forms rendered before the change still choose their shape", () => {
    expect(imagineForm.parse({ style: "3d", size: "1024x1792", prompt: "x" }).size).toBe("portrait");
    expect(imagineForm.parse({ style: "3d", size: "1792x1024", prompt: "x" }).size).toBe("landscape");
    expect(imagineForm.parse({ style: "3d", size: "1024x1024", prompt: "x" }).size).toBe("square");
    expect(firstMessage(imagineForm.safeParse({ style: "3d", size: "1536x1536", prompt: "x" }))).toBe(
      "Unknown image size. Choose one of: Square (1024 × 1024), Portrait (1024 × 1536), Landscape (1536 × 1024).",
    );
  });
});
