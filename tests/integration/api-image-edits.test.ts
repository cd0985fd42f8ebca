import { env, exports } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "~/server/media/png.server";
import { createRaster } from "~/server/media/raster.server";
import { apiSubscriber, callApi, contractChecks, multipart } from "./api-helpers";
import { fakeOpenAi, get, origin } from "./helpers";
import { withFakeStripe } from "./each-test";
import { fetchMedia, landscape, pixelAt, pngFile, pngSize, skyStrokes, storedPixels } from "./media-helpers";

// POST /api/v1/images/edits (issue 22) inside workerd: the web Edit form's rules over multipart,
// on the offline editor and against the fake OpenAI, every answer checked against the OpenAPI
// document (api-helpers.ts). Images are drawn by the tests: sky on top, grass below.

withFakeStripe();
afterEach(() => fakeOpenAi.offline());
afterAll(() => expect(contractChecks.count).toBeGreaterThan(15));

/** A mask PNG: transparent (edit here) in the top half, opaque below. */
async function topHalfMask(width: number, height: number): Promise<Uint8Array> {
  const raster = createRaster(width, height);
  for (let y = height / 2; y < height; y++) for (let x = 0; x < width; x++) raster.data.set([0, 0, 0, 255], (y * width + x) * 4);
  return encodePng(raster);
}

async function usedImages(customerId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT SUM(used) AS used FROM usage WHERE customer_id = ? AND tool = 'imagine'")
    .bind(customerId)
    .first<{ used: number | null }>();
  return row?.used ?? 0;
}

let photo: Uint8Array;
beforeAll(async () => {
  photo = await encodePng(landscape(200, 200));
  await (await get("/docs/api")).text();
}, 120_000);

const edit = (key: string, fields: Parameters<typeof multipart>[0], headers: Record<string, string> = {}) =>
  callApi("images/edits", { key, form: multipart(fields), headers });

describe("POST /api/v1/images/edits on the offline editor", () => {
  it("edits the painted area, answers like POST /images (absolute media URL, size, expiry) and counts one image", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const plain = await edit(key, { image: pngFile(photo), prompt: "as it is", size: "square" });
    const { status, json, headers } = await edit(key, {
      image: pngFile(photo),
      prompt: "warmer and brighter sky",
      size: "square",
      strokes: skyStrokes,
    });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json");
    expect(json).toMatchObject({
      width: 1024,
      height: 1024,
      contentType: "image/png",
      understood: ["warmer", "brighter"],
      ignored: ["sky"],
    });
    expect(json.url).toMatch(new RegExp(`^${origin}/media/[0-9a-f]{32}$`));
    expect(json.notice).toContain("does not draw new content");
    expect(Date.parse(json.expiresAt)).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    const before = await storedPixels(plain.json.url);
    const after = await storedPixels(json.url);
    expect(pixelAt(after, 512, 80)[0]).toBeGreaterThan(pixelAt(before, 512, 80)[0]! + 40);
    expect(pixelAt(after, 512, 900)).toEqual(pixelAt(before, 512, 900));
    expect((await fetchMedia(new URL(json.url).pathname)).bytes.length).toBe(json.size);
    expect(await usedImages(customerId)).toBe(2);
  });

  it("takes a mask PNG instead of strokes: only its transparent part changes", async () => {
    const { key } = await apiSubscriber("pro");
    const plain = await edit(key, { image: pngFile(photo), prompt: "as it is", size: "landscape" });
    const masked = await edit(key, {
      image: pngFile(photo),
      mask: pngFile(await topHalfMask(200, 200), "mask.png"),
      prompt: "black and white",
      size: "landscape",
    });
    expect(masked.status).toBe(200);
    expect(masked.json).toMatchObject({ width: 1536, height: 1024 });
    const before = await storedPixels(plain.json.url);
    const after = await storedPixels(masked.json.url);
    const [r, g, b] = pixelAt(after, 700, 100);
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(pixelAt(after, 700, 950)).toEqual(pixelAt(before, 700, 950));
  });
});

describe("POST /api/v1/images/edits refuses bad input with the web form's rules, spending no quota", () => {
  const invalid = async (key: string, fields: Parameters<typeof multipart>[0], field: string, message: RegExp) => {
    const { status, json } = await edit(key, { prompt: "warmer", size: "square", ...fields });
    expect(status).toBe(400);
    expect(json.type).toBe("/docs/api#problem-invalid-request");
    expect(json.errors[field]).toMatch(message);
  };

  it("judges the image and the mask by their bytes, the fields by the form's schema", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    await invalid(key, { image: pngFile(new TextEncoder().encode("hello, not an image")) }, "image", /not a PNG, JPEG or WebP image/);
    const bomb = photo.slice();
    new DataView(bomb.buffer).setUint32(16, 60_000);
    new DataView(bomb.buffer).setUint32(20, 60_000);
    await invalid(key, { image: pngFile(bomb) }, "image", /60000 × 60000 pixels: the limit is 4096 pixels a side/);
    await invalid(key, { image: pngFile(photo.subarray(0, 300)) }, "image", /cut short/);
    await invalid(key, {}, "image", /Choose an image to edit/);
    await invalid(key, { image: pngFile(photo), prompt: "  " }, "prompt", /Please describe the change/);
    await invalid(key, { image: pngFile(photo), size: "huge" }, "size", /Unknown image size/);
    await invalid(key, { image: pngFile(photo), strokes: "[{]" }, "strokes", /painted area could not be read/);
    await invalid(
      key,
      { image: pngFile(photo), mask: pngFile(await topHalfMask(100, 100), "mask.png") },
      "mask",
      /must be the image's size, 200 × 200/,
    );
    await invalid(
      key,
      { image: pngFile(photo), mask: { bytes: photo, name: "mask.jpg", type: "image/jpeg" }, strokes: skyStrokes },
      "mask",
      /either a mask or strokes/,
    );
    const opaque = await encodePng(landscape(200, 200));
    const rgb = opaque.slice();
    rgb[25] = 2; // colour type RGB: no alpha channel (CRC unchecked before decoding)
    await invalid(key, { image: pngFile(photo), mask: pngFile(rgb, "mask.png") }, "mask", /alpha channel/);
    // A corrupt image whose header is fine is found while decoding: still a 400, quota given back.
    const corrupt = photo.slice();
    corrupt.fill(7, 60, corrupt.length - 40);
    await invalid(key, { image: pngFile(corrupt) }, "image", /corrupt|cut short|damaged/);
    expect(await usedImages(customerId)).toBe(0);
  });

  it("answers 415 to JSON and 413 past the limit, by Content-Length before reading the body", async () => {
    const { key } = await apiSubscriber("pro");
    const json = await callApi("images/edits", { key, body: { prompt: "warmer", size: "square" } });
    expect(json.status).toBe(415);
    expect(json.json.type).toBe("/docs/api#problem-unsupported-media-type");
    const response = await exports.default.fetch(
      new Request(`${origin}/api/v1/images/edits`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "multipart/form-data; boundary=x",
          "content-length": String(11 * 1024 * 1024),
        },
        body: new Uint8Array(1024),
      }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { type: string }).type).toBe("/docs/api#problem-payload-too-large");
  });

  it("answers 429 quota-exceeded when the plan's images are used up", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    expect((await edit(key, { image: pngFile(photo), prompt: "darker", size: "square" })).status).toBe(200);
    await env.DB.prepare("UPDATE usage SET used = 100 WHERE customer_id = ? AND tool = 'imagine'").bind(customerId).run();
    const refused = await edit(key, { image: pngFile(photo), prompt: "darker", size: "square" });
    expect(refused.status).toBe(429);
    expect(refused.json.type).toBe("/docs/api#problem-quota-exceeded");
  });

  it("replays a retry with the same Idempotency-Key (a new multipart boundary) and counts one image", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const headers = { "idempotency-key": crypto.randomUUID() };
    const first = await edit(key, { image: pngFile(photo), prompt: "sepia", size: "portrait" }, headers);
    const retry = await edit(key, { image: pngFile(photo), prompt: "sepia", size: "portrait" }, headers);
    expect(first.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await usedImages(customerId)).toBe(1);
    const other = await edit(key, { image: pngFile(photo), prompt: "cooler", size: "portrait" }, headers);
    expect(other.status).toBe(422);
  });
});

describe("POST /api/v1/images/edits with a provider (the fake OpenAI)", () => {
  it("sends images.edit the image and a mask drawn from the strokes, and answers the provider's image", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    await fakeOpenAi.use();
    const wide = await encodePng(landscape(300, 200));
    const { status, json } = await edit(key, { image: pngFile(wide), prompt: "a sunset sky", size: "landscape", strokes: skyStrokes });
    expect(status).toBe(200);
    const request = (await fakeOpenAi.requests()).find((one) => one.path === "/v1/images/edits")!;
    expect(request.body).toMatchObject({ model: "gpt-image-2.6-flare", prompt: "a sunset sky", size: "1536x1024" });
    expect(request.body.image).toMatchObject({ format: "png", width: 300, height: 200 });
    expect(request.body.mask).toMatchObject({ width: 300, height: 200, hasAlpha: true });
    expect(request.body.mask.transparentShare.bottom).toBe(0);
    expect(json).toMatchObject({ width: 1536, height: 1024, contentType: "image/png" });
    expect(pngSize((await fetchMedia(new URL(json.url).pathname)).bytes)).toEqual({ width: 1536, height: 1024 });
    expect(await usedImages(customerId)).toBe(1);
  });

  it("passes a mask PNG through as it is", async () => {
    const { key } = await apiSubscriber("pro");
    await fakeOpenAi.use();
    const { status } = await edit(key, {
      image: pngFile(photo),
      mask: pngFile(await topHalfMask(200, 200), "mask.png"),
      prompt: "a storm",
      size: "square",
    });
    expect(status).toBe(200);
    const request = (await fakeOpenAi.requests()).find((one) => one.path === "/v1/images/edits")!;
    expect(request.body.mask).toMatchObject({ width: 200, height: 200, hasAlpha: true });
    expect(request.body.mask.transparentShare.top).toBe(1);
    expect(request.body.mask.transparentShare.bottom).toBe(0);
  });

  it("a provider failure is a 502 problem and gives the image back to the quota", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    await fakeOpenAi.use();
    await fakeOpenAi.next({ status: 500 }, { status: 500 }, { status: 500 });
    const { status, json } = await edit(key, { image: pngFile(photo), prompt: "a storm", size: "square" });
    expect(status).toBe(502);
    expect(json.type).toBe("/docs/api#problem-provider-failure");
    expect(await usedImages(customerId)).toBe(0);
  });
});
