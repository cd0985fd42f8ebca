import type { BrushStroke } from "~/forms/image-edit-form";
import { decodeFitted } from "./decode-fitted.server";
import { drawMask, providerMaskPng } from "./edit-mask.server";
import type { ImageInfo, ImageType } from "./image-upload.server";
import { encodePng } from "./png.server";

// What a provider's edit endpoint is sent: the stored image (metadata removed) and a mask of its
// size. A photo whose EXIF Orientation turns it is sent turned, as PNG pixels: the provider is not
// known to honour the Orientation we keep, and sent as stored it would be edited sideways while
// the strokes were painted on the upright image. Its longest side is capped at 2048 pixels (the
// largest result is 1536), so the turned raster stays small in the Worker's memory.

const TURNED_MAX_SIDE = 2048;

export type ProviderEditFiles = { image: { bytes: Uint8Array; type: ImageType }; mask?: Uint8Array };

export async function providerEditFiles(
  image: { bytes: Uint8Array; info: ImageInfo },
  strokes: BrushStroke[],
  maskPng: Uint8Array | undefined,
): Promise<ProviderEditFiles> {
  const { info } = image;
  if (info.orientation === 1) {
    const mask = maskPng ?? (strokes.length > 0 ? await providerMaskPng(drawMask(strokes, info.width, info.height)) : undefined);
    return { image: { bytes: image.bytes, type: info.type }, mask };
  }
  const scale = Math.min(1, TURNED_MAX_SIDE / Math.max(info.width, info.height));
  const size = { width: Math.max(1, Math.round(info.width * scale)), height: Math.max(1, Math.round(info.height * scale)) };
  const turned = await encodePng(await decodeFitted(image.bytes, info, size, "extend"));
  const mask = maskPng
    ? await encodePng(
        await decodeFitted(maskPng, { type: "image/png", width: info.width, height: info.height, orientation: 1 }, size, "extend"),
      )
    : strokes.length > 0
      ? await providerMaskPng(drawMask(strokes, size.width, size.height))
      : undefined;
  return { image: { bytes: turned, type: "image/png" }, mask };
}
