// How cautious the detector is before it says 'Likely AI': the person picks a level (page, API,
// batch), and each level has a line per length band, placed by cross-source validation
// (scripts/train-detector.mjs, decision 058). Shared by the pages that offer the levels and the
// server that applies them; kept free of zod so the pages do not ship it.

export const STRICTNESS_LEVELS = ["strict", "balanced", "sensitive"] as const;
export type Strictness = (typeof STRICTNESS_LEVELS)[number];
export const DEFAULT_STRICTNESS: Strictness = "balanced";

/** What each level aims at: the share of human texts it may wrongly call 'Likely AI'. */
export const strictnessLevels: Record<Strictness, { label: string; aim: string; targetFalsePositiveRate: number }> = {
  strict: { label: "Strict", aim: "about 1 in 1,000 human texts wrongly flagged", targetFalsePositiveRate: 0.001 },
  balanced: { label: "Balanced", aim: "about 1 in 100 human texts wrongly flagged", targetFalsePositiveRate: 0.01 },
  sensitive: { label: "Sensitive", aim: "about 1 in 20 human texts wrongly flagged", targetFalsePositiveRate: 0.05 },
};

export const isStrictness = (value: unknown): value is Strictness =>
  typeof value === "string" && (STRICTNESS_LEVELS as readonly string[]).includes(value);

/** Length bands (words) with lines of their own: a longer text carries more evidence. */
export const LENGTH_BANDS = [
  { id: "40-79", least: 40, most: 79, label: "40–79 words" },
  { id: "80-199", least: 80, most: 199, label: "80–199 words" },
  { id: "200-499", least: 200, most: 499, label: "200–499 words" },
  { id: "500+", least: 500, most: Number.POSITIVE_INFINITY, label: "500 words or more" },
] as const;
export type LengthBandId = (typeof LENGTH_BANDS)[number]["id"];

/** The band of a text of `words` words (texts under 40 words get no verdict; they fall in the first band). */
export function lengthBandOf(words: number): LengthBandId {
  return (LENGTH_BANDS.find((band) => words <= band.most) ?? LENGTH_BANDS[LENGTH_BANDS.length - 1]!).id;
}
