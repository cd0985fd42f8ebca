import type { z } from "~/forms/zod";
import { imageEditForm, type ImageEditInput } from "~/forms/image-edit-form";
import { imageTooLargeMessage, mediaLimits } from "~/forms/media-limits";
import { currentEngine } from "../ai/engine.server";
import { ImageUploadError, inspectImage, stripMetadata, type ImageInfo } from "../media/image-upload.server";
import { deleteMedia, isMediaId, mediaFileName, readMedia, storeMedia } from "../media/media-store.server";
import type { ToolDefinition, ToolForm, ToolRunOptions, ToolUpload } from "./tool-definition.server";
import type { ImageEditResult, ImageView } from "~/shared/image-edit";

// The Edit mode of /imagine-ai. An upload is checked by its bytes while the form is read, but
// nothing is stored until the form is valid and the run's units are taken: a refused request
// (bad field, demo limit, quota) leaves R2 untouched. 'Edit this image' and 'Edit again' send a
// stored image's id instead of an upload.

/** The image, the prompt and the other fields: the upload limit plus room for the brush strokes. */
export const MAX_EDIT_FORM_BYTES = mediaLimits.imageBytes + 512 * 1024;

/** A stored image the editor can start from, with its size; undefined when gone or not editable. */
export async function editableImage(
  id: string | null | undefined,
): Promise<(ImageView & { id: string; info: ImageInfo; bytes: Uint8Array }) | undefined> {
  if (!id || !isMediaId(id)) return undefined;
  const stored = await readMedia(id);
  if (!stored) return undefined;
  try {
    const info = inspectImage(stored.bytes);
    return { id, url: `/media/${id}`, width: info.width, height: info.height, info, bytes: stored.bytes };
  } catch {
    return undefined; // an SVG placeholder or audio: nothing the editor reads
  }
}

/** An upload whose bytes were checked (type, size, dimensions) but not stored. */
export type CheckedImage = { bytes: Uint8Array; info: ImageInfo };

/**
 * The form: `source` may be left out when the request carries an upload instead; without a fit,
 * the page keeps the whole photo (extend) rather than cropping it.
 */
const editFormSchema = imageEditForm.extend({
  source: imageEditForm.shape.source.optional(),
  fit: imageEditForm.shape.fit.unwrap().default("extend"),
});

/**
 * The Edit form's image: a photo over the limit comes back with the message beside the file field
 * and the other fields as typed (without JavaScript nothing stops the browser sending it); an
 * upload is checked by its bytes now and stored only once the run is paid for.
 */
const editUploadField: ToolUpload<ImageEditResult> = {
  field: "image",
  maxBytes: MAX_EDIT_FORM_BYTES,
  textMaxBytes: MAX_EDIT_FORM_BYTES,
  tooLarge: imageTooLargeMessage,
  accept: async ({ values, files }): Promise<ToolForm<ImageEditResult>> => {
    const upload = files[0]?.bytes;
    if (!upload || upload.length === 0) {
      return values.source ? { values } : { values, fieldErrors: { source: "Choose an image to edit." } };
    }
    const { source: _replaced, ...rest } = values;
    try {
      // `uploaded` tells a page sent back for another field that its upload was not kept.
      return { values: { ...rest, uploaded: "1" }, extra: { upload: { bytes: upload, info: inspectImage(upload) } } };
    } catch (error) {
      if (!(error instanceof ImageUploadError)) throw error;
      return { values: rest, fieldErrors: { image: error.message } };
    }
  },
};

/** The Edit mode of /imagine-ai: an upload, or a stored image's id ('Edit this image', 'Edit again'). */
export const imageEditTool: ToolDefinition<typeof editFormSchema, ImageEditResult> = {
  tool: "imagine",
  schema: editFormSchema,
  upload: editUploadField,
  run: async (input: z.infer<typeof editFormSchema> & { upload?: CheckedImage }, options) => {
    if (input.upload) return editUpload(input.upload, input, options);
    const source = await editableImage(input.source);
    if (!source) throw new ImageUploadError("The image is no longer available (images are kept for 24 hours). Upload it again.");
    return editImage(source, input, options);
  },
};

/**
 * Edits a checked upload once the run is allowed: the upload is stored (without metadata) for as
 * long as the run's results, and the edit's `original.uploaded` makes its history item own it. If
 * the edit fails, the stored upload is deleted again: nobody would own it.
 */
export async function editUpload(
  upload: CheckedImage,
  input: Omit<ImageEditInput, "source">,
  options: ToolRunOptions & { maskPng?: Uint8Array } = {},
) {
  const bytes = stripMetadata(upload.bytes, upload.info.type);
  const stored = await storeMedia({ bytes, contentType: upload.info.type }, Date.now(), options.mediaTtlSeconds);
  const source = {
    id: stored.id,
    url: stored.url,
    width: upload.info.width,
    height: upload.info.height,
    info: upload.info,
    bytes,
    uploaded: true,
  };
  try {
    return await editImage(source, input, options);
  } catch (error) {
    await deleteMedia(stored.id);
    throw error;
  }
}

/**
 * One edit, shared by the page and the developer API: the engine edits the stored image, the
 * result is stored. `maskPng` (the API's alternative to strokes) is a PNG of the image's size
 * whose transparent pixels mark the area to change.
 */
export async function editImage(
  source: ImageView & { id: string; info: ImageInfo; bytes: Uint8Array; uploaded?: boolean },
  input: Omit<ImageEditInput, "source">,
  options: ToolRunOptions & { maskPng?: Uint8Array } = {},
): Promise<ImageEditResult & { contentType: string; size: number; expiresAt: string; credentials: boolean }> {
  const edited = await currentEngine().editImage({
    prompt: input.prompt,
    image: { bytes: source.bytes, info: source.info },
    size: input.size,
    fit: input.fit,
    strokes: input.whole ? [] : input.strokes,
    maskPng: input.whole ? undefined : options.maskPng,
  });
  const stored = await storeMedia(edited, Date.now(), options.mediaTtlSeconds);
  return {
    ...stored,
    width: edited.width,
    height: edited.height,
    alt: `Edited image: ${input.prompt}`,
    fileName: mediaFileName("edited-image", stored.contentType),
    notice: edited.notice,
    original: {
      id: source.id,
      url: source.url,
      width: source.width,
      height: source.height,
      ...(source.uploaded ? { uploaded: true } : {}),
    },
    understood: edited.understood,
    ignored: edited.ignored,
  };
}
