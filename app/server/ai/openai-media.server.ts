import type OpenAI from "openai";
import { toFile } from "openai";
import { imageSizeById, imageStyleById, type VoiceId } from "~/content/media-catalogs";
import { providerEditFiles } from "../media/provider-edit-files.server";
import { sniffImageType, sniffAudioType } from "../media/sniff.server";
import { usesSpeechEndpoint } from "./models.server";
import { speakWithRealtime } from "./openai-realtime-speech.server";
import { speechInstructions } from "./speech-instructions.server";
import type { AiEngine } from "~/shared/ai-types";
import { fromBase64 } from "../base64.server";

// The OpenAI engine's media tools: speech for the voiceover screen (the Realtime API by default,
// /v1/audio/speech for its older models until they shut down on 2027-01-06), images.generate for
// the image screen (spec §7, with the chosen shape honoured: docs/architecture.md decisions), images.edit
// for its Edit mode.

/** Our six voices on /v1/audio/speech's built-in voices, by gender and character. */
export const speechEndpointVoices: Record<VoiceId, string> = {
  ava: "nova",
  oliver: "fable",
  sofia: "coral",
  ethan: "onyx",
  isla: "shimmer",
  lukas: "ash",
};

/** The older tts-1 models reject `instructions`; gpt-4o-mini-tts and later accept them. */
export function acceptsInstructions(model: string): boolean {
  return !model.startsWith("tts-1");
}

export function imagePrompt(prompt: string, styleId: Parameters<typeof imageStyleById>[0]): string {
  const style = imageStyleById(styleId);
  return `${prompt}\n\nStyle: ${style.name} (${style.description}).`;
}

export type OpenAiMediaConfig = {
  apiKey: string;
  baseURL?: string;
  imageModel: string;
  speechModel: string;
  timeoutMs: number;
};

export function createOpenAiMedia(client: OpenAI, config: OpenAiMediaConfig): Pick<AiEngine, "speak" | "imagine" | "editImage"> {
  return {
    async speak(request) {
      if (!usesSpeechEndpoint(config.speechModel)) {
        return speakWithRealtime({ ...config, model: config.speechModel }, request);
      }
      const instructions = acceptsInstructions(config.speechModel);
      const response = await client.audio.speech.create({
        model: config.speechModel,
        voice: speechEndpointVoices[request.voice],
        input: request.text,
        speed: request.speed,
        response_format: "mp3",
        ...(instructions ? { instructions: speechInstructions(request) } : {}),
      });
      const bytes = new Uint8Array(await response.arrayBuffer());
      const contentType = sniffAudioType(bytes);
      if (!contentType) throw new Error("The speech answer was not audio");
      return {
        bytes,
        contentType,
        notice: instructions ? undefined : `${config.speechModel} takes no instructions: pitch and emotion are not applied.`,
      };
    },

    async imagine({ prompt, style, size }) {
      // GPT image models answer base64 only and refuse `response_format` and `style`: send only
      // what their reference lists (model, prompt, n, size).
      const { width, height } = imageSizeById(size);
      const result = await client.images.generate({
        model: config.imageModel,
        prompt: imagePrompt(prompt, style),
        n: 1,
        size: `${width}x${height}` as "1024x1024",
      });
      return imageFromAnswer(result);
    },

    async editImage({ prompt, image, size, strokes, maskPng }) {
      // images.edit takes the image as it is (PNG, JPEG or WebP) and, when part of it was painted,
      // a PNG mask of the image's own size whose transparent pixels mark the area to change. The
      // provider fits the result to the size; the answer is base64, as for generation.
      const { width, height } = imageSizeById(size);
      const files = await providerEditFiles(image, strokes, maskPng);
      const mask = files.mask;
      const result = await client.images.edit({
        model: config.imageModel,
        image: await toFile(files.image.bytes, `image.${files.image.type.slice("image/".length)}`, { type: files.image.type }),
        ...(mask ? { mask: await toFile(mask, "mask.png", { type: "image/png" }) } : {}),
        prompt,
        n: 1,
        size: `${width}x${height}` as "1024x1024",
      });
      return { ...imageFromAnswer(result), width, height };
    },
  };
}

/** The first image of an images API answer (always base64 for GPT image models), typed by its bytes. */
function imageFromAnswer(answer: OpenAI.ImagesResponse): { bytes: Uint8Array; contentType: string } {
  const encoded = answer.data?.[0]?.b64_json;
  if (!encoded) throw new Error("The image answer had no image");
  const bytes = fromBase64(encoded);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw new Error("The image answer was not a PNG, JPEG or WebP image");
  return { bytes, contentType };
}
