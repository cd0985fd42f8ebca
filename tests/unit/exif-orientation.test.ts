import { encode as encodeJpeg } from "jpeg-js";
import { describe, expect, test } from "vitest";
import { editImageOffline } from "~/server/ai/offline/image-edit.server";
import { decodeFitted } from "~/server/media/decode-fitted.server";
import { applyOrientation, exifOrientation } from "~/server/media/exif-orientation.server";
import { inspectImage, stripMetadata, type Orientation } from "~/server/media/image-upload.server";
import { providerEditFiles } from "~/server/media/provider-edit-files.server";
import { decodePng } from "~/server/media/png.server";
import { createRaster, type Raster } from "~/server/media/raster.server";

// Phone photos are stored as the sensor saw them, with an EXIF Orientation saying how to turn them.
// The tests write a tiny EXIF segment themselves and read the pixels that come out.

const red = [230, 20, 20];
const blue = [20, 20, 230];

/** 64 × 32 stored pixels: the left half red, the right half blue. */
function halves(): Raster {
  const raster = createRaster(64, 32);
  for (let y = 0; y < 32; y++) for (let x = 0; x < 64; x++) raster.data.set([...(x < 32 ? red : blue), 255], (y * 64 + x) * 4);
  return raster;
}

/** An APP1 EXIF segment with IFD0 holding a camera make and the Orientation, in either byte order. */
function exifSegment(orientation: number, order: "II" | "MM"): number[] {
  const little = order === "II";
  const u16 = (value: number) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
  const u32 = (value: number) =>
    little
      ? [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24]
      : [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
  const tiff = [
    ...[...order].map((char) => char.charCodeAt(0)),
    ...u16(42),
    ...u32(8),
    ...u16(2),
    // Make (ASCII, 4 bytes inline: "ACME") then Orientation (SHORT)
    ...u16(0x010f),
    ...u16(2),
    ...u32(4),
    0x41,
    0x43,
    0x4d,
    0x45,
    ...u16(0x0112),
    ...u16(3),
    ...u32(1),
    ...u16(orientation),
    0,
    0,
    ...u32(0),
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff, ...new TextEncoder().encode("GPSLatitude 48.8584")];
  return [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
}

function photo(orientation: number, order: "II" | "MM" = "MM"): Uint8Array {
  const { data } = halves();
  const jpeg = new Uint8Array(encodeJpeg({ width: 64, height: 32, data }, 95).data);
  return new Uint8Array([0xff, 0xd8, ...exifSegment(orientation, order), ...jpeg.subarray(2)]);
}

const pixel = (raster: Raster, x: number, y: number) =>
  Array.from(raster.data.subarray((y * raster.width + x) * 4, (y * raster.width + x) * 4 + 3));
const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]!) < 30);

describe("EXIF orientation", () => {
  test("is read in both byte orders, and the size is the shown one", () => {
    expect(inspectImage(photo(6, "MM"))).toEqual({ type: "image/jpeg", width: 32, height: 64, orientation: 6 });
    expect(inspectImage(photo(6, "II"))).toMatchObject({ width: 32, height: 64, orientation: 6 });
    expect(inspectImage(photo(3))).toMatchObject({ width: 64, height: 32, orientation: 3 });
    expect(inspectImage(photo(1))).toMatchObject({ orientation: 1 });
    expect(exifOrientation(new TextEncoder().encode("Exif\0\0MM\0*\0\0\0\x08"))).toBe(1);
  });

  test("orientation 6 turns the photo a quarter clockwise when decoded: the red left half is on top", async () => {
    const bytes = photo(6);
    const info = inspectImage(bytes);
    const shown = await decodeFitted(bytes, info, { width: 32, height: 64 }, "crop");
    expect([shown.width, shown.height]).toEqual([32, 64]);
    expect(near(pixel(shown, 16, 8), red)).toBe(true);
    expect(near(pixel(shown, 16, 56), blue)).toBe(true);
  });

  test("each of the eight orientations maps the corners as EXIF defines", () => {
    // Stored 3 × 2, corners numbered: a shown top-left corner tells the whole transform.
    const stored = createRaster(3, 2);
    for (let i = 0; i < 6; i++) stored.data[i * 4] = i + 1;
    const topLeft = { 1: 1, 2: 3, 3: 6, 4: 4, 5: 1, 6: 4, 7: 6, 8: 3 } as const;
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8] as Orientation[]) {
      const shown = applyOrientation(stored, orientation);
      expect([shown.width, shown.height]).toEqual(orientation >= 5 ? [2, 3] : [3, 2]);
      expect(shown.data[0], `orientation ${orientation}`).toBe(topLeft[orientation]);
    }
  });

  test("the offline editor edits the upright photo: 'black and white' on a portrait result keeps red above blue as grey", async () => {
    const bytes = photo(8);
    const result = await editImageOffline({
      prompt: "flip vertically",
      image: { bytes, info: inspectImage(bytes) },
      size: "portrait",
      fit: "crop",
      strokes: [],
    });
    const raster = createRaster(result.width, result.height);
    await decodePng(result.bytes, { row: (y, rgba) => raster.data.set(rgba, y * result.width * 4) });
    // Orientation 8 turns anticlockwise: red (left) goes to the bottom; flipped vertically, back on top.
    expect([raster.width, raster.height]).toEqual([1024, 1536]);
    expect(near(pixel(raster, 512, 200), red)).toBe(true);
    expect(near(pixel(raster, 512, 1300), blue)).toBe(true);
  });

  test("metadata is removed but the Orientation kept, so the stored photo is still shown upright", () => {
    const stripped = stripMetadata(photo(6), "image/jpeg");
    expect(new TextDecoder().decode(stripped)).not.toContain("GPSLatitude");
    expect(new TextDecoder().decode(stripped)).not.toContain("ACME");
    expect(inspectImage(stripped)).toMatchObject({ width: 32, height: 64, orientation: 6 });
    expect(inspectImage(stripMetadata(photo(1), "image/jpeg"))).toMatchObject({ width: 64, height: 32, orientation: 1 });
  });

  test("a provider is sent the turned pixels as PNG, and the mask at that size", async () => {
    const bytes = stripMetadata(photo(6), "image/jpeg");
    const files = await providerEditFiles({ bytes, info: inspectImage(bytes) }, [{ size: 0.5, points: [[0.5, 0.25]] }], undefined);
    expect(files.image.type).toBe("image/png");
    const turned = inspectImage(files.image.bytes);
    expect(turned).toMatchObject({ width: 32, height: 64 });
    expect(inspectImage(files.mask!)).toMatchObject({ width: 32, height: 64 });
    const raster = createRaster(32, 64);
    await decodePng(files.image.bytes, { row: (y, rgba) => raster.data.set(rgba, y * 32 * 4) });
    expect(near(pixel(raster, 16, 8), red)).toBe(true);
    // An upright photo goes as it is.
    const upright = stripMetadata(photo(1), "image/jpeg");
    expect((await providerEditFiles({ bytes: upright, info: inspectImage(upright) }, [], undefined)).image.bytes).toBe(upright);
  });
});
