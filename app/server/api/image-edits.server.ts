import { z } from "~/forms/zod";
import { imageEditForm } from "~/forms/image-edit-form";
import { imageTooLargeMessage } from "~/forms/media-limits";
import { ImageUploadError, inspectImage, type ImageInfo } from "../media/image-upload.server";
import { pngChunks } from "../media/png.server";
import { sniffImageType } from "../media/sniff.server";
import { editUpload, MAX_EDIT_FORM_BYTES } from "../tools/image-edit.server";
import type { ToolRunOptions, ToolUpload } from "../tools/tool-definition.server";

// POST /api/v1/images/edits: the web Edit form's rules over multipart/form-data. The body limit is
// the form's (the request-body room checks it); the image is judged by
// its bytes (magic bytes, declared size before any decoding, animation, CMYK) exactly as the page
// judges an upload; the painted area is the form's `strokes` field or, as OpenAI's own edits
// endpoint takes it, a `mask` PNG of the image's size whose transparent pixels mark what changes.

/** The form's fields but the stored image's id: over the API the image is the upload itself. */
export const imageEditsSchema = imageEditForm.omit({ source: true });
export type ImageEditsInput = z.infer<typeof imageEditsSchema>;

/** The provider's limit for a mask (openai-node 6.49.0 `images.d.ts`). */
const MAX_MASK_BYTES = 4 * 1024 * 1024;

export type CheckedUpload = { image: Uint8Array; info: ImageInfo; mask?: Uint8Array };

/**
 * The upload of POST /api/v1/images/edits: only multipart will do; the image and the mask are
 * judged by their bytes before the schema's fields, as the page judges an upload.
 */
export const imageEditsUpload: ToolUpload<never> = {
  field: "image",
  otherFields: ["mask"],
  maxBytes: MAX_EDIT_FORM_BYTES,
  tooLarge: imageTooLargeMessage,
  describe: "an image of up to 10 MB as a file field named 'image'",
  required: true,
  accept: async ({ values, files }) => {
    const checked = checkUpload(Object.fromEntries(files.map((file) => [file.field, file.bytes])), values);
    return "errors" in checked ? { values, fieldErrors: checked.errors } : { values, extra: { upload: checked } };
  },
};

/** The image and mask judged by their bytes; field errors say what to fix, as the page says it. */
export function checkUpload(
  files: Record<string, Uint8Array>,
  values: Record<string, unknown>,
): CheckedUpload | { errors: Record<string, string> } {
  const image = files.image;
  if (!image || image.length === 0) return { errors: { image: "Choose an image to edit: send it as a file field named 'image'." } };
  let info: ImageInfo;
  try {
    info = inspectImage(image);
  } catch (error) {
    if (error instanceof ImageUploadError) return { errors: { image: error.message } };
    throw error;
  }
  const mask = files.mask;
  if (!mask || mask.length === 0) return { image, info };
  if (typeof values.strokes === "string" && values.strokes !== "" && values.strokes !== "[]") {
    return { errors: { mask: "Send either a mask or strokes, not both." } };
  }
  const problemWithMask = maskProblem(mask, info);
  return problemWithMask ? { errors: { mask: problemWithMask } } : { image, info, mask };
}

function maskProblem(mask: Uint8Array, image: ImageInfo): string | undefined {
  if (sniffImageType(mask) !== "image/png") return "The mask must be a PNG image.";
  if (mask.length > MAX_MASK_BYTES) return "The mask is too large: the limit is 4 MB.";
  let maskInfo: ImageInfo;
  try {
    maskInfo = inspectImage(mask);
  } catch (error) {
    if (error instanceof ImageUploadError) return `The mask: ${error.message}`;
    throw error;
  }
  if (maskInfo.width !== image.width || maskInfo.height !== image.height) {
    return `The mask is ${maskInfo.width} × ${maskInfo.height} pixels; it must be the image's size, ${image.width} × ${image.height}.`;
  }
  let alpha = false;
  for (const chunk of pngChunks(mask)) {
    if (chunk.type === "IHDR") alpha ||= chunk.data[9] === 4 || chunk.data[9] === 6;
    if (chunk.type === "tRNS") alpha = true;
  }
  return alpha ? undefined : "The mask must have an alpha channel: transparent where the image should change, opaque elsewhere.";
}

/** Stores the upload (without metadata, like the page's) once the call is allowed, and edits it. */
export async function runImageEdits(input: ImageEditsInput & { upload: CheckedUpload }, options: ToolRunOptions = {}) {
  const { upload, ...fields } = input;
  return editUpload({ bytes: upload.image, info: upload.info }, fields, { ...options, maskPng: upload.mask });
}
