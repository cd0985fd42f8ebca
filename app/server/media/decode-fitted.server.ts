import { decodeJpegRows } from "../../../vendor/jpeg-stream-decoder/jpeg-stream-decoder.js";
import { decodeWebpRows, MAX_WEBP_PIXELS, WebpTooLarge } from "./webp/decode-webp.server";
import { applyOrientation, swapsSides } from "./exif-orientation.server";
import { ImageUploadError, type ImageInfo } from "./image-upload.server";
import { decodePng, PngError } from "./png.server";
import { createRaster, type Raster, type RowSink } from "./raster.server";

// Decoding an upload straight into the output size: 'crop' fills the size and trims what
// overflows (centred), 'extend' fits the whole image and pads the canvas with transparency.
// Shrinking averages every source pixel into its output pixel one output row at a time, so a
// 4096 × 4096 PNG is never held whole.

import type { Fit } from "~/shared/ai-types";
export type { Fit };
export type Size = { width: number; height: number };

/** Where the source lands in the output: scale, then offset (negative when cropped). */
export type Placement = { scale: number; offsetX: number; offsetY: number };

export function placement(source: Size, target: Size, fit: Fit): Placement {
  const pick = fit === "crop" ? Math.max : Math.min;
  const scale = pick(target.width / source.width, target.height / source.height);
  return {
    scale,
    offsetX: Math.round((target.width - source.width * scale) / 2),
    offsetY: Math.round((target.height - source.height * scale) / 2),
  };
}

/** The image as shown (its EXIF Orientation applied), cropped or extended into the target size. */
export async function decodeFitted(bytes: Uint8Array, info: ImageInfo, target: Size, fit: Fit): Promise<Raster> {
  if (info.orientation === 1) return decodeStoredFitted(bytes, info, target, fit);
  // Fit the stored pixels into the target turned the stored way, then turn the (small) result:
  // a centred crop or extension is the same either way round.
  const swap = swapsSides(info.orientation);
  const stored = swap ? { ...info, width: info.height, height: info.width } : info;
  const storedTarget = swap ? { width: target.height, height: target.width } : target;
  return applyOrientation(await decodeStoredFitted(bytes, stored, storedTarget, fit), info.orientation);
}

async function decodeStoredFitted(bytes: Uint8Array, info: ImageInfo, target: Size, fit: Fit): Promise<Raster> {
  const place = placement(info, target, fit);
  const sink = place.scale < 1 ? new ShrinkingSink(info, target, place) : new CollectingSink(info);
  if (info.type === "image/png") {
    try {
      await decodePng(bytes, sink);
    } catch (error) {
      if (error instanceof PngError) throw new ImageUploadError(error.message);
      throw error;
    }
  } else if (info.type === "image/jpeg") {
    try {
      // Rows arrive one MCU row at a time (jpeg/jpeg-stream-decoder.js): a baseline JPEG of any
      // accepted size needs a few megabytes at most; a progressive one keeps its coefficients
      // (2 bytes a sample) until its last scan, within this bound: 4096² with 4:2:0 colour
      // (50 MB), about 3,200² with full-resolution colour (4:4:4).
      decodeJpegRows(bytes, (y, rgba) => sink.row(y, rgba), { maxMemoryUsageInMB: 60, maxResolutionInMP: 17 });
    } catch (error) {
      if (error instanceof Error && /maxMemoryUsageInMB/.test(error.message)) {
        throw new ImageUploadError(
          "This progressive JPEG is too large for the offline editor: a progressive JPEG is held whole while it is read, and this one would not fit the Worker's memory. Save it as a standard (baseline) JPEG or PNG, or make it smaller.",
        );
      }
      throw new ImageUploadError("The JPEG file is damaged or uses an unsupported encoding. Export it again and retry.");
    }
  } else {
    try {
      await decodeWebpRows(bytes, info.width * info.height, sink);
    } catch (error) {
      if (error instanceof WebpTooLarge) {
        throw new ImageUploadError(
          `This WebP image is too large for the offline editor, which reads WebP images up to ${MAX_WEBP_PIXELS / 1e6} megapixels (about 2,800 × 2,800; PNG and JPEG up to 4096 a side). Make it smaller or save it as PNG or JPEG.`,
        );
      }
      throw new ImageUploadError("The WebP file is damaged or uses an unsupported encoding. Export it again and retry.");
    }
  }
  return sink instanceof ShrinkingSink ? sink.finish() : enlarge(sink.raster, target, place);
}

/** Box-averages source rows into output rows as they arrive. */
class ShrinkingSink implements RowSink {
  private sums: Float64Array;
  private rows = 0;
  private scaledRow = 0;
  private readonly columns: Int32Array;
  private readonly raster: Raster;

  constructor(
    private readonly source: Size,
    target: Size,
    private readonly place: Placement,
  ) {
    this.raster = createRaster(target.width, target.height);
    this.columns = Int32Array.from({ length: source.width }, (_, x) => Math.floor(x * place.scale));
    this.sums = new Float64Array((this.columns[source.width - 1]! + 1) * 5);
  }

  row(y: number, rgba: Uint8Array | Uint8ClampedArray) {
    const scaledRow = Math.floor(y * this.place.scale);
    if (scaledRow !== this.scaledRow) this.flush();
    this.scaledRow = scaledRow;
    this.rows++;
    for (let x = 0; x < this.source.width; x++) {
      const to = this.columns[x]! * 5;
      const alpha = rgba[x * 4 + 3]!;
      // Colours are weighted by alpha so transparent pixels do not darken the edges.
      const sums = this.sums;
      sums[to] = sums[to]! + rgba[x * 4]! * alpha;
      sums[to + 1] = sums[to + 1]! + rgba[x * 4 + 1]! * alpha;
      sums[to + 2] = sums[to + 2]! + rgba[x * 4 + 2]! * alpha;
      sums[to + 3] = sums[to + 3]! + alpha;
      sums[to + 4] = sums[to + 4]! + 1;
    }
  }

  private flush() {
    const { raster, place, sums } = this;
    const ty = this.scaledRow + place.offsetY;
    if (this.rows > 0 && ty >= 0 && ty < raster.height) {
      for (let sx = 0; sx * 5 < sums.length; sx++) {
        const tx = sx + place.offsetX;
        if (tx < 0 || tx >= raster.width) continue;
        const count = sums[sx * 5 + 4]!;
        const alpha = sums[sx * 5 + 3]!;
        const out = (ty * raster.width + tx) * 4;
        if (count === 0) continue;
        raster.data[out] = alpha ? sums[sx * 5]! / alpha : 0;
        raster.data[out + 1] = alpha ? sums[sx * 5 + 1]! / alpha : 0;
        raster.data[out + 2] = alpha ? sums[sx * 5 + 2]! / alpha : 0;
        raster.data[out + 3] = alpha / count;
      }
    }
    sums.fill(0);
    this.rows = 0;
  }

  finish(): Raster {
    this.flush();
    return this.raster;
  }
}

/** Keeps the whole (small) source for enlarging. */
class CollectingSink implements RowSink {
  readonly raster: Raster;
  constructor(source: Size) {
    this.raster = createRaster(source.width, source.height);
  }
  row(y: number, rgba: Uint8Array | Uint8ClampedArray) {
    this.raster.data.set(rgba, y * this.raster.width * 4);
  }
}

/**
 * Where each output pixel of one axis samples the source: the two neighbours and the second's
 * weight, or -1 for a pixel outside the placed image. Worked out once per axis, not per pixel.
 */
function bilinearTaps(outLength: number, sourceLength: number, offset: number, scale: number) {
  const first = new Int32Array(outLength).fill(-1);
  const second = new Int32Array(outLength);
  const weight = new Float64Array(outLength);
  for (let t = 0; t < outLength; t++) {
    const s = (t - offset + 0.5) / scale - 0.5;
    if (s < -0.5 || s > sourceLength - 0.5) continue;
    first[t] = Math.max(0, Math.min(sourceLength - 1, Math.floor(s)));
    second[t] = Math.min(sourceLength - 1, first[t]! + 1);
    weight[t] = Math.max(0, Math.min(1, s - first[t]!));
  }
  return { first, second, weight };
}

/** Bilinear enlargement into the output canvas. */
function enlarge(source: Raster, target: Size, place: Placement): Raster {
  const out = createRaster(target.width, target.height);
  const xs = bilinearTaps(target.width, source.width, place.offsetX, place.scale);
  const ys = bilinearTaps(target.height, source.height, place.offsetY, place.scale);
  for (let ty = 0; ty < target.height; ty++) {
    const y0 = ys.first[ty]!;
    if (y0 < 0) continue;
    const y1 = ys.second[ty]!;
    const fy = ys.weight[ty]!;
    for (let tx = 0; tx < target.width; tx++) {
      const x0 = xs.first[tx]!;
      if (x0 < 0) continue;
      const x1 = xs.second[tx]!;
      const fx = xs.weight[tx]!;
      const o = (ty * target.width + tx) * 4;
      for (let c = 0; c < 4; c++) {
        const top = source.data[(y0 * source.width + x0) * 4 + c]! * (1 - fx) + source.data[(y0 * source.width + x1) * 4 + c]! * fx;
        const bottom = source.data[(y1 * source.width + x0) * 4 + c]! * (1 - fx) + source.data[(y1 * source.width + x1) * 4 + c]! * fx;
        out.data[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return out;
}
