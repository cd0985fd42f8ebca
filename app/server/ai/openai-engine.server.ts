import OpenAI from "openai";
import { contentTypeById } from "~/content/catalogs";
import { detectAiText, detectionResult } from "~/server/detector/detect.server";
import { withLanguageModelScorer } from "~/server/detector/lm-scorer.server";
import { textParameters } from "./models.server";
import { streamOpenAiChat } from "./openai-chat.server";
import { openAiChatFiles } from "./openai-files.server";
import { humanizeWithProvider, type ChatCall } from "./openai-humanize.server";
import { createOpenAiMedia } from "./openai-media.server";
import { connectionErrorMessage } from "./provider-errors.server";
import type { AiEngine, ModelLookup } from "~/shared/ai-types";

export type OpenAiEngineConfig = {
  apiKey: string;
  baseURL?: string;
  textModel: string;
  imageModel: string;
  /** A Realtime model (read aloud over a WebSocket) or a /v1/audio/speech model until 2027-01-06. */
  speechModel: string;
  /** Per attempt; well under the Worker's limits. */
  timeoutMs: number;
};

// The SDK keeps its retries on 408/409/429/5xx and timeouts (spec §8).
const MAX_RETRIES = 2;

// The calls of spec §7: temperatures and token limits as specified, fallbacks when no text comes back.
export function createOpenAiEngine(config: OpenAiEngineConfig): AiEngine {
  const client = new OpenAI({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeout: config.timeoutMs,
    maxRetries: MAX_RETRIES,
  });

  async function complete(
    messages: OpenAI.Chat.ChatCompletionMessageParam[],
    options: { temperature: number; maxTokens: number; fallback: string },
  ): Promise<string> {
    const completion = await client.chat.completions.create({
      model: config.textModel,
      messages,
      ...textParameters(config.textModel, options),
    });
    return completion.choices[0]?.message?.content?.trim() || options.fallback;
  }

  const chatCall: ChatCall = (system, user, { temperature, maxTokens }) =>
    complete(
      [
        { role: "system", content: system },
        { role: "user", content: user },
      ],
      { temperature, maxTokens, fallback: "" },
    );

  return {
    id: "openai",
    label: `OpenAI ${config.textModel}`,
    cacheKey: `openai:${config.baseURL ?? "default"}:${config.textModel}:${config.imageModel}:${config.speechModel}`,
    ...createOpenAiMedia(client, config),
    chatFiles: openAiChatFiles(client),
    lifecycle: {
      models: [
        { role: "text", id: config.textModel },
        { role: "image", id: config.imageModel },
        { role: "speech", id: config.speechModel },
      ],
      lookUp: (id) => lookUpModel(client, id),
    },

    async ping() {
      try {
        await client.chat.completions.create({
          model: config.textModel,
          messages: [{ role: "user", content: "Hello" }],
          ...textParameters(config.textModel, { maxTokens: 5 }),
        });
      } catch (error) {
        // The status line shows this message: never let a key echoed by the provider through.
        throw new Error(connectionErrorMessage(error));
      }
    },

    async detect(text, strictness) {
      // The headline is the measured model's: a chat model's guess at its own kind is the weakest
      // detector there is, so its answer is shown as commentary (docs/architecture.md). Text the model
      // cannot read (not English) gets the model's answer alone.
      const stylometric = detectionResult(detectAiText(text, strictness));
      if (stylometric.verdict === "english-only") return stylometric;
      // With DETECTOR_SCORER_URL set, a language model may call the text 'Likely AI' too (decision
      // 059); it and the commentary are asked at once, so the slower sets the wait, not their sum.
      const [measured, report] = await Promise.all([
        withLanguageModelScorer(stylometric, text),
        complete(
          [
            {
              role: "system",
              content:
                "You are an AI content detector. Estimate how likely it is that the user's text was written by an AI. " +
                "Answer in exactly this format:\nAI Probability: X%\nAnalysis: a short explanation of the signals you found.",
            },
            { role: "user", content: text },
          ],
          { temperature: 0.7, maxTokens: 500, fallback: "Analysis failed" },
        ),
      ]);
      return { ...measured, report: `${measured.report}\nProvider commentary (${config.textModel}): ${commentaryIn(report)}` };
    },

    // The provider loop: paraphrase, re-score, revise the flagged sentences (openai-humanize.server.ts).
    humanize: (text, tone) => humanizeWithProvider(chatCall, text, tone),

    async write({ type, keywords, text }) {
      const contentType = contentTypeById(type);
      return complete(
        [
          {
            role: "system",
            content:
              `You are a content generator for ${contentType.name.toLowerCase()} content: ${contentType.description.toLowerCase()}. ` +
              "Write in Markdown.",
          },
          {
            role: "user",
            content: `Write a ${contentType.name}.\nKeywords: ${keywords.join(", ") || "none"}\n\n${text}`,
          },
        ],
        { temperature: 0.8, maxTokens: 1000, fallback: "Content generation failed" },
      );
    },

    chat(request, signal) {
      return streamOpenAiChat(client, request, { model: config.textModel, idleTimeoutMs: config.timeoutMs }, signal);
    },
  };
}

/** The provider's answer in its own words: its 'Analysis: …' part, or the whole answer without one. */
export function commentaryIn(report: string): string {
  const analysis = /Analysis:\s*([\s\S]*)/i.exec(report)?.[1]?.trim();
  return analysis || report.replace(/AI Probability:[^\n]*\n?/i, "").trim() || report;
}

/** GET /v1/models/{id}: `shutdown_date` is OpenAI's field for a scheduled retirement; a 404 means gone. */
async function lookUpModel(client: OpenAI, id: string): Promise<ModelLookup> {
  try {
    const model = (await client.models.retrieve(id, { maxRetries: 0 })) as OpenAI.Models.Model & { shutdown_date?: string | null };
    return { found: true, shutdownDate: model.shutdown_date ?? null };
  } catch (error) {
    if (error instanceof OpenAI.NotFoundError) return { found: false };
    throw error;
  }
}
