import { readUploadForm } from "~/forms/parse-form.server";
import { imageEditForm, type ImageEditInput } from "~/forms/image-edit-form";
import { mediaLimits } from "~/forms/media-limits";
import { currentEngine } from "../ai/engine.server";
import { ImageUploadError, inspectImage, type ImageInfo } from "../media/image-upload";
import { isMediaId, mediaFileName, readMedia, storeMedia } from "../media/media-store.server";
import { runToolAction } from "./run-tool-action.server";
import type { ToolRunOptions } from "./tool-runs.server";

// The Edit mode of /imagine-ai. An upload is checked by its bytes, stripped of metadata and stored
// (24 h, like results) before the rest of the form is judged, so a form sent back for a missing
// prompt still has its image; 'Edit this image' and 'Edit again' send a stored image's id instead.

/** The image, the prompt and the other fields: the upload limit plus room for the brush strokes. */
export const MAX_EDIT_FORM_BYTES = mediaLimits.imageBytes + 512 * 1024;

export type ImageView = { url: string; width: number; height: number };

export type ImageEditResult = ImageView & {
  id: string;
  alt: string;
  fileName: string;
  notice?: string;
  original: ImageView & { id: string };
  understood?: string[];
  ignored?: string[];
};

/** A stored image the editor can start from, with its size; undefined when gone or not editable. */
export async function editableImage(id: string | null | undefined): Promise<(ImageView & { id: string; info: ImageInfo; bytes: Uint8Array }) | undefined> {
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

async function readEditForm(request: Request) {
  const { values, files } = await readUploadForm(request, MAX_EDIT_FORM_BYTES);
  const upload = files.image;
  if (!upload || upload.length === 0) return { values };
  try {
    const info = inspectImage(upload);
    const stored = await storeMedia({ bytes: upload, contentType: info.type });
    return { values: { ...values, source: stored.id } };
  } catch (error) {
    if (!(error instanceof ImageUploadError)) throw error;
    const { source: _ignored, ...rest } = values;
    return { values: rest, fieldErrors: { image: error.message } };
  }
}

export function imageEditAction(request: Request) {
  return runToolAction(request, {
    tool: "imagine",
    schema: imageEditForm,
    read: readEditForm,
    run: editStoredImage,
  });
}

async function editStoredImage(input: ImageEditInput, options: ToolRunOptions = {}): Promise<ImageEditResult> {
  const source = await editableImage(input.source);
  if (!source) throw new ImageUploadError("The image is no longer available (images are kept for 24 hours). Upload it again.");
  return editImage(source, input, options);
}

/**
 * One edit, shared by the page and the developer API: the engine edits the stored image, the
 * result is stored. `maskPng` (the API's alternative to strokes) is a PNG of the image's size
 * whose transparent pixels mark the area to change.
 */
export async function editImage(
  source: ImageView & { id: string; info: ImageInfo; bytes: Uint8Array },
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
    id: stored.id,
    url: stored.url,
    contentType: stored.contentType,
    size: stored.size,
    expiresAt: stored.expiresAt,
    width: edited.width,
    height: edited.height,
    alt: `Edited image: ${input.prompt}`,
    fileName: mediaFileName("edited-image", stored.contentType),
    notice: edited.notice,
    original: { id: source.id, url: source.url, width: source.width, height: source.height },
    understood: edited.understood,
    ignored: edited.ignored,
  };
}
