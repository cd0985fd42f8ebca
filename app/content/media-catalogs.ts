import { catalogOf } from "./catalog";
// The catalogs of spec §3 and the ranges of spec §5 that the voiceover and image screens offer.
// Ids are what forms post and engines receive.

/** The six voices of spec §3; the spec leaves the names open, so we give them names. */
export const voices = [
  { id: "ava", name: "Ava", lang: "English US", type: "female", accent: "American" },
  { id: "oliver", name: "Oliver", lang: "English UK", type: "male", accent: "British" },
  { id: "sofia", name: "Sofía", lang: "Spanish", type: "female", accent: "Spanish" },
  { id: "ethan", name: "Ethan", lang: "English US", type: "male", accent: "American" },
  { id: "isla", name: "Isla", lang: "English AU", type: "female", accent: "Australian" },
  { id: "lukas", name: "Lukas", lang: "German", type: "male", accent: "German" },
] as const;
export type Voice = (typeof voices)[number];
export type VoiceId = Voice["id"];
export const { ids: voiceIds, byId: voiceById } = catalogOf(voices);
export const defaultVoice: VoiceId = "ava";

/** Spec §5: the three sliders, their ranges, steps and defaults. */
export const speechSliders = {
  speed: { label: "Speed", min: 0.5, max: 2, step: 0.1, default: 1 },
  pitch: { label: "Pitch", min: 0.5, max: 1.5, step: 0.1, default: 1 },
  emotion: { label: "Emotion", min: 0, max: 1, step: 0.1, default: 0.5 },
} as const;
export type SpeechSlider = keyof typeof speechSliders;

/** How a slider's value reads: speed and pitch as a factor, emotion as a percent (spec §5). */
export function formatSliderValue(slider: SpeechSlider, value: number): string {
  if (slider === "emotion") return `${Math.round(value * 100)}%`;
  return `${value.toFixed(1)}×`;
}

export const imageStyles = [
  { id: "realistic", name: "Realistic", description: "Photorealistic style" },
  { id: "artistic", name: "Artistic", description: "Digital art style" },
  { id: "3d", name: "3D Render", description: "3D rendered style" },
  { id: "cartoon", name: "Cartoon", description: "Cartoon/Anime style" },
  { id: "sketch", name: "Sketch", description: "Hand-drawn style" },
  { id: "abstract", name: "Abstract", description: "Abstract art style" },
] as const;
export type ImageStyle = (typeof imageStyles)[number];
export type ImageStyleId = ImageStyle["id"];
export const { ids: imageStyleIds, byId: imageStyleById } = catalogOf(imageStyles);
export const defaultImageStyle: ImageStyleId = "realistic";

/**
 * Spec §5's three shapes. The spec named DALL·E 3's sizes (1024x1792, 1792x1024), which today's GPT
 * image models no longer take: each shape is the nearest size they do (1024x1536, 1536x1024), and
 * the page says the real pixel size. Both engines draw exactly this size.
 */
export const imageSizes = [
  { id: "square", name: "Square", width: 1024, height: 1024 },
  { id: "portrait", name: "Portrait", width: 1024, height: 1536 },
  { id: "landscape", name: "Landscape", width: 1536, height: 1024 },
] as const;
export type ImageSize = (typeof imageSizes)[number];
export type ImageSizeId = ImageSize["id"];
export const { ids: imageSizeIds, byId: imageSizeById } = catalogOf(imageSizes);
export const defaultImageSize: ImageSizeId = "square";

/** A shape as its option reads: 'Square (1024 × 1024)'. */
export function imageSizeLabel(size: ImageSize): string {
  return `${size.name} (${size.width} × ${size.height})`;
}

/** The spec's pixel sizes, still accepted from forms rendered before the change. */
export const legacyImageSizeIds: Record<string, ImageSizeId> = {
  "1024x1024": "square",
  "1024x1792": "portrait",
  "1792x1024": "landscape",
};

/**
 * The six example generations of spec §3, in the spec's order of styles. They ship locally in
 * public/examples (docs/architecture.md: no stock-photo host); each prompt can be tried with one click.
 */
export const exampleImages = [
  {
    id: "alpine-dawn",
    url: "/examples/alpine-dawn.svg",
    style: "Realistic",
    styleId: "realistic",
    prompt: "Sunrise over a quiet alpine lake with snow-capped peaks",
  },
  {
    id: "rhythm-in-color",
    url: "/examples/rhythm-in-color.svg",
    style: "Abstract",
    styleId: "abstract",
    prompt: "Bold geometric shapes dancing in warm and cool colours",
  },
  {
    id: "neon-dreams",
    url: "/examples/neon-dreams.svg",
    style: "Artistic",
    styleId: "artistic",
    prompt: "Flowing neon ribbons of light over a dreamy night city",
  },
  {
    id: "glass-spheres",
    url: "/examples/glass-spheres.svg",
    style: "3D Render",
    styleId: "3d",
    prompt: "Glossy spheres and cubes resting on a reflective studio floor",
  },
  {
    id: "aurora-waves",
    url: "/examples/aurora-waves.svg",
    style: "Digital Art",
    styleId: "artistic",
    prompt: "Aurora waves of colour sweeping across a violet sky",
  },
  {
    id: "desert-dusk",
    url: "/examples/desert-dusk.svg",
    style: "Realistic",
    styleId: "realistic",
    prompt: "Golden dusk over rolling desert dunes under a rising moon",
  },
] as const satisfies readonly { id: string; url: string; style: string; styleId: ImageStyleId; prompt: string }[];
export type ExampleImage = (typeof exampleImages)[number];
/** The example files are drawn at this size (width and height attributes). */
export const exampleImageSize = { width: 1024, height: 1024 } as const;
