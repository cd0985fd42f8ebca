import type { ToolId } from "~/content/tools";

// What a person sees when the AI provider fails (spec §8). The detail goes to the log, not the page.
export const failureMessages: Record<ToolId, string> = {
  detector: "Failed to analyze text. Please try again.",
  humanizer: "Failed to humanize text. Please try again.",
  writer: "Failed to generate content. Please try again.",
  voiceover: "Failed to generate speech. Please try again.",
  imagine: "Failed to generate image. Please try again.",
  chat: "Failed to get a reply. Please try again.",
};

export const rateLimitedMessage = "The AI service is receiving too many requests right now. Please wait a few seconds and try again.";

/** The voice model said other words than the text (openai-realtime-speech.server.ts): nothing is kept. */
export const speechMismatchMessage = "The voice did not read your text as written, so the audio was not kept. Please try again.";
