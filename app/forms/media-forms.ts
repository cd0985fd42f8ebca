import { z } from "~/forms/zod";
import {
  imageSizeIds,
  imageSizeLabel,
  imageSizes,
  legacyImageSizeIds,
  imageStyleIds,
  imageStyles,
  speechSliders,
  voiceIds,
  voices,
  type SpeechSlider,
} from "~/content/media-catalogs";
import { mediaLimits } from "./media-limits";
import { mainText } from "./required-text";

// The voiceover and image forms (spec §2 tools 4–5, §5), used by the page for its limits and
// re-parsed by the action. Messages say what to fix.

/** A slider's value: within its range and on its step; absent means the default (spec §5). */
function sliderValue(slider: SpeechSlider) {
  const { label, min, max, step, default: fallback } = speechSliders[slider];
  const range = `${label} must be a number from ${min} to ${max} in steps of ${step}.`;
  return z.preprocess(
    (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? fallback : Number(value)),
    z
      .number({ message: range })
      .min(min, range)
      .max(max, range)
      // On the step within float noise (0.1 * 3 is 0.30000000000000004), then snapped to it exactly.
      .refine((value) => Math.abs(value / step - Math.round(value / step)) < 1e-6, range)
      .transform((value) => Number((Math.round(value / step) * step).toFixed(2))),
  );
}

export const voiceoverForm = z.object({
  text: mainText("text to speak", mediaLimits.speechText),
  voice: z.enum(voiceIds, {
    message: `Unknown voice. Choose one of: ${voices.map((voice) => voice.name).join(", ")}.`,
  }),
  speed: sliderValue("speed"),
  pitch: sliderValue("pitch"),
  emotion: sliderValue("emotion"),
});

export const imagineForm = z.object({
  style: z.enum(imageStyleIds, {
    message: `Unknown style. Choose one of: ${imageStyles.map((style) => style.name).join(", ")}.`,
  }),
  size: z.preprocess(
    (value) => (typeof value === "string" ? (legacyImageSizeIds[value] ?? value) : value),
    z.enum(imageSizeIds, {
      message: `Unknown image size. Choose one of: ${imageSizes.map(imageSizeLabel).join(", ")}.`,
    }),
  ),
  prompt: mainText("description of your image", mediaLimits.imagePrompt),
});

export type VoiceoverInput = z.infer<typeof voiceoverForm>;
export type ImagineInput = z.infer<typeof imagineForm>;
