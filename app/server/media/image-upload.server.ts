import { imageTooLargeMessage, mediaLimits } from "~/forms/media-limits";
import { InputError } from "../tools/input-error.server";
import { concatBytes } from "./concat-bytes.server";
import { exifOrientation, orientationSegment, swapsSides } from "./exif-orientation.server";
import { pngChunks } from "./png.server";
import { sniffImageType } from "./sniff.server";

// An uploaded image is judged by its bytes before anything decodes it: the type by its magic
// bytes (never its name), the declared size against the limit (a decompression bomb declares
// 60000 × 60000 in a few kilobytes), animation and CMYK refused. Then its metadata (EXIF with
// location, XMP, IPTC, text chunks) is removed before it is stored or sent anywhere; a JPEG keeps
// its EXIF Orientation alone (exif-orientation.ts).

export const MAX_IMAGE_BYTES = mediaLimits.imageBytes;
export const MAX_IMAGE_SIDE = mediaLimits.imageSide;

// The engine interface (app/shared/ai-types.ts) names these too, so they live there.
import type { ImageInfo, ImageType, Orientation } from "~/shared/ai-types";
export type { ImageInfo, ImageType, Orientation };

/** A problem with the upload, worded as what to fix. */
export class ImageUploadError extends InputError {
  constructor(message: string) {
    super("image", message);
  }
}

const fail = (message: string): never => {
  throw new ImageUploadError(message);
};

/** The type and declared size of an uploaded image, or an ImageUploadError saying what is wrong. */
export function inspectImage(bytes: Uint8Array): ImageInfo {
  if (bytes.length === 0) fail("Choose an image to edit.");
  if (bytes.length > MAX_IMAGE_BYTES) fail(imageTooLargeMessage);
  const type = sniffImageType(bytes) ?? fail("This file is not a PNG, JPEG or WebP image. Choose one of those.");
  const { width, height, orientation }: { width: number; height: number; orientation: Orientation } =
    type === "image/jpeg" ? jpegSize(bytes) : { ...(type === "image/png" ? pngSize(bytes) : webpSize(bytes)), orientation: 1 };
  if (width < 1 || height < 1) fail("The image has no pixels. Choose another image.");
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    fail(`The image is ${width} × ${height} pixels: the limit is ${MAX_IMAGE_SIDE} pixels a side. Make it smaller and try again.`);
  }
  // The size as shown: a phone photo stored sideways with Orientation 6 is shown upright.
  return swapsSides(orientation) ? { type, width: height, height: width, orientation } : { type, width, height, orientation };
}

const cutShort = "The image file is cut short or damaged. Export it again and retry.";

function pngSize(bytes: Uint8Array) {
  let size: { width: number; height: number } | undefined;
  try {
    for (const chunk of pngChunks(bytes)) {
      if (chunk.type === "IHDR") {
        const view = new DataView(chunk.data.buffer, chunk.data.byteOffset, chunk.data.byteLength);
        size = { width: view.getUint32(0), height: view.getUint32(4) };
      } else if (chunk.type === "acTL") fail("Animated PNG files cannot be edited: choose a still image.");
    }
  } catch (error) {
    if (error instanceof ImageUploadError) throw error;
    fail(cutShort);
  }
  return size ?? fail(cutShort);
}

function jpegSize(bytes: Uint8Array): { width: number; height: number; orientation: Orientation } {
  // A JPEG ends with its end-of-image marker; without it the file was cut short.
  const end = bytes.length;
  if (!(bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9)) fail(cutShort);
  let offset = 2;
  let orientation: Orientation = 1;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) fail(cutShort);
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (offset + 10 > bytes.length) fail(cutShort);
      const components = bytes[offset + 9]!;
      if (components === 4) fail("CMYK JPEG images cannot be edited: save it as an RGB JPEG or a PNG.");
      if (components !== 1 && components !== 3) fail(cutShort);
      return { height: (bytes[offset + 5]! << 8) | bytes[offset + 6]!, width: (bytes[offset + 7]! << 8) | bytes[offset + 8]!, orientation };
    }
    if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(bytes.subarray(offset + 4, offset + 2 + length));
    if (marker === 0xda) break;
    offset += 2 + length;
  }
  return fail(cutShort);
}

function webpSize(bytes: Uint8Array) {
  const declared = (bytes[4]! | (bytes[5]! << 8) | (bytes[6]! << 16) | (bytes[7]! << 24)) >>> 0;
  if (bytes.length < 30 || bytes.length < declared + 8) fail(cutShort);
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  const at = (index: number) => bytes[index]!;
  if (chunk === "VP8X") {
    if (at(20) & 0x02) fail("Animated WebP files cannot be edited: choose a still image.");
    return { width: 1 + (at(24) | (at(25) << 8) | (at(26) << 16)), height: 1 + (at(27) | (at(28) << 8) | (at(29) << 16)) };
  }
  if (chunk === "VP8 ") return { width: (at(26) | (at(27) << 8)) & 0x3fff, height: (at(28) | (at(29) << 8)) & 0x3fff };
  if (chunk === "VP8L") {
    const bits = at(21) | (at(22) << 8) | (at(23) << 16) | (at(24) << 24);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >>> 14) & 0x3fff) };
  }
  return fail(cutShort);
}

/** The same image without its metadata: location and camera details never reach storage. */
export function stripMetadata(bytes: Uint8Array, type: ImageType): Uint8Array {
  if (type === "image/png") return stripPng(bytes);
  if (type === "image/jpeg") return stripJpeg(bytes);
  return stripWebp(bytes);
}

const keptPngChunks = new Set(["IHDR", "PLTE", "tRNS", "IDAT", "IEND", "gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "pHYs"]);

function stripPng(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  for (const chunk of pngChunks(bytes)) {
    const whole = bytes.subarray(offset, offset + 12 + chunk.data.length);
    offset += whole.length;
    if (keptPngChunks.has(chunk.type)) parts.push(whole);
  }
  return concatBytes(parts);
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [bytes.subarray(0, 2)];
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    const marker = bytes[offset + 1]!;
    if (marker === 0xda) break; // the scan: everything from here on is image data
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    // APP1 (EXIF, XMP), APP13 (IPTC) and comments carry metadata; APP0, ICC (APP2), Adobe (APP14) do not.
    const dropped = marker === 0xe1 || marker === 0xed || marker === 0xfe || (marker >= 0xe3 && marker <= 0xec) || marker === 0xef;
    if (!dropped) parts.push(bytes.subarray(offset, offset + 2 + length));
    else if (marker === 0xe1) {
      // The Orientation alone survives: without it a phone photo would be shown sideways.
      const orientation = exifOrientation(bytes.subarray(offset + 4, offset + 2 + length));
      if (orientation !== 1) parts.push(orientationSegment(orientation));
    }
    offset += 2 + length;
  }
  parts.push(bytes.subarray(offset));
  return concatBytes(parts);
}

function stripWebp(bytes: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const type = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = bytes[offset + 4]! | (bytes[offset + 5]! << 8) | (bytes[offset + 6]! << 16) | (bytes[offset + 7]! << 24);
    const whole = bytes.slice(offset, Math.min(bytes.length, offset + 8 + size + (size & 1)));
    if (type === "VP8X") whole[8] = whole[8]! & ~0x0c; // no EXIF, no XMP
    if (type !== "EXIF" && type !== "XMP ") parts.push(whole);
    offset += 8 + size + (size & 1);
  }
  const body = concatBytes(parts);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}
