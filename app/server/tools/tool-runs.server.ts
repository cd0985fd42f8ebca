import { estimatedSpeechMinutes } from "~/content/plans";
import { detectorScores } from "~/server/detector/detect.server";
import { imageSizeById, imageStyleById } from "~/content/media-catalogs";
import { imagineForm, voiceoverForm, type ImagineInput, type VoiceoverInput } from "~/forms/media-forms";
import {
  detectorForm,
  humanizerForm,
  splitKeywords,
  writerForm,
  type DetectorInput,
  type HumanizerInput,
  type WriterInput,
} from "~/forms/tool-forms";
import { currentEngine } from "../ai/engine.server";
import { renderMarkdown } from "../content/markdown.server";
import { mediaFileName, storeMedia } from "../media/media-store.server";
import { wordDiff } from "~/shared/word-diff";
import type { ToolRunOptions } from "./tool-definition.server";

// What each tool does once its input is valid, shared by the web form's action and the developer
// API (docs/architecture.md 'Developer API'): the same schema, the same quota units, the same engine call.

export const detectorRun = {
  tool: "detector",
  schema: detectorForm,
  run: ({ text, strictness }: DetectorInput) => currentEngine().detect(text, strictness),
} as const;

export const humanizerRun = {
  tool: "humanizer",
  schema: humanizerForm,
  run: async ({ text, tone }: HumanizerInput) => {
    // The provider loop reports its passes (paraphrase, revisions) for the page's 'what changed'.
    const { text: humanized, passes, notice } = await currentEngine().humanize(text, tone);
    return { text: humanized, diff: wordDiff(text, humanized), scores: detectorScores(text, humanized), notice, passes };
  },
} as const;

export const writerRun = {
  tool: "writer",
  schema: writerForm,
  run: async ({ type, keywords, text }: WriterInput) => {
    const markdown = await currentEngine().write({ type, keywords: splitKeywords(keywords), text });
    // The model's markdown is untrusted: it is rendered through the same sanitizer as the legal pages.
    return { markdown, html: renderMarkdown(markdown, { nested: true }) };
  },
} as const;

export const voiceoverRun = {
  tool: "voiceover",
  schema: voiceoverForm,
  // Plans count voiceover in minutes of audio (spec §9).
  units: ({ text, speed }: VoiceoverInput) => estimatedSpeechMinutes(text, speed),
  run: async (input: VoiceoverInput, options: ToolRunOptions = {}) => {
    const speech = await currentEngine().speak(input);
    const { id: _id, ...stored } = await storeMedia(speech, Date.now(), options.mediaTtlSeconds);
    return {
      ...stored,
      fileName: mediaFileName("voiceover", stored.contentType),
      notice: speech.notice,
    };
  },
} as const;

export const imagineRun = {
  tool: "imagine",
  schema: imagineForm,
  run: async ({ prompt, style, size }: ImagineInput, options: ToolRunOptions = {}) => {
    const image = await currentEngine().imagine({ prompt, style, size });
    const { id, ...stored } = await storeMedia(image, Date.now(), options.mediaTtlSeconds);
    const { width, height } = imageSizeById(size);
    return {
      ...stored,
      width,
      height,
      alt: `${imageStyleById(style).description} image: ${prompt}`,
      fileName: mediaFileName("generated-image", stored.contentType),
      notice: image.notice,
      // The offline placeholder is a drawing (SVG), not pixels the editor can read.
      editId: stored.contentType === "image/svg+xml" ? undefined : id,
    };
  },
} as const;
