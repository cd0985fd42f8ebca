import { z } from "~/forms/zod";
import { contentTypeIds, contentTypes, humanizerToneIds, humanizerTones } from "~/content/catalogs";
import { limits } from "./limits";
import { formatCount } from "./format-count";
import { mainText } from "./required-text";
import { strictnessField } from "./strictness-field";

// One schema per tool form (spec §5), used by the page for instant feedback and re-parsed by the
// action. Messages say what to fix; a blank main text is the "gentle" case the spec asks for.

export const detectorForm = z.object({
  text: mainText("text to analyze", limits.detectorText),
  strictness: strictnessField,
});

export const humanizerForm = z.object({
  text: mainText("text to humanize", limits.humanizerText),
  tone: z.enum(humanizerToneIds, {
    message: `Unknown tone. Choose one of: ${humanizerTones.map((tone) => tone.name).join(", ")}.`,
  }),
});

export const writerForm = z.object({
  type: z.enum(contentTypeIds, {
    message: `Unknown content type. Choose one of: ${contentTypes.map((type) => type.name).join(", ")}.`,
  }),
  keywords: z
    .string()
    .trim()
    .max(limits.writerKeywords, `The keywords are too long: the limit is ${formatCount(limits.writerKeywords)} characters.`)
    .optional()
    .default(""),
  text: mainText("topic to write about", limits.writerText),
});

export type DetectorInput = z.infer<typeof detectorForm>;
export type HumanizerInput = z.infer<typeof humanizerForm>;
export type WriterInput = z.infer<typeof writerForm>;

/** Keywords as typed ("seo, content , ,marketing") → ["seo", "content", "marketing"]. */
export function splitKeywords(keywords: string): string[] {
  return keywords
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}
