import { imageSizeById } from "~/content/media-catalogs";
import { decodeFitted, placement, type Fit, type Size } from "~/server/media/decode-fitted.server";
import { drawMask, isEmptyMask, type Coverage } from "~/server/media/edit-mask.server";
import type { ImageInfo } from "~/server/media/image-upload.server";
import { encodePng } from "~/server/media/png.server";
import type { EditedMedia, ImageEditRequest } from "~/shared/ai-types";
import { planEdit } from "./edit-vocabulary.server";
import { applyColourOperation, applyShapeOperation, blendThroughMask } from "./pixel-operations.server";

// The offline engine's image editor: real pixel operations, no invented content. The image is
// decoded into the chosen size (cropped or extended), the prompt's understood words are applied
// (colour changes only inside the painted area, if there is one), flips and rotations turn the
// whole result, and the answer says which words were used and which were not.

export async function editImageOffline(request: ImageEditRequest): Promise<EditedMedia> {
  const plan = planEdit(request.prompt);
  const size = imageSizeById(request.size);
  const quarterTurns = plan.shape.reduce((sum, step) => sum + (step.kind === "rotate" ? step.quarterTurns : 0), 0);
  // Fit into the size the result has before it is turned, so the final image has the chosen shape.
  const fitted = quarterTurns % 2 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  const original = await decodeFitted(request.image.bytes, request.image.info, fitted, request.fit);

  const place = placement(request.image.info, fitted, request.fit);
  const mask = request.maskPng
    ? await fittedMask(request.maskPng, request.image.info, fitted, request.fit)
    : request.strokes.length > 0
      ? drawMask(request.strokes, fitted.width, fitted.height, {
          left: place.offsetX,
          top: place.offsetY,
          width: request.image.info.width * place.scale,
          height: request.image.info.height * place.scale,
        })
      : undefined;
  const painted = mask && !isEmptyMask(mask) ? mask : undefined;

  let edited = original;
  for (const operation of plan.colour) edited = applyColourOperation(edited, operation);
  let result = plan.colour.length > 0 ? blendThroughMask(original, edited, painted) : original;
  for (const operation of plan.shape) result = applyShapeOperation(result, operation);

  const where = painted ? "in the painted area" : "to the whole image";
  const notice =
    plan.understood.length > 0
      ? `Offline editor: applied ${plan.understood.join(", ")} ${plan.shape.length && painted ? "(flips and turns to the whole image) " : ""}${where}. It changes colours and shapes only; it does not draw new content.`
      : "Offline editor: none of the words was one it understands, so only the size changed. It changes colours and shapes only; it does not draw new content.";
  return {
    bytes: await encodePng(result),
    contentType: "image/png",
    width: result.width,
    height: result.height,
    notice,
    understood: plan.understood,
    ignored: plan.ignored,
  };
}

/** A mask PNG (transparent where the image should change) fitted like the image: coverage 1 − alpha. */
async function fittedMask(maskPng: Uint8Array, image: ImageInfo, fitted: Size, fit: Fit): Promise<Coverage> {
  const raster = await decodeFitted(maskPng, { type: "image/png", width: image.width, height: image.height, orientation: 1 }, fitted, fit);
  const data = new Float32Array(raster.width * raster.height);
  for (let i = 0; i < data.length; i++) data[i] = 1 - raster.data[i * 4 + 3]! / 255;
  return { width: raster.width, height: raster.height, data };
}
