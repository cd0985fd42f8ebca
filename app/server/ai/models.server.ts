// Which OpenAI models the engine uses, and what we know about their lifecycle.
//
// Model ids are configuration with current defaults, never spec constants: OpenAI retires them
// (docs/architecture.md 'AI providers'). The defaults and dates below were read on 2026-11-24 from
// OpenAI's deprecations page (developers.openai.com/api/docs/deprecations), the gpt-6-luna,
// gpt-image-2.6 and gpt-realtime-2.1-mini model pages and the openai-node 6.49.0 type definitions;
// docs/architecture.md ('AI models and the OpenAI engine') lists the sources. The Worker also asks the API itself
// (GET /v1/models/{id}, model-lifecycle.server.ts), so a new retirement shows without a release.

import type { ModelRole } from "~/shared/ai-types";
export type { ModelRole };

export const defaultModels: Record<ModelRole, string> = {
  /** Detector, humanizer, writer and the connection test on Chat Completions; chat on the Responses API. */
  text: "gpt-6-luna",
  /** Image generation (answers base64 only; sizes 1024x1024, 1024x1536, 1536x1024). */
  image: "gpt-image-2.6-flare",
  /** Speech through the Realtime API (WebSocket); /v1/audio/speech shuts down on 2027-01-06. */
  speech: "gpt-realtime-2.1-mini",
};

/** The variable that sets each role's model: what the status line tells an operator to change. */
export const modelVariables: Record<ModelRole, string> = {
  text: "OPENAI_TEXT_MODEL",
  image: "OPENAI_IMAGE_MODEL",
  speech: "OPENAI_SPEECH_MODEL",
};

/**
 * Shutdown dates from OpenAI's deprecations page (read 2026-11-24) of models this site used or an
 * operator is likely to still have configured. The API answers a shut-down model with a bare 404,
 * so this is where the status line's 'retired on DATE' comes from when the API no longer says.
 */
export const knownShutdownDates: Record<string, string> = {
  "gpt-3.5-turbo": "2026-10-23",
  "gpt-3.5-turbo-0125": "2026-10-23",
  "gpt-4": "2026-10-23",
  "gpt-4-turbo": "2026-10-23",
  "gpt-4.1-nano": "2026-10-23",
  o1: "2026-10-23",
  "o3-mini": "2026-10-23",
  "o4-mini": "2026-10-23",
  "gpt-image-1": "2026-10-23",
  "dall-e-2": "2026-05-12",
  "dall-e-3": "2026-05-12",
  "gpt-image-1-mini": "2026-12-01",
  "gpt-image-1.5": "2026-12-01",
  "gpt-5": "2026-12-11",
  "gpt-5-mini": "2026-12-11",
  "gpt-5-nano": "2026-12-11",
  "tts-1": "2027-01-06",
  "tts-1-hd": "2027-01-06",
  "gpt-4o-mini-tts": "2027-01-06",
  "gpt-4o": "2027-01-14",
  "gpt-4o-mini": "2027-01-14",
  "gpt-4.1": "2027-01-14",
  "gpt-4.1-mini": "2027-01-14",
  "gpt-realtime": "2027-01-20",
};

/**
 * How a text model takes the spec's temperature and token limit on Chat Completions.
 * - Reasoning models (gpt-5.1 and later, gpt-6, gpt-6-luna): `max_tokens` is refused (400), and a
 *   temperature other than 1 only with `reasoning_effort: "none"`, which also keeps tiny budgets
 *   (the 5-token connection test) from being spent on reasoning and coming back empty.
 * - Earlier chat models (gpt-4o, gpt-4.1): no reasoning parameter at all.
 * `max_completion_tokens` is accepted by both.
 */
export function textParameters(model: string, { temperature, maxTokens }: { temperature?: number; maxTokens: number }) {
  const classic = isClassicChatModel(model);
  return {
    max_completion_tokens: maxTokens,
    ...(classic ? {} : { reasoning_effort: "none" as const }),
    ...(temperature === undefined ? {} : { temperature }),
  };
}

/**
 * The same on the Responses API (the chat, openai-chat.server.ts): `max_output_tokens`, and the
 * effort as `reasoning: { effort }` — Responses knows neither `max_tokens` nor `reasoning_effort`.
 * Read 2026-11-26 in openai-node 7.57.0's `resources/responses/responses.d.ts` (ResponseCreateParamsBase).
 */
export function responsesTextParameters(model: string, { temperature, maxTokens }: { temperature?: number; maxTokens: number }) {
  return {
    max_output_tokens: maxTokens,
    ...(isClassicChatModel(model) ? {} : { reasoning: { effort: "none" as const } }),
    ...(temperature === undefined ? {} : { temperature }),
  };
}

const isClassicChatModel = (model: string) => /^(gpt-4o|gpt-4\.1|gpt-4-|gpt-3\.5)/.test(model);

/** Realtime models read text aloud; the older speech-endpoint models (tts-1, gpt-4o-mini-tts) do not. */
export function usesSpeechEndpoint(model: string): boolean {
  return /^tts-|-tts($|-)/.test(model);
}
