import { voiceById } from "~/content/media-catalogs";
import type { SpeechRequest } from "~/shared/ai-types";

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
