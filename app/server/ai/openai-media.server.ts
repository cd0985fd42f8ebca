import type OpenAI from "openai";
import { imageStyleById, voiceById, type VoiceId } from "~/content/media-catalogs";
import { sniffImageType, sniffAudioType } from "../media/sniff";
import type { AiEngine, SpeechRequest } from "./types";

// The OpenAI engine's media tools: audio.speech for the voiceover screen, images.generate for the
// image screen (spec §7, with the chosen size honoured: ARCHITECTURE.md decisions).

/** Our six voices on OpenAI's built-in voices, by gender and character. */
export const openAiVoices: Record<VoiceId, string> = {
  ava: "nova",
  oliver: "fable",
  sofia: "coral",
  ethan: "onyx",
  isla: "shimmer",
  lukas: "ash",
};

/** The older tts-1 models reject `instructions`; gpt-4o-mini-tts and later accept them. */
export function acceptsInstructions(model: string): boolean {
  return !/^tts-1/.test(model);
}

/** Pitch, emotion and accent have no API parameter: they go into the model's instructions. */
export function speechInstructions({ voice, pitch, emotion }: Pick<SpeechRequest, "voice" | "pitch" | "emotion">): string {
  const { lang, accent } = voiceById(voice);
  const language = lang.startsWith("English") ? "English" : lang;
  const pitchText =
    pitch < 0.95
      ? `Use a ${pitch <= 0.7 ? "much " : ""}lower pitch than your usual voice.`
      : pitch > 1.05
        ? `Use a ${pitch >= 1.3 ? "much " : ""}higher pitch than your usual voice.`
        : "Keep your natural pitch.";
  const mood =
    emotion <= 0.2
      ? "flat, calm and neutral"
      : emotion <= 0.4
        ? "calm with a light touch of warmth"
        : emotion <= 0.6
          ? "natural and moderately expressive"
          : emotion <= 0.8
            ? "warm and clearly expressive"
            : "highly expressive and animated";
  return `Speak ${language} with a natural ${accent} accent. ${pitchText} Emotional intensity ${Math.round(emotion * 100)}%: sound ${mood}.`;
}

export function imagePrompt(prompt: string, styleId: Parameters<typeof imageStyleById>[0]): string {
  const style = imageStyleById(styleId);
  return `${prompt}\n\nStyle: ${style.name} (${style.description}).`;
}

export function createOpenAiMedia(
  client: OpenAI,
  config: { imageModel: string; ttsModel: string },
): Pick<AiEngine, "speak" | "imagine"> {
  return {
    async speak(request) {
      const instructions = acceptsInstructions(config.ttsModel);
      const response = await client.audio.speech.create({
        model: config.ttsModel,
        voice: openAiVoices[request.voice],
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
        notice: instructions ? undefined : `${config.ttsModel} takes no instructions: pitch and emotion are not applied.`,
      };
    },

    async imagine({ prompt, style, size }) {
      // gpt-image models always answer base64 and refuse the parameter; DALL·E needs it asked for.
      const base64Default = config.imageModel.startsWith("gpt-image");
      const result = await client.images.generate({
        model: config.imageModel,
        prompt: imagePrompt(prompt, style),
        n: 1,
        size,
        ...(base64Default ? {} : { response_format: "b64_json" as const }),
      });
      const image = result.data?.[0];
      let bytes: Uint8Array;
      if (image?.b64_json) {
        bytes = Uint8Array.from(atob(image.b64_json), (char) => char.charCodeAt(0));
      } else if (image?.url && /^https:\/\//.test(image.url)) {
        // Provider URLs expire within the hour: keep our own copy.
        const download = await fetch(image.url);
        if (!download.ok) throw new Error(`The image download failed with ${download.status}`);
        bytes = new Uint8Array(await download.arrayBuffer());
      } else {
        throw new Error("The image answer had no image");
      }
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new Error("The image answer was not a PNG, JPEG or WebP image");
      return { bytes, contentType };
    },
  };
}
