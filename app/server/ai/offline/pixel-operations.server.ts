import type { ImageStyleId } from "~/content/media-catalogs";
import type { Coverage } from "~/server/media/edit-mask.server";
import { cloneRaster, createRaster, type Raster } from "~/server/media/raster.server";
import type { ColourOperation, ShapeOperation } from "./edit-vocabulary.server";

// The offline editor's pixel operations over RGBA. Colour operations change a copy; the copy is
// blended back through the painted area's coverage, so unpainted pixels stay exactly as they were
// and the change fades in across the brush's soft edge. Alpha is never changed.

type PerPixel = (r: number, g: number, b: number) => [number, number, number];

const luma = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

function mapPixels(raster: Raster, change: PerPixel): Raster {
  const out = cloneRaster(raster);
  const data = out.data;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = change(data[i]!, data[i + 1]!, data[i + 2]!);
    data[i] = r;
    data[i + 1] = g;
    data[i + 2] = b;
  }
  return out;
}

const saturate =
  (amount: number): PerPixel =>
  (r, g, b) => {
    const y = luma(r, g, b);
    const k = 1 + amount;
    return [y + (r - y) * k, y + (g - y) * k, y + (b - y) * k];
  };

const contrast =
  (amount: number): PerPixel =>
  (r, g, b) => {
    const k = 1 + amount;
    return [(r - 128) * k + 128, (g - 128) * k + 128, (b - 128) * k + 128];
  };

const sepia: PerPixel = (r, g, b) => [
  0.393 * r + 0.769 * g + 0.189 * b,
  0.349 * r + 0.686 * g + 0.168 * b,
  0.272 * r + 0.534 * g + 0.131 * b,
];

/** A separable box blur, three passes: close to a Gaussian, linear in the radius. */
export function boxBlur(raster: Raster, radius: number): Raster {
  let current = raster;
  for (let pass = 0; pass < 3; pass++) current = blurAxis(blurAxis(current, radius, true), radius, false);
  return current;
}

function blurAxis(source: Raster, radius: number, horizontal: boolean): Raster {
  const { width, height } = source;
  const out = createRaster(width, height);
  const length = horizontal ? width : height;
  const lines = horizontal ? height : width;
  const step = horizontal ? 4 : width * 4;
  const window = radius * 2 + 1;
  for (let line = 0; line < lines; line++) {
    const base = horizontal ? line * width * 4 : line * 4;
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let k = -radius; k <= radius; k++) sum += source.data[base + Math.min(length - 1, Math.max(0, k)) * step + c]!;
      for (let i = 0; i < length; i++) {
        out.data[base + i * step + c] = sum / window;
        const leaving = Math.max(0, i - radius);
        const entering = Math.min(length - 1, i + radius + 1);
        sum += source.data[base + entering * step + c]! - source.data[base + leaving * step + c]!;
      }
    }
  }
  return out;
}

const blurRadius = (raster: Raster, amount: number) => Math.max(1, Math.round((Math.min(raster.width, raster.height) / 256) * amount));

function sharpen(raster: Raster, amount: number): Raster {
  const soft = boxBlur(raster, blurRadius(raster, 0.5));
  const out = cloneRaster(raster);
  for (let i = 0; i < out.data.length; i++) {
    if ((i & 3) === 3) continue;
    out.data[i] = raster.data[i]! + (raster.data[i]! - soft.data[i]!) * amount;
  }
  return out;
}

/** Each style card as a filter: a look, not new content. */
function styleFilter(raster: Raster, style: ImageStyleId): Raster {
  switch (style) {
    case "realistic":
      return mapPixels(raster, (r, g, b) => contrast(0.08)(...saturate(-0.08)(r, g, b)));
    case "artistic":
      return mapPixels(boxBlur(raster, 1), (r, g, b) => saturate(0.5)(...contrast(0.1)(r, g, b)));
    case "3d":
      return mapPixels(sharpen(raster, 0.8), contrast(0.25));
    case "cartoon": {
      // Posterised colours on a smoothed image: flat areas like a cel.
      const levels = 6;
      const q = (v: number) => Math.round((Math.max(0, Math.min(255, v)) / 255) * (levels - 1)) * (255 / (levels - 1));
      return mapPixels(boxBlur(raster, 1), (r, g, b) => {
        const [sr, sg, sb] = saturate(0.4)(r, g, b);
        return [q(sr), q(sg), q(sb)];
      });
    }
    case "sketch": {
      // Pencil: the grey image divided by its blurred negative (colour dodge) leaves the edges.
      const gray = mapPixels(raster, (r, g, b) => {
        const y = luma(r, g, b);
        return [y, y, y];
      });
      const blurred = boxBlur(gray, blurRadius(raster, 1));
      return dodge(gray, blurred);
    }
    case "abstract":
      // Hues turned a third of the way round, strongly saturated.
      return mapPixels(raster, (r, g, b) => saturate(0.8)(b, r, g));
  }
}

function dodge(gray: Raster, blurred: Raster): Raster {
  const out = cloneRaster(gray);
  for (let i = 0; i < out.data.length; i += 4) {
    const base = gray.data[i]!;
    const inverted = 255 - blurred.data[i]!;
    const value = inverted >= 255 ? 255 : Math.min(255, (base * 255) / (255 - inverted));
    out.data[i] = out.data[i + 1] = out.data[i + 2] = value;
  }
  return out;
}

export function applyColourOperation(raster: Raster, operation: ColourOperation): Raster {
  switch (operation.kind) {
    case "brightness":
      return mapPixels(raster, (r, g, b) => [r + 255 * operation.amount, g + 255 * operation.amount, b + 255 * operation.amount]);
    case "temperature":
      return mapPixels(raster, (r, g, b) => [r + 255 * operation.amount, g + 255 * operation.amount * 0.2, b - 255 * operation.amount]);
    case "contrast":
      return mapPixels(raster, contrast(operation.amount));
    case "saturation":
      return mapPixels(raster, saturate(operation.amount));
    case "grayscale":
      return mapPixels(raster, (r, g, b) => {
        const y = luma(r, g, b);
        return [y, y, y];
      });
    case "sepia":
      return mapPixels(raster, sepia);
    case "blur":
      return boxBlur(raster, blurRadius(raster, 2 * operation.amount));
    case "sharpen":
      return sharpen(raster, operation.amount);
    case "style":
      return styleFilter(raster, operation.style);
  }
}

/** original + (edited − original) × coverage, pixel by pixel (alpha kept from the original). */
export function blendThroughMask(original: Raster, edited: Raster, mask: Coverage | undefined): Raster {
  if (!mask) return edited;
  const out = cloneRaster(original);
  for (let p = 0; p < mask.data.length; p++) {
    const weight = mask.data[p]!;
    if (weight <= 0) continue;
    const i = p * 4;
    for (let c = 0; c < 3; c++) out.data[i + c] = original.data[i + c]! + (edited.data[i + c]! - original.data[i + c]!) * weight;
  }
  return out;
}

export function applyShapeOperation(raster: Raster, operation: ShapeOperation): Raster {
  const { width, height } = raster;
  if (operation.kind === "flip") {
    const out = createRaster(width, height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const from = operation.axis === "horizontal" ? (y * width + (width - 1 - x)) * 4 : ((height - 1 - y) * width + x) * 4;
        out.data.set(raster.data.subarray(from, from + 4), (y * width + x) * 4);
      }
    }
    return out;
  }
  const turns = operation.quarterTurns;
  const out = turns === 2 ? createRaster(width, height) : createRaster(height, width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [tx, ty] = turns === 1 ? [height - 1 - y, x] : turns === 2 ? [width - 1 - x, height - 1 - y] : [y, width - 1 - x];
      const from = (y * width + x) * 4;
      out.data.set(raster.data.subarray(from, from + 4), (ty * out.width + tx) * 4);
    }
  }
  return out;
}
