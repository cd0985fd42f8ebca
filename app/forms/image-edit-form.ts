import { z } from "~/forms/zod";
import { imageSizeIds, imageSizeLabel, imageSizes } from "~/content/media-catalogs";
import { mediaLimits } from "./media-limits";
import { requiredText } from "./required-text";

// The Edit mode of /imagine-ai: an image (an upload, or a stored image by its media id), the
// change to make, the painted area as brush strokes, the output shape and how to fit it. The
// upload itself is checked by its bytes on the server (image-upload.ts); this schema covers the rest.

/** One brush stroke: points in 0–1 of the image's width and height, diameter in 0–1 of its width. */
export const brushStroke = z.object({
  erase: z.boolean().optional(),
  size: z.number().min(0.001).max(1),
  points: z
    .array(z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]))
    .min(1)
    .max(mediaLimits.maskPoints),
});
export type BrushStroke = z.infer<typeof brushStroke>;

const strokesMessage = "The painted area could not be read. Clear it and paint again.";

const strokesField = z.preprocess(
  (value) => {
    if (value === undefined || value === "") return [];
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(brushStroke, { message: strokesMessage })
    .max(mediaLimits.maskStrokes, `Too many brush strokes: the limit is ${mediaLimits.maskStrokes}. Clear some and try again.`)
    .refine((strokes) => strokes.reduce((sum, stroke) => sum + stroke.points.length, 0) <= mediaLimits.maskPoints, {
      message: "The painted area is too detailed. Clear it and paint with fewer strokes.",
    }),
);

export const imageEditForm = z.object({
  prompt: requiredText(mediaLimits.imagePrompt, "Please describe the change.", "description"),
  size: z.enum(imageSizeIds, { message: `Unknown image size. Choose one of: ${imageSizes.map(imageSizeLabel).join(", ")}.` }),
  fit: z.enum(["crop", "extend"], { message: "Choose how the image fits the size: crop or extend." }).default("crop"),
  source: z.string({ message: "Choose an image to edit." }).regex(/^[0-9a-f]{32}$/, "Choose an image to edit."),
  strokes: strokesField,
  /** 'Edit the whole image': the painted area is ignored. */
  whole: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
});

export type ImageEditInput = z.infer<typeof imageEditForm>;
