import type { Orientation } from "~/shared/ai-types";
import { createRaster, type Raster } from "./raster.server";

// A phone stores a photo as its sensor saw it and says in EXIF how to turn it for display
// (Orientation, tag 0x0112). Browsers honour it, so the painted strokes are in the turned image's
// coordinates; the editor must honour it too. Removing EXIF (it carries the location) must not
// lose it, so the stored JPEG keeps a minimal EXIF segment with the Orientation alone.

/** The Orientation of a JPEG's EXIF (APP1) segment payload ("Exif\0\0" + TIFF), or 1. */
export function exifOrientation(segment: Uint8Array): Orientation {
  const tiff = 6;
  if (segment.length < tiff + 8 || String.fromCharCode(...segment.subarray(0, 4)) !== "Exif") return 1;
  const order = String.fromCharCode(segment[tiff]!, segment[tiff + 1]!);
  if (order !== "II" && order !== "MM") return 1;
  const view = new DataView(segment.buffer, segment.byteOffset + tiff, segment.length - tiff);
  const little = order === "II";
  try {
    const ifd = view.getUint32(4, little);
    const entries = view.getUint16(ifd, little);
    for (let i = 0; i < entries; i++) {
      const entry = ifd + 2 + i * 12;
      if (view.getUint16(entry, little) !== 0x0112) continue;
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? (value as Orientation) : 1;
    }
  } catch {
    // A segment cut short: no orientation to honour.
  }
  return 1;
}

/** A whole APP1 segment (marker included) whose EXIF holds only the Orientation. */
export function orientationSegment(orientation: Orientation): Uint8Array {
  const payload = [
    ...[..."Exif"].map((char) => char.charCodeAt(0)),
    0,
    0,
    // TIFF header, big-endian, first IFD at offset 8
    0x4d,
    0x4d,
    0,
    42,
    0,
    0,
    0,
    8,
    // one entry: Orientation, SHORT, count 1, the value left-justified
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    // no next IFD
    0,
    0,
    0,
    0,
  ];
  const length = payload.length + 2;
  return new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
}

/** Orientations 5–8 turn the image a quarter: the stored width is the shown height. */
export const swapsSides = (orientation: Orientation) => orientation >= 5;

/** The raster as it is shown: the stored pixels turned and flipped as the Orientation says. */
export function applyOrientation(stored: Raster, orientation: Orientation): Raster {
  if (orientation === 1) return stored;
  const { width: w, height: h } = stored;
  const shown = swapsSides(orientation) ? createRaster(h, w) : createRaster(w, h);
  // For each shown pixel, the stored pixel it comes from.
  const source: (x: number, y: number) => number = {
    2: (x: number, y: number) => y * w + (w - 1 - x),
    3: (x: number, y: number) => (h - 1 - y) * w + (w - 1 - x),
    4: (x: number, y: number) => (h - 1 - y) * w + x,
    5: (x: number, y: number) => x * w + y,
    6: (x: number, y: number) => (h - 1 - x) * w + y,
    7: (x: number, y: number) => (h - 1 - x) * w + (w - 1 - y),
    8: (x: number, y: number) => x * w + (w - 1 - y),
  }[orientation];
  const from = new Uint32Array(stored.data.buffer, stored.data.byteOffset, w * h);
  const to = new Uint32Array(shown.data.buffer, shown.data.byteOffset, w * h);
  for (let y = 0; y < shown.height; y++) for (let x = 0; x < shown.width; x++) to[y * shown.width + x] = from[source(x, y)]!;
  return shown;
}
