import { readUploadForm, type FormValues } from "~/forms/parse-form.server";
import { imageEditForm, type ImageEditInput } from "~/forms/image-edit-form";
import { imageTooLargeMessage, mediaLimits } from "~/forms/media-limits";
import { oversizedUploadForm } from "../fields-around-upload.server";
import { currentEngine } from "../ai/engine.server";
import { ImageUploadError, inspectImage, stripMetadata, type ImageInfo } from "../media/image-upload.server";
import { deleteMedia, isMediaId, mediaFileName, readMedia, storeMedia } from "../media/media-store.server";
import { runToolAction } from "./run-tool-action.server";
import type { ToolRunOptions } from "./tool-pipeline.server";
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

async function readEditForm(
  request: Request,
): Promise<{ values: FormValues; fieldErrors?: Record<string, string>; status?: 413; upload?: CheckedImage }> {
  // A photo over the limit: the page comes back with the message beside the file field and the
  // other fields as typed, not an error page (without JavaScript nothing stops the browser sending it).
  const oversized = await oversizedUploadForm(request, MAX_EDIT_FORM_BYTES, "image", imageTooLargeMessage);
  if (oversized) return oversized;
  const { values, files } = await readUploadForm(request, MAX_EDIT_FORM_BYTES);
  const upload = files.image;
  if (!upload || upload.length === 0) {
    return values.source ? { values } : { values, fieldErrors: { source: "Choose an image to edit." } };
  }
  const { source: _replaced, ...rest } = values;
  try {
    // `uploaded` tells a page sent back for another field that its upload was not kept.
    return { values: { ...rest, uploaded: "1" }, upload: { bytes: upload, info: inspectImage(upload) } };
  } catch (error) {
    if (!(error instanceof ImageUploadError)) throw error;
    return { values: rest, fieldErrors: { image: error.message } };
  }
}

export function imageEditAction(args: Parameters<typeof runToolAction>[0]) {
  let upload: CheckedImage | undefined;
  return runToolAction(args, {
    tool: "imagine",
    schema: editFormSchema,
    read: async (formRequest) => {
      const form = await readEditForm(formRequest);
      upload = form.upload;
      return form;
    },
    run: async (input, options) => {
      if (upload) return editUpload(upload, input, options);
      const source = await editableImage(input.source);
      if (!source) throw new ImageUploadError("The image is no longer available (images are kept for 24 hours). Upload it again.");
      return editImage(source, input, options);
    },
  });
}

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
): Promise<ImageEditResult & { contentType: string; size: number; expiresAt: string }> {
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
