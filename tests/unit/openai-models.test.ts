import { describe, expect, test } from "vitest";
import { defaultModels, textParameters, usesSpeechEndpoint } from "~/server/ai/models.server";

describe("the parameters a text model is sent", () => {
  test("the default reasoning model gets max_completion_tokens and reasoning off, so the spec's temperature holds", () => {
    expect(textParameters(defaultModels.text, { temperature: 0.7, maxTokens: 500 })).toEqual({
      max_completion_tokens: 500,
      reasoning_effort: "none",
      temperature: 0.7,
    });
  });

  test("the connection test sends no temperature and a 5-token budget with reasoning off", () => {
    expect(textParameters("gpt-6-luna", { maxTokens: 5 })).toEqual({ max_completion_tokens: 5, reasoning_effort: "none" });
  });

  test("earlier chat models get no reasoning parameter, which they would refuse", () => {
    expect(textParameters("gpt-4o-mini", { temperature: 0.8, maxTokens: 1000 })).toEqual({
      max_completion_tokens: 1000,
      temperature: 0.8,
    });
  });
});

test("realtime models read aloud over the WebSocket; the older speech models use /v1/audio/speech", () => {
  expect(usesSpeechEndpoint(defaultModels.speech)).toBe(false);
  expect(["tts-1", "tts-1-hd", "gpt-4o-mini-tts", "gpt-4o-mini-tts-2025-12-15"].map(usesSpeechEndpoint)).toEqual([true, true, true, true]);
});
