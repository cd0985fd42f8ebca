import { encode as encodeJpeg } from "jpeg-js";
import { describe, expect, test } from "vitest";
import { imageEditForm } from "~/forms/image-edit-form";
import { planEdit } from "~/server/ai/offline/edit-vocabulary.server";
import { editImageOffline } from "~/server/ai/offline/image-edit.server";
import { drawMask, providerMaskPng } from "~/server/media/edit-mask.server";
import { inspectImage, stripMetadata, type ImageInfo } from "~/server/media/image-upload.server";
import { decodePng, encodePng } from "~/server/media/png.server";
import { createRaster, type Raster } from "~/server/media/raster.server";
import type { ImageEditRequest } from "~/shared/ai-types";
import { encodeWebp } from "../support/webp-encoder";

// The offline editor and the mask builder on images the tests draw: the pixels of the result say
// what happened (the unpainted area unchanged, the painted area changed as asked).

const sky = [90, 140, 220] as const;
const grass = [60, 140, 60] as const;

/** Top half sky blue, bottom half grass green. */
function landscape(width: number, height: number): Raster {
  const raster = createRaster(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      raster.data.set([...(y < height / 2 ? sky : grass), 255], (y * width + x) * 4);
    }
  }
  return raster;
}

async function decode(bytes: Uint8Array): Promise<Raster> {
  const info = inspectImage(bytes);
  const raster = createRaster(info.width, info.height);
  await decodePng(bytes, { row: (y, rgba) => raster.data.set(rgba, y * info.width * 4) });
  return raster;
}

const pixel = (raster: Raster, x: number, y: number) =>
  Array.from(raster.data.subarray((y * raster.width + x) * 4, (y * raster.width + x) * 4 + 4));

async function edit(bytes: Uint8Array, overrides: Partial<ImageEditRequest>) {
  const info: ImageInfo = inspectImage(bytes);
  const result = await editImageOffline({ prompt: "", image: { bytes, info }, size: "square", fit: "crop", strokes: [], ...overrides });
  return { ...result, raster: await decode(result.bytes) };
}

/** A stroke across the top of the image, wide enough to cover its top 40%. */
/** Down the column at `x` of a decoded landscape: sky at y 200 and grass at y 800, each channel within `tolerance`. */
function expectSkyOverGrass(raster: Raster, x: number, tolerance: number) {
  for (const [y, colour] of [
    [200, sky],
    [800, grass],
  ] as const) {
    pixel(raster, x, y)
      .slice(0, 3)
      .forEach((value, index) => expect(Math.abs(value - colour[index]!)).toBeLessThan(tolerance));
  }
}

const skyStroke = [
  {
    size: 0.4,
    points: [
      [0, 0.2],
      [0.5, 0.2],
      [1, 0.2],
    ] as [number, number][],
  },
];

describe("the offline editor", { timeout: 30_000 }, () => {
  test("'warmer and brighter' over the painted sky changes only the sky", async () => {
    const photo = await encodePng(landscape(256, 256));
    const untouched = await edit(photo, { prompt: "leave it" });
    const edited = await edit(photo, { prompt: "warmer and brighter", strokes: skyStroke });

    expect([edited.raster.width, edited.raster.height]).toEqual([1024, 1024]);
    const [r0, g0, b0] = pixel(untouched.raster, 512, 100);
    const [r1, g1, b1] = pixel(edited.raster, 512, 100);
    expect(r1).toBeGreaterThan(r0! + 40); // warmer and brighter: much more red
    expect(g1).toBeGreaterThan(g0!); // brighter
    expect(r1! - b1!).toBeGreaterThan(r0! - b0!); // warmer: red gains on blue

    // The grass (unpainted) is byte for byte what the image was without the edit.
    for (let y = 600; y < 1024; y += 37) {
      for (let x = 0; x < 1024; x += 41) expect(pixel(edited.raster, x, y)).toEqual(pixel(untouched.raster, x, y));
    }
    expect(edited.understood).toEqual(["warmer", "brighter"]);
  });

  test("the change fades in across the brush's edge instead of stopping at a hard line", async () => {
    const photo = await encodePng(landscape(256, 256));
    const untouched = await edit(photo, { prompt: "leave it" });
    const edited = await edit(photo, { prompt: "brighter", strokes: [{ size: 0.2, points: [[0.5, 0.25]] }] });
    // Along a row through the dab's centre the change grows, then falls, with values in between.
    const deltas = Array.from({ length: 1024 }, (_, x) => pixel(edited.raster, x, 256)[1]! - pixel(untouched.raster, x, 256)[1]!);
    expect(Math.max(...deltas)).toBeGreaterThan(40);
    expect(deltas[0]).toBe(0);
    expect(deltas.some((delta) => delta > 5 && delta < 40)).toBe(true);
  });

  test("without a painted area the whole image changes: black and white", async () => {
    const edited = await edit(await encodePng(landscape(64, 64)), { prompt: "black and white" });
    for (let y = 0; y < 1024; y += 97) {
      const [r, g, b] = pixel(edited.raster, 500, y);
      expect(r).toBe(g);
      expect(g).toBe(b);
    }
  });

  test("fits to the chosen size: a landscape cropped into portrait, extended with transparent edges", async () => {
    const photo = await encodePng(landscape(300, 200));
    const cropped = await edit(photo, { prompt: "x", size: "portrait", fit: "crop" });
    expect([cropped.raster.width, cropped.raster.height]).toEqual([1024, 1536]);
    expect(pixel(cropped.raster, 0, 0)[3]).toBe(255);
    const extended = await edit(photo, { prompt: "x", size: "portrait", fit: "extend" });
    expect(pixel(extended.raster, 512, 5)[3]).toBe(0); // the added canvas is transparent
    expect(pixel(extended.raster, 512, 768)[3]).toBe(255);
  });

  test("shrinks a large image by averaging: colours survive, the size is the chosen one", async () => {
    const edited = await edit(await encodePng(landscape(2048, 2048)), { prompt: "x" });
    expect([edited.raster.width, edited.raster.height]).toEqual([1024, 1024]);
    expect(pixel(edited.raster, 100, 100)).toEqual([...sky, 255]);
    expect(pixel(edited.raster, 100, 900)).toEqual([...grass, 255]);
  });

  test("rotate turns the result; flip mirrors it", async () => {
    const rotated = await edit(await encodePng(landscape(64, 64)), { prompt: "rotate" });
    // Sky was on top; a quarter turn clockwise puts it on the right.
    expect(pixel(rotated.raster, 1000, 512).slice(0, 3)).toEqual([...sky]);
    expect(pixel(rotated.raster, 20, 512).slice(0, 3)).toEqual([...grass]);
    const flipped = await edit(await encodePng(landscape(64, 64)), { prompt: "upside down" });
    expect(pixel(flipped.raster, 512, 1000).slice(0, 3)).toEqual([...sky]);
  });

  test("reads a 4096 × 4096 baseline JPEG row by row: colours survive the shrink", async () => {
    const side = 4096;
    const image = landscape(side, side);
    const jpeg = new Uint8Array(encodeJpeg({ width: side, height: side, data: Buffer.from(image.data) }, 80).data);
    const edited = await edit(jpeg, { prompt: "as it is" });
    expect([edited.raster.width, edited.raster.height]).toEqual([1024, 1024]);
    expectSkyOverGrass(edited.raster, 512, 6);
  });

  test("reads a progressive JPEG (4:2:0): its rows come out after the last scan", async () => {
    // 32 × 16, red left half, blue right half: made with libjpeg-turbo's `cjpeg -progressive -sample 2x2 -quality 90`.
    const progressive = Uint8Array.from(
      atob(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgARCAAQACADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAVAQEBAAAAAAAAAAAAAAAAAAAIBv/aAAwDAQACEAMQAAABgxIIyLC7Ln//xAAUEAEAAAAAAAAAAAAAAAAAAAAw/9oACAEBAAEFAg//xAAUEQEAAAAAAAAAAAAAAAAAAAAQ/9oACAEDAQE/AT//xAAUEQEAAAAAAAAAAAAAAAAAAAAQ/9oACAECAQE/AT//xAAUEAEAAAAAAAAAAAAAAAAAAAAw/9oACAEBAAY/Ag//xAAUEAEAAAAAAAAAAAAAAAAAAAAw/9oACAEBAAE/IQ//2gAMAwEAAgADAAAAEAgf/8QAFBEBAAAAAAAAAAAAAAAAAAAAEP/aAAgBAwEBPxA//8QAFBEBAAAAAAAAAAAAAAAAAAAAEP/aAAgBAgEBPxA//8QAFBABAAAAAAAAAAAAAAAAAAAAMP/aAAgBAQABPxAP/9k=",
      ),
      (char) => char.charCodeAt(0),
    );
    const edited = await edit(progressive, { prompt: "as it is", size: "landscape", fit: "extend" });
    const near = (actual: number[], expected: number[]) => actual.every((value, index) => Math.abs(value - expected[index]!) < 30);
    expect(near(pixel(edited.raster, 300, 512).slice(0, 3), [230, 20, 20])).toBe(true);
    expect(near(pixel(edited.raster, 1200, 512).slice(0, 3), [20, 20, 230])).toBe(true);
  });

  test("refuses a progressive JPEG too large to keep its coefficients within the Worker's memory, saying what to do", async () => {
    // Only the headers matter: the decoder refuses when the first scan asks for the coefficients.
    const frame = [0xff, 0xc2, 0, 17, 8, 0x10, 0x00, 0x10, 0x00, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0];
    const scan = [0xff, 0xda, 0, 12, 3, 1, 0, 2, 0, 3, 0, 0, 0, 0];
    const progressive = new Uint8Array([0xff, 0xd8, ...frame, ...scan, 0, 0, 0xff, 0xd9]);
    expect(inspectImage(progressive)).toMatchObject({ width: 4096, height: 4096 });
    await expect(edit(progressive, { prompt: "warmer" })).rejects.toThrow(/progressive JPEG is too large for the offline editor.*baseline/);
  });

  test("reads JPEG too", async () => {
    const image = landscape(128, 128);
    const jpeg = new Uint8Array(encodeJpeg({ width: 128, height: 128, data: Buffer.from(image.data) }, 95).data);
    const edited = await edit(jpeg, { prompt: "sepia" });
    const [r, g, b] = pixel(edited.raster, 512, 100);
    expect(r).toBeGreaterThan(g!);
    expect(g).toBeGreaterThan(b!);
  });
});

describe("the vocabulary", () => {
  test("says what it understood and what it ignored", () => {
    const plan = planEdit("Make the sky warmer and much brighter, add a rainbow");
    expect(plan.understood).toEqual(["warmer", "brighter"]);
    expect(plan.ignored).toEqual(["sky", "add", "rainbow"]);
    expect(plan.colour[1]).toEqual({ kind: "brightness", amount: expect.closeTo(0.288, 3) });
  });

  test("longer phrases win: 'black and white' is one operation; the style cards are filters", () => {
    expect(planEdit("black and white").colour).toEqual([{ kind: "grayscale" }]);
    expect(planEdit("cartoon, more contrast").understood).toEqual(["cartoon", "more contrast"]);
    expect(planEdit("rotate left").shape).toEqual([{ kind: "rotate", quarterTurns: 3 }]);
  });
});

describe("the mask for a provider", () => {
  test("is a PNG of the image's size with alpha: transparent where painted, opaque elsewhere", async () => {
    const mask = await decode(await providerMaskPng(drawMask(skyStroke, 300, 200)));
    expect([mask.width, mask.height]).toEqual([300, 200]);
    expect(pixel(mask, 150, 30)[3]).toBe(0);
    expect(pixel(mask, 150, 180)[3]).toBe(255);
  });

  test("the eraser takes painted area back", () => {
    const mask = drawMask([...skyStroke, { erase: true, size: 0.2, points: [[0.5, 0.2]] }], 100, 100);
    expect(mask.data[20 * 100 + 50]).toBe(0);
    expect(mask.data[20 * 100 + 5]).toBe(1);
  });
});

describe("checking an upload before decoding it", () => {
  test("by magic bytes, not by name", async () => {
    expect(inspectImage(await encodePng(landscape(10, 20)))).toEqual({ type: "image/png", width: 10, height: 20, orientation: 1 });
    expect(() => inspectImage(new TextEncoder().encode("GIF89a not an image at all"))).toThrow(/not a PNG, JPEG or WebP/);
  });

  test("refuses a decompression bomb by its declared size, a truncated file, animation and CMYK", async () => {
    const png = await encodePng(landscape(8, 8));
    const bomb = png.slice();
    new DataView(bomb.buffer).setUint32(16, 60_000);
    new DataView(bomb.buffer).setUint32(20, 60_000);
    expect(() => inspectImage(bomb)).toThrow(/60000 × 60000 pixels: the limit is 4096/);
    expect(() => inspectImage(png.subarray(0, png.length - 20))).toThrow(/cut short/);

    const animated = new Uint8Array([
      ...png.subarray(0, 33),
      0,
      0,
      0,
      8,
      ...new TextEncoder().encode("acTL"),
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...png.subarray(33),
    ]);
    expect(() => inspectImage(animated)).toThrow(/Animated PNG/);

    // SOI, SOF0 with four components (CMYK), EOI.
    const cmyk = new Uint8Array([
      0xff, 0xd8, 0xff, 0xc0, 0, 20, 8, 0, 16, 0, 16, 4, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0, 4, 0x11, 0, 0xff, 0xd9,
    ]);
    expect(() => inspectImage(cmyk)).toThrow(/CMYK/);

    const webp = new Uint8Array(30);
    webp.set(new TextEncoder().encode("RIFF"), 0);
    new DataView(webp.buffer).setUint32(4, 22, true);
    webp.set(new TextEncoder().encode("WEBPVP8X"), 8);
    webp[20] = 0x02;
    expect(() => inspectImage(webp)).toThrow(/Animated WebP/);
  });

  test("strips metadata: PNG text chunks and JPEG EXIF are gone, the image still reads", async () => {
    const png = await encodePng(landscape(8, 8));
    const text = new TextEncoder().encode("GPSLatitude 48.8584");
    const chunk = new Uint8Array([0, 0, 0, text.length, ...new TextEncoder().encode("tEXt"), ...text, 0, 0, 0, 0]);
    const tagged = new Uint8Array([...png.subarray(0, 33), ...chunk, ...png.subarray(33)]);
    const stripped = stripMetadata(tagged, "image/png");
    expect(new TextDecoder().decode(stripped)).not.toContain("GPSLatitude");
    expect(pixel(await decode(stripped), 1, 1)).toEqual([...sky, 255]);

    const jpeg = new Uint8Array(encodeJpeg({ width: 8, height: 8, data: Buffer.from(landscape(8, 8).data) }, 90).data);
    const exif = new TextEncoder().encode("Exif\0\0GPS 48.8584");
    const withExif = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, exif.length + 2, ...exif, ...jpeg.subarray(2)]);
    const clean = stripMetadata(withExif, "image/jpeg");
    expect(new TextDecoder().decode(clean)).not.toContain("GPS");
    expect(inspectImage(clean)).toEqual({ type: "image/jpeg", width: 8, height: 8, orientation: 1 });
  });
});

describe("the edit form", () => {
  const valid = { prompt: "warmer", size: "square", source: "0".repeat(32) };
  test("an empty prompt, an unknown size, unreadable strokes each get a message saying what to fix", () => {
    const failures = (values: Record<string, string>) => {
      const result = imageEditForm.safeParse(values);
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path[0], issue.message]));
    };
    expect(failures({ ...valid, prompt: "  " })).toEqual({ prompt: "Please describe the change." });
    expect(failures({ ...valid, size: "huge" }).size).toMatch(/Unknown image size/);
    expect(failures({ ...valid, strokes: "{not json" }).strokes).toMatch(/could not be read/);
    expect(failures({ ...valid, strokes: JSON.stringify([{ size: 0.1, points: [[2, 0]] }]) })).toHaveProperty("strokes");
    expect(failures({ ...valid, source: "../../etc" }).source).toBe("Choose an image to edit.");
    expect(imageEditForm.parse({ ...valid, whole: "on" })).toMatchObject({ whole: true, fit: "crop", strokes: [] });
  });
});

describe("WebP on the offline editor", { timeout: 30_000 }, () => {
  test("reads lossy and lossless WebP: colours survive, the size is the chosen one", async () => {
    for (const lossless of [false, true]) {
      const webp = await encodeWebp(landscape(300, 200), { lossless });
      expect(inspectImage(webp)).toMatchObject({ type: "image/webp", width: 300, height: 200 });
      const edited = await edit(webp, { prompt: "as it is", size: "landscape" });
      expect([edited.raster.width, edited.raster.height]).toEqual([1536, 1024]);
      expectSkyOverGrass(edited.raster, 700, 8);
    }
  });

  test("refuses a WebP too large to decode within the Worker's memory, and a damaged one, saying what to do", async () => {
    const webp = await encodeWebp(landscape(64, 64));
    const huge = webp.slice();
    // A lossy 'VP8 ' frame header declares the size at bytes 26–29: 4000 × 4000.
    new DataView(huge.buffer).setUint16(26, 4000, true);
    new DataView(huge.buffer).setUint16(28, 4000, true);
    expect(inspectImage(huge)).toMatchObject({ width: 4000, height: 4000 });
    await expect(edit(huge, { prompt: "warmer" })).rejects.toThrow(/WebP image is too large for the offline editor.*PNG or JPEG/);
    const damaged = webp.slice();
    damaged.fill(3, 40, damaged.length - 8);
    await expect(edit(damaged, { prompt: "warmer" })).rejects.toThrow(/WebP file is damaged/);
  });
});
