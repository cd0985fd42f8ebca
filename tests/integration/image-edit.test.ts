import { env, exports } from "cloudflare:workers";
import { encode as encodeJpeg } from "jpeg-js";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "~/server/media/png.server";
import { fakeOpenAi, freshClient, get, origin, postClaimingMegabytes, postForm, visibleText } from "./helpers";
import {
  editedUrl,
  type EditFields,
  fetchMedia,
  landscape,
  mediaUrlIn,
  pixelAt,
  pngFile,
  pngSize,
  postEdit,
  skyStrokes,
  storedPixels,
} from "./media-helpers";

// Edit mode of /imagine-ai inside workerd: the real Worker, R2 and the fake OpenAI. Images are
// drawn by the tests (sky on top, grass below); the checks read the pixels of what was stored and
// the multipart request the fake received.

let photo: Uint8Array;
beforeAll(async () => {
  photo = await encodePng(landscape(200, 200));
  await (await get("/imagine-ai?mode=edit")).text();
}, 120_000);

afterEach(() => fakeOpenAi.offline());

describe("Edit mode on the offline editor", () => {
  it("paints the sky 'warmer and brighter': only the sky changes, beside the original, with Download, Edit again, Start over", async () => {
    const baseline = await postEdit({ image: pngFile(photo), prompt: "as it is", size: "square" });
    const response = await postEdit({ image: pngFile(photo), prompt: "warmer and brighter sky", size: "square", strokes: skyStrokes });
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Understood: warmer, brighter. Ignored: sky.");
    expect(text).toContain("does not draw new content");
    expect(html).toMatch(/alt="The original image"/);
    expect(html).toMatch(/download="edited-image.png"[^>]*>.*Download/s);
    expect(html).toMatch(/href="\/imagine-ai\?mode=edit&amp;source=[0-9a-f]{32}"[^>]*>.*Edit again/s);
    expect(html).toContain('href="/imagine-ai?mode=edit"');

    const before = await storedPixels(editedUrl(await baseline.text())!);
    const after = await storedPixels(editedUrl(html)!);
    expect([after.width, after.height]).toEqual([1024, 1024]);
    expect(pixelAt(after, 512, 80)[0]).toBeGreaterThan(pixelAt(before, 512, 80)[0]! + 40);
    for (let y = 620; y < 1024; y += 50) for (let x = 0; x < 1024; x += 60) expect(pixelAt(after, x, y)).toEqual(pixelAt(before, x, y));
  });

  it("without painting (no JavaScript) edits the whole image, at the chosen shape", async () => {
    const response = await postEdit({ image: pngFile(photo), prompt: "black and white", size: "landscape" });
    const result = await storedPixels(editedUrl(await response.text())!);
    expect([result.width, result.height]).toEqual([1536, 1024]);
    const [r, g, b] = pixelAt(result, 700, 900);
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it("reads a JPEG (with camera EXIF, which is not stored)", async () => {
    const image = landscape(120, 80);
    const jpeg = new Uint8Array(encodeJpeg({ width: 120, height: 80, data: image.data }, 92).data);
    const exif = new TextEncoder().encode("Exif\0\0GPSLatitude 48.8584");
    const tagged = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, exif.length + 2, ...exif, ...jpeg.subarray(2)]);
    const response = await postEdit({ image: { bytes: tagged, name: "photo.jpg", type: "image/jpeg" }, prompt: "sepia", size: "square" });
    expect(response.status).toBe(200);
    const html = await response.text();
    const result = await storedPixels(editedUrl(html)!);
    const [r, g, b] = pixelAt(result, 512, 200);
    expect(r).toBeGreaterThan(g!);
    expect(g).toBeGreaterThan(b!);
    const original = html.match(/<img[^>]*src="(\/media\/[0-9a-f]{32})"[^>]*alt="The original image"/)![1]!;
    expect(new TextDecoder().decode((await fetchMedia(original)).bytes)).not.toContain("GPSLatitude");
  });

  it("reads a WebP (libwebp's WebAssembly decoder, loaded on the first WebP edit)", async () => {
    // 60 × 40, sky over grass, lossless: made by tests/support/webp-encoder.ts (libwebp's encoder runs in Node only).
    const webp = Uint8Array.from(atob("UklGRjIAAABXRUJQVlA4TCUAAAAvO8AJAA8wjPfgOQ/o/McS1LRtBJVB+aP97ubOEf2fAP3cBfMCAA=="), (char) =>
      char.charCodeAt(0),
    );
    const response = await postEdit({
      image: { bytes: webp, name: "photo.webp", type: "image/webp" },
      prompt: "black and white",
      size: "landscape",
    });
    expect(response.status).toBe(200);
    const result = await storedPixels(editedUrl(await response.text())!);
    expect([result.width, result.height]).toEqual([1536, 1024]);
    const [r, g, b] = pixelAt(result, 700, 100);
    expect(r).toBe(g);
    expect(g).toBe(b);
    expect(r).toBeGreaterThan(pixelAt(result, 700, 900)[0]!);
  });

  it("stores the upload without its metadata", async () => {
    const text = new TextEncoder().encode("GPSLatitude 48.8584");
    const chunk = new Uint8Array([0, 0, 0, text.length, ...new TextEncoder().encode("tEXt"), ...text, 0, 0, 0, 0]);
    const tagged = new Uint8Array([...photo.subarray(0, 33), ...chunk, ...photo.subarray(33)]);
    const html = await (await postEdit({ image: pngFile(tagged), prompt: "cooler", size: "square" })).text();
    const original = html.match(/<img[^>]*src="(\/media\/[0-9a-f]{32})"[^>]*alt="The original image"/)![1]!;
    const { bytes } = await fetchMedia(original);
    expect(new TextDecoder().decode(bytes)).not.toContain("GPSLatitude");
    expect(pngSize(bytes)).toEqual({ width: 200, height: 200 });
  });

  it("'Edit again' starts from the result; the form posts back with the stored image", async () => {
    const first = await postEdit({ image: pngFile(photo), prompt: "darker", size: "square" });
    const again = (await first.text()).match(/href="\/imagine-ai\?mode=edit&amp;source=([0-9a-f]{32})"/)![1]!;
    const page = await (await get(`/imagine-ai?mode=edit&source=${again}`)).text();
    expect(page).toContain(`name="source" value="${again}"`);
    expect(page).toMatch(/id="imagine-mode-edit"[^>]*checked/);
    const second = await postEdit({ source: again, prompt: "sepia", size: "square" });
    expect(second.status).toBe(200);
    expect(await second.text()).toContain(`src="/media/${again}"`);
  });
});

describe("Edit mode refuses bad input with a 4xx saying what to fix, the prompt kept", () => {
  const prompt = "warmer please";
  const refused = async (fields: EditFields, status: number, message: RegExp | string) => {
    const response = await postEdit({ prompt, size: "square", ...fields });
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(visibleText(html)).toMatch(message);
    if (status === 400 && fields.prompt === undefined) expect(html).toContain(prompt);
    return html;
  };

  it("a text file named .png", () =>
    refused({ image: pngFile(new TextEncoder().encode("hello, not an image"), "photo.png") }, 400, /not a PNG, JPEG or WebP image/));
  it("a decompression bomb (declares 60000 × 60000)", async () => {
    const bomb = photo.slice();
    new DataView(bomb.buffer).setUint32(16, 60_000);
    new DataView(bomb.buffer).setUint32(20, 60_000);
    await refused({ image: pngFile(bomb) }, 400, /60000 × 60000 pixels: the limit is 4096 pixels a side/);
  });
  it("a truncated file", () => refused({ image: pngFile(photo.subarray(0, 300)) }, 400, /cut short/));
  it("a corrupt file whose header is fine", async () => {
    const corrupt = photo.slice();
    corrupt.fill(7, 60, corrupt.length - 40);
    await refused({ image: pngFile(corrupt) }, 400, /corrupt|cut short/);
  });
  it("an empty prompt: nothing is stored for a form that is sent back", async () => {
    const stored = async () => (await env.MEDIA.list({ prefix: "media/" })).objects.length;
    const before = await stored();
    const html = await refused({ image: pngFile(photo), prompt: "  " }, 400, /Please describe the change/);
    expect(html).not.toMatch(/name="source"/);
    expect(await stored()).toBe(before);
    // The edit form's prompt is described by its own count and error, not the Generate form's.
    expect(html).toMatch(/<textarea[^>]*id="imagine-edit-prompt"[^>]*aria-describedby="imagine-edit-count imagine-edit-prompt-error"/);
    expect(html).toMatch(/id="imagine-edit-prompt-error"[^>]*>Please describe the change/);
  });
  it("no image at all", () => refused({}, 400, /Choose an image to edit/));
  it("an unknown or expired stored image", () => refused({ source: "0".repeat(32) }, 400, /no longer available/));
  it("unreadable brush strokes", () => refused({ image: pngFile(photo), strokes: "[{]" }, 400, /painted area could not be read/));
  it("a body over the limit by its Content-Length: the edit page, the message beside the file field", async () => {
    const response = await postClaimingMegabytes("/imagine-ai?mode=edit", 11, new Uint8Array(1024));
    expect(response.status).toBe(413);
    const html = await response.text();
    expect(visibleText(html)).toContain("The image is too large: the limit is 10 MB.");
    expect(html).toMatch(/id="imagine-edit-form"/);
  });
  // Without JavaScript nothing stops the browser sending a large photo: the page still answers with
  // the form as it was filled in, the fields before and after the file in the body.
  it.each([
    ["a photo over the limit: the fields before and after it are kept", 11 * 1024 * 1024, { prompt: true, size: true }],
    [
      "a photo past the most a refused body is read (16 MiB): the fields after it are lost",
      17 * 1024 * 1024,
      { prompt: true, size: false },
    ],
  ])(
    "%s; 413 with the message beside the file field",
    async (_, bytes, kept) => {
      const stored = async () => (await env.MEDIA.list({ prefix: "media/" })).objects.length;
      const before = await stored();
      const big = new Uint8Array(bytes);
      big.set(photo);
      const response = await postEdit({ prompt: "a warmer sky", image: pngFile(big, "huge.png"), size: "landscape", fit: "crop" });
      expect(response.status).toBe(413);
      const html = await response.text();
      const text = visibleText(html);
      expect(text).toContain("The image is too large: the limit is 10 MB.");
      expect(text).not.toContain("Unexpected Application Error");
      expect(html).toMatch(/id="imagine-edit-image-error"[^>]*>The image is too large: the limit is 10 MB\.</);
      expect(html.includes(">a warmer sky</textarea>")).toBe(kept.prompt);
      expect(/<option value="landscape" selected=""/.test(html)).toBe(kept.size);
      expect(await stored()).toBe(before);
    },
    60_000,
  );
  it("a forged multipart body", async () => {
    const response = await exports.default.fetch(
      new Request(`${origin}/imagine-ai?mode=edit`, {
        method: "POST",
        headers: { origin, "content-type": "multipart/form-data; boundary=abc", ...freshClient() },
        body: '--abc\r\nContent-Disposition: form-data; name="prompt"\r\n\r\nwarmer\r\n--abc\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n',
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The form could not be read");
  });
});

describe("Edit mode with a provider (the fake OpenAI)", () => {
  it("sends images.edit the image and a PNG mask of its size, transparent where the sky was painted", async () => {
    await fakeOpenAi.use();
    const wide = await encodePng(landscape(300, 200));
    const response = await postEdit({ image: pngFile(wide), prompt: "a sunset sky", size: "landscape", strokes: skyStrokes });
    expect(response.status).toBe(200);
    const html = await response.text();
    const edit = (await fakeOpenAi.requests()).find((request) => request.path === "/v1/images/edits")!;
    expect(edit.body).toMatchObject({ model: "gpt-image-2.6-flare", prompt: "a sunset sky", n: "1", size: "1536x1024" });
    expect(edit.body).not.toHaveProperty("response_format");
    expect(edit.body.image).toMatchObject({ format: "png", width: 300, height: 200 });
    expect(edit.body.mask).toMatchObject({ width: 300, height: 200, hasAlpha: true, type: "image/png" });
    expect(edit.body.mask.transparentShare.top).toBeGreaterThan(0.6);
    expect(edit.body.mask.transparentShare.bottom).toBe(0);
    const result = await fetchMedia(editedUrl(html)!);
    expect(pngSize(result.bytes)).toEqual({ width: 1536, height: 1024 });
  });

  it("sends a phone photo stored sideways (EXIF Orientation 6) turned upright, with the mask at the turned size", async () => {
    await fakeOpenAi.use();
    // Stored 120 × 80, shown 80 × 120.
    const stored = new Uint8Array(encodeJpeg({ width: 120, height: 80, data: landscape(120, 80).data }, 90).data);
    const orientation = [
      0x45, 0x78, 0x69, 0x66, 0, 0, 0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
    ];
    const tagged = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0, orientation.length + 2, ...orientation, ...stored.subarray(2)]);
    const response = await postEdit({
      image: { bytes: tagged, name: "phone.jpg", type: "image/jpeg" },
      prompt: "a sunset",
      size: "portrait",
      strokes: skyStrokes,
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    // The page shows the original upright: the browser turns it by the Orientation the stored file kept.
    const original = html.match(/<img[^>]*alt="The original image"[^>]*>/)![0];
    expect(original).toContain('width="80"');
    expect(original).toContain('height="120"');
    const edit = (await fakeOpenAi.requests()).find((request) => request.path === "/v1/images/edits")!;
    expect(edit.body.image).toMatchObject({ format: "png", width: 80, height: 120 });
    expect(edit.body.mask).toMatchObject({ width: 80, height: 120, hasAlpha: true });
  });

  it("sends no mask when nothing is painted ('Edit the whole image')", async () => {
    await fakeOpenAi.use();
    await postEdit({ image: pngFile(photo), prompt: "a watercolour", size: "square", strokes: skyStrokes, whole: "on" });
    const edit = (await fakeOpenAi.requests()).find((request) => request.path === "/v1/images/edits")!;
    expect(edit.body.mask).toBeUndefined();
    expect(edit.body.image).toMatchObject({ width: 200, height: 200 });
  });

  it("'Edit this image' on a generated image carries it over by its id", async () => {
    await fakeOpenAi.use();
    const generated = await postForm("/imagine-ai", { style: "realistic", size: "square", prompt: "a lake" }, freshClient());
    const html = await generated.text();
    const id = html.match(/href="\/imagine-ai\?mode=edit&amp;source=([0-9a-f]{32})"[^>]*>.*?Edit this image/s)?.[1];
    expect(id).toBeDefined();
    expect(mediaUrlIn(html, "img")).toBe(`/media/${id}`);
    const page = await (await get(`/imagine-ai?mode=edit&source=${id}`)).text();
    expect(page).toMatch(new RegExp(`<img[^>]*src="/media/${id}"[^>]*width="1024"[^>]*height="1024"`));
  });

  it("the fake refuses a mask whose size is not the image's, as the real endpoint does", async () => {
    await fakeOpenAi.use();
    const form = (mask: Uint8Array) => {
      const body = new FormData();
      body.append("model", "gpt-image-2.6-flare");
      body.append("prompt", "x");
      body.append("image", new Blob([photo as BlobPart], { type: "image/png" }), "image.png");
      body.append("mask", new Blob([mask as BlobPart], { type: "image/png" }), "mask.png");
      return fetch(`${env.FAKE_OPENAI_URL}/v1/images/edits`, {
        method: "POST",
        headers: { authorization: "Bearer sk-test-integration-key-000000001234" },
        body,
      });
    };
    const small = await form(await encodePng(landscape(100, 100)));
    expect(small.status).toBe(400);
    expect(JSON.stringify(await small.json())).toContain("does not match image size");
  });
});
