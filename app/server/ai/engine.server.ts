import { setting } from "../settings.server";
import { defaultModels } from "./models.server";
import { createOfflineEngine } from "./offline-engine.server";
import { createOpenAiEngine } from "./openai-engine.server";
import type { AiEngine } from "~/shared/ai-types";

// With OPENAI_API_KEY set the OpenAI engine answers; otherwise the offline engine (docs/architecture.md).
// Engines are cheap to create but the SDK client is not free: keep one per configuration.
let memo: { key: string; engine: AiEngine } | undefined;

export function currentEngine(): AiEngine {
  return engineFor(engineSettings());
}

/** The engine's settings as this request reads them, for work that runs elsewhere (a chat turn's Durable Object). */
export function engineSettings() {
  return {
    apiKey: setting("OPENAI_API_KEY"),
    baseURL: setting("OPENAI_BASE_URL"),
    textModel: setting("OPENAI_TEXT_MODEL") ?? defaultModels.text,
    imageModel: setting("OPENAI_IMAGE_MODEL") ?? defaultModels.image,
    speechModel: setting("OPENAI_SPEECH_MODEL") ?? defaultModels.speech,
    timeoutMs: setting("OPENAI_TIMEOUT_MS"),
  };
}

export type EngineSettings = ReturnType<typeof engineSettings>;

/** The engine of these settings: OpenAI's with a key, else the offline one. */
export function engineFor({ apiKey, ...config }: EngineSettings): AiEngine {
  const key = apiKey ? JSON.stringify([config, apiKey.length, apiKey.slice(-4)]) : "offline";
  if (memo?.key !== key) {
    memo = { key, engine: withProvenance(apiKey ? createOpenAiEngine({ apiKey, ...config }) : createOfflineEngine()) };
  }
  return memo.engine;
}

/**
 * Every file an engine generates says how it was made, whichever engine and transport: the media
 * store signs that into its Content Credentials (decision 062). An edit's parent is the image as
 * the engine was given it.
 */
function withProvenance(engine: AiEngine): AiEngine {
  return {
    ...engine,
    speak: async (request) => ({ ...(await engine.speak(request)), provenance: { engine: engine.id, action: "created" } }),
    imagine: async (request) => ({ ...(await engine.imagine(request)), provenance: { engine: engine.id, action: "created" } }),
    editImage: async (request) => ({
      ...(await engine.editImage(request)),
      provenance: { engine: engine.id, action: "edited", parent: { bytes: request.image.bytes, contentType: request.image.info.type } },
    }),
  };
}
