import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseWav } from "~/server/ai/offline/wav.server";
import { decodePng } from "~/server/media/png.server";
import { hslToRgb, rgbDistance } from "../support/css-colour";
import { fakeOpenAi, freshClient, get, postForm, visibleText } from "./helpers";
import { fetchMedia, looksLikeMp3, mediaUrlIn, pngSize, svgSize } from "./media-helpers";

const speech = { text: "Hello there. This is a short voiceover test.", voice: "ava", speed: "1", pitch: "1", emotion: "0.5" };
const image = { style: "cartoon", size: "landscape", prompt: "A friendly fox in a sunny meadow" };

// The first request of a file builds the app inside workerd (several seconds, more on a busy
// machine): do it once here, so no single test pays for it.
beforeAll(async () => {
  await (await get("/imagine-ai")).text();
}, 120_000);

afterEach(() => {
  fakeOpenAi.offline();
  env.OPENAI_SPEECH_MODEL = "gpt-realtime-2.1-mini";
  env.OPENAI_IMAGE_MODEL = "gpt-image-2.6-flare";
});

describe("image generator on the offline engine", () => {
  it.each([
    ["realistic", "square", 1024, 1024],
    ["cartoon", "portrait", 1024, 1536],
    ["abstract", "landscape", 1536, 1024],
  ])("draws a %s placeholder at exactly %s, shown at that size and served from /media", async (style, size, width, height) => {
    const response = await postForm("/imagine-ai", { ...image, style, size }, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    const url = mediaUrlIn(html, "img");
    expect(url).toBeDefined();
    expect(html).toMatch(new RegExp(`<img[^>]*src="${url}"[^>]*width="${width}"[^>]*height="${height}"`));
    expect(visibleText(html)).toContain("procedural placeholder");
    expect(visibleText(html)).toContain("The images below are examples. Sign in to generate your own custom images!");
    expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Sign in<\/a> to generate your own custom images!/);
    expect(html).toMatch(/<dialog[^>]*open=""/);

    const { response: media, bytes } = await fetchMedia(url!);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("image/svg+xml");
    expect(media.headers.get("content-length")).toBe(String(bytes.length));
    expect(media.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(media.headers.get("x-content-type-options")).toBe("nosniff");
    expect(media.headers.get("content-security-policy")).toContain("default-src 'none'");
    const svg = new TextDecoder().decode(bytes);
    expect(svgSize(svg)).toEqual({ width, height });
    expect(svg).toContain(`viewBox="0 0 ${width} ${height}"`);
    expect(svg).toContain("Placeholder image");
    // No script and no event-handler attribute (an attribute follows white space; the manifest's base64 has none).
    expect(svg).not.toMatch(/<script|\son\w+\s*=/i);
  });

  it("draws the same picture for the same prompt, style and size, under a new id each time", async () => {
    const first = await postForm("/imagine-ai", image, freshClient());
    const second = await postForm("/imagine-ai", image, freshClient());
    const [a, b] = [mediaUrlIn(await first.text(), "img")!, mediaUrlIn(await second.text(), "img")!];
    expect(a).not.toBe(b);
    // Each file's Content Credentials differ (a signature and an instance id of its own); the drawing does not.
    const drawing = async (url: string) =>
      new TextDecoder()
        .decode((await fetchMedia(url)).bytes)
        .replace(/<metadata>[\s\S]*?<\/metadata>/, "")
        .replace(/ xmlns:c2pa="[^"]*"/, "");
    expect(await drawing(a)).toEqual(await drawing(b));
  });

  it("without JavaScript, 'Download image' gives a PNG of the named size with the picture's own colours", async () => {
    const response = await postForm("/imagine-ai", { ...image, prompt: "A red fox in a sunny meadow" }, freshClient());
    const html = await response.text();
    const picture = mediaUrlIn(html, "img")!;
    const link = html.match(/<a href="([^"]+)" download="([^"]+)"[^>]*>(?:(?!<\/a>)[\s\S])*Download image(?:(?!<\/a>)[\s\S])*<\/a>/);
    expect(link?.[1]).toBe(`${picture}?format=png`);
    expect(link?.[2]).toBe("generated-image.png");
    expect(visibleText(link![0])).toMatch(/Download image \( ?PNG ?, 1536 × 1024 ?\)/);

    const { response: download, bytes } = await fetchMedia(link![1]!);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-length")).toBe(String(bytes.length));
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(pngSize(bytes)).toEqual({ width: 1536, height: 1024 });
    const rows: Uint8Array[] = [];
    await decodePng(bytes, { row: (_, rgba) => rows.push(new Uint8Array(rgba)) });
    const colours = new Set<number>();
    for (const row of rows) for (let x = 0; x < 1536; x += 7) colours.add((row[x * 4]! << 16) | (row[x * 4 + 1]! << 8) | row[x * 4 + 2]!);
    expect(colours.size).toBeGreaterThan(200);
    // The sky is the stored drawing's first colour; the red fox (#dc2626) stands on the meadow.
    const svg = new TextDecoder().decode((await fetchMedia(picture)).bytes);
    const sky = svg.match(/<rect width="1536" height="1024" fill="hsl\((\d+) (\d+)% (\d+)%\)"\/>/)!;
    expect(rgbDistance(rows[10]!.subarray(1500 * 4), hslToRgb(Number(sky[1]), Number(sky[2]), Number(sky[3])))).toBeLessThan(3);
    let fox = 0;
    for (const row of rows) for (let x = 0; x < 1536; x++) if (rgbDistance(row.subarray(x * 4), [0xdc, 0x26, 0x26]) < 4) fox++;
    expect(fox).toBeGreaterThan(20_000);

    // Asked again with its tag, it is not drawn again.
    const again = await get(link![1]!, { headers: { "If-None-Match": download.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("answers a PNG request it cannot meet with a 4xx, never a 5xx", async () => {
    const response = await postForm("/imagine-ai", image, freshClient());
    const picture = mediaUrlIn(await response.text(), "img")!;
    const unknownFormat = await get(`${picture}?format=gif`);
    expect(unknownFormat.status).toBe(400);
    expect(await unknownFormat.text()).toBe("The format can only be png.");
    const audio = "5ca1ab1e5ca1ab1e5ca1ab1e5ca1ab1e";
    await env.MEDIA.put(`media/${audio}`, new Uint8Array([1, 2, 3]), {
      httpMetadata: { contentType: "audio/wav" },
      customMetadata: { expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    expect((await get(`/media/${audio}?format=png`)).status).toBe(400);
    expect((await get(`/media/${"0".repeat(32)}?format=png`)).status).toBe(404);
    expect((await get("/media/not-an-id?format=png")).status).toBe(404);
  });

  it("escapes the prompt inside the SVG", async () => {
    const response = await postForm("/imagine-ai", { ...image, prompt: `<script>alert(1)</script> & "quotes"` }, freshClient());
    const { bytes } = await fetchMedia(mediaUrlIn(await response.text(), "img")!);
    const svg = new TextDecoder().decode(bytes);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&#60;script&#62;");
  });
});

describe("voiceover on the offline engine", () => {
  it("speaks with mespeak into a real WAV served from /media, with a player and a download link", async () => {
    const response = await postForm("/voiceover-ai", speech, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    const url = mediaUrlIn(html, "audio");
    expect(url).toBeDefined();
    expect(html).toMatch(new RegExp(`<audio[^>]*controls`));
    expect(html).toContain(`href="${url}" download="voiceover.wav"`);
    const text = visibleText(html);
    expect(text).toContain("Please Signin to get your custom voiceover results!");
    expect(html).toMatch(/Please <a[^>]*href="\/sign-in"[^>]*>Signin<\/a> to get your custom voiceover results!/);
    expect(html).toMatch(/<a[^>]*href="\/pricing"[^>]*>View pricing<\/a>/);
    expect(text).toContain("eSpeak");

    const { response: media, bytes } = await fetchMedia(url!);
    expect(media.status).toBe(200);
    expect(media.headers.get("content-type")).toBe("audio/wav");
    expect(media.headers.get("content-length")).toBe(String(bytes.length));
    expect(media.headers.get("accept-ranges")).toBe("bytes");
    const wav = parseWav(bytes);
    expect(wav).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
    expect(wav!.durationSeconds).toBeGreaterThan(1);
    // The samples, then the AI-generated INFO tag, then the Content Credentials in a chunk of their own at the end.
    const samplesEnd = wav!.dataOffset + wav!.dataLength;
    const idAt = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
    expect([idAt(samplesEnd), idAt(samplesEnd + 8)]).toEqual(["LIST", "INFO"]);
    const listSize = new DataView(bytes.buffer, bytes.byteOffset).getUint32(samplesEnd + 4, true);
    expect(idAt(samplesEnd + 8 + listSize + (listSize % 2))).toBe("C2PA");
  });

  it("speaks faster with a higher speed and in every voice", async () => {
    const durations: number[] = [];
    for (const speed of ["0.5", "2"]) {
      const response = await postForm("/voiceover-ai", { ...speech, speed }, freshClient());
      const { bytes } = await fetchMedia(mediaUrlIn(await response.text(), "audio")!);
      durations.push(parseWav(bytes)!.durationSeconds);
    }
    expect(durations[0]).toBeGreaterThan(durations[1]! * 2);
    for (const voice of ["oliver", "sofia", "ethan", "isla", "lukas"]) {
      const response = await postForm("/voiceover-ai", { ...speech, voice, text: "Hola. Guten Tag. Hello." }, freshClient());
      expect(response.status, voice).toBe(200);
      const { bytes } = await fetchMedia(mediaUrlIn(await response.text(), "audio")!);
      expect(parseWav(bytes)!.durationSeconds, voice).toBeGreaterThan(0.3);
    }
  });

  it("speaks the full 4,096 characters, twice in a row, in one isolate", async () => {
    const sentence = "The quick brown fox jumps over the lazy dog while the sun sets slowly behind the hills. ";
    const text = sentence.repeat(50).slice(0, 4096);
    for (let round = 0; round < 2; round += 1) {
      const response = await postForm("/voiceover-ai", { ...speech, text, speed: "2" }, freshClient());
      expect(response.status).toBe(200);
      const { bytes } = await fetchMedia(mediaUrlIn(await response.text(), "audio")!);
      // ~640 words at 350 words a minute: well over a minute and a half of audio.
      expect(parseWav(bytes)!.durationSeconds).toBeGreaterThan(90);
    }
  }, 120_000);

  it("serves byte ranges for seeking", async () => {
    const response = await postForm("/voiceover-ai", speech, freshClient());
    const url = mediaUrlIn(await response.text(), "audio")!;
    const { bytes: whole } = await fetchMedia(url);

    const head = await fetchMedia(url, { headers: { range: "bytes=0-43" } });
    expect(head.response.status).toBe(206);
    expect(head.response.headers.get("content-range")).toBe(`bytes 0-43/${whole.length}`);
    expect(head.response.headers.get("content-length")).toBe("44");
    expect(head.bytes).toEqual(whole.subarray(0, 44));

    const tail = await fetchMedia(url, { headers: { range: "bytes=-100" } });
    expect(tail.response.status).toBe(206);
    expect(tail.bytes).toEqual(whole.subarray(whole.length - 100));

    const open = await fetchMedia(url, { headers: { range: `bytes=${whole.length - 10}-` } });
    expect(open.bytes).toEqual(whole.subarray(whole.length - 10));

    const beyond = await fetchMedia(url, { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.response.status).toBe(416);
    expect(beyond.response.headers.get("content-range")).toBe(`bytes */${whole.length}`);

    const malformed = await fetchMedia(url, { headers: { range: "bytes=0-1,5-9" } });
    expect(malformed.response.status).toBe(200);
    expect(malformed.bytes.length).toBe(whole.length);
  });
});

describe("the media route", () => {
  it.each([
    "/media/0123456789abcdef0123456789abcdef",
    "/media/abc",
    "/media/..%2F..%2Fwrangler.toml",
    "/media/0123456789ABCDEF0123456789ABCDEF",
    "/media/0123456789abcdef0123456789abcdef0",
    "/media/media%2F0123456789abcdef0123456789abcdef",
    "/media/0123456789abcdef0123456789abcdef/x",
  ])("answers 404 for %s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    await response.arrayBuffer();
  });

  it("never reaches storage through dot segments: the URL parser resolves them first", async () => {
    for (const path of ["/media/..", "/media/%2e%2e", "/media/%2E%2E/"]) {
      const response = await get(path);
      expect(response.headers.get("content-type"), path).toContain("text/html");
      await response.arrayBuffer();
    }
  });

  it("answers 404 once an object has expired", async () => {
    const id = "feedfacefeedfacefeedfacefeedface";
    await env.MEDIA.put(`media/${id}`, new Uint8Array([1, 2, 3]), {
      httpMetadata: { contentType: "audio/wav" },
      customMetadata: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect((await get(`/media/${id}`)).status).toBe(404);
  });

  it("stores each object with its content type and an expiry about a day ahead", async () => {
    const response = await postForm("/imagine-ai", image, freshClient());
    const id = mediaUrlIn(await response.text(), "img")!
      .split("/")
      .pop()!;
    const object = await env.MEDIA.head(`media/${id}`);
    expect(object?.httpMetadata?.contentType).toBe("image/svg+xml");
    const expiresIn = Date.parse(object!.customMetadata!.expiresAt!) - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3600_000);
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000);
  });
});

describe("validation", () => {
  it.each([
    ["/voiceover-ai", { ...speech, text: "   " }, "Please enter the text to speak."],
    ["/voiceover-ai", { ...speech, text: "a".repeat(4097) }, "the limit is 4,096 characters"],
    ["/voiceover-ai", { ...speech, voice: "robot" }, "Unknown voice. Choose one of: Ava, Oliver"],
    ["/voiceover-ai", { ...speech, speed: "2.5" }, "Speed must be a number from 0.5 to 2 in steps of 0.1."],
    ["/voiceover-ai", { ...speech, speed: "1.05" }, "Speed must be a number from 0.5 to 2 in steps of 0.1."],
    ["/voiceover-ai", { ...speech, pitch: "0.4" }, "Pitch must be a number from 0.5 to 1.5 in steps of 0.1."],
    ["/voiceover-ai", { ...speech, emotion: "loud" }, "Emotion must be a number from 0 to 1 in steps of 0.1."],
    ["/imagine-ai", { ...image, prompt: " " }, "Please enter the description of your image."],
    ["/imagine-ai", { ...image, prompt: "p".repeat(1001) }, "the limit is 1,000 characters"],
    ["/imagine-ai", { ...image, style: "oil" }, "Unknown style. Choose one of: Realistic, Artistic"],
    ["/imagine-ai", { ...image, size: "512x512" }, "Unknown image size. Choose one of: Square (1024 × 1024)"],
  ])("%s answers 400 with a clear message (%#)", async (path, fields, message) => {
    const response = await postForm(path, fields, freshClient());
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(message);
  });
});

describe("media tools on the OpenAI engine (fake provider)", () => {
  beforeEach(() => fakeOpenAi.use());

  it("speech on a /v1/audio/speech model (until 2027-01-06) sends the mapped voice, speed and instructions, and serves the MP3", async () => {
    env.OPENAI_SPEECH_MODEL = "gpt-4o-mini-tts";
    const response = await postForm(
      "/voiceover-ai",
      { ...speech, voice: "sofia", speed: "1.5", pitch: "0.7", emotion: "0.9" },
      freshClient(),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const request = (await fakeOpenAi.requests()).find((r) => r.path === "/v1/audio/speech");
    expect(request?.headers.authorization).toBe("Bearer sk-test-integration-key-000000001234");
    expect(request?.body).toMatchObject({
      model: "gpt-4o-mini-tts",
      voice: "coral",
      speed: 1.5,
      input: speech.text,
      response_format: "mp3",
    });
    expect(request?.body.instructions).toContain("Spanish accent");
    expect(request?.body.instructions).toContain("much lower pitch");
    expect(request?.body.instructions).toContain("90%");

    const url = mediaUrlIn(html, "audio")!;
    expect(html).toContain(`download="voiceover.mp3"`);
    const { response: media, bytes } = await fetchMedia(url);
    expect(media.headers.get("content-type")).toBe("audio/mpeg");
    expect(looksLikeMp3(bytes)).toBe(true);
    expect(bytes.length).toBeGreaterThan(417 * 10 - 1);
  });

  it("leaves instructions out for tts-1, which refuses them, and says so", async () => {
    env.OPENAI_SPEECH_MODEL = "tts-1";
    const response = await postForm("/voiceover-ai", { ...speech, voice: "lukas" }, freshClient());
    expect(visibleText(await response.text())).toContain("pitch and emotion are not applied");
    const request = (await fakeOpenAi.requests()).find((r) => r.path === "/v1/audio/speech");
    expect(request?.body).toMatchObject({ model: "tts-1", voice: "ash" });
    expect(request?.body).not.toHaveProperty("instructions");
  });

  it.each([
    ["square", "1024x1024", 1024, 1024],
    ["portrait", "1024x1536", 1024, 1536],
    ["landscape", "1536x1024", 1536, 1024],
  ])("images send the model, n 1, the %s size %s and the style in the prompt, and serve the PNG", async (shape, size, width, height) => {
    const response = await postForm("/imagine-ai", { ...image, size: shape }, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    const request = (await fakeOpenAi.requests()).find((r) => r.path === "/v1/images/generations");
    // Only what the GPT image reference lists: no response_format (base64 is the only answer), no style.
    expect(request?.body).toEqual({ model: "gpt-image-2.6-flare", n: 1, size, prompt: expect.any(String) });
    expect(request?.body.prompt).toContain(image.prompt);
    expect(request?.body.prompt).toContain("Cartoon/Anime style");

    const url = mediaUrlIn(html, "img")!;
    expect(html).toMatch(new RegExp(`<img[^>]*width="${width}"[^>]*height="${height}"`));
    expect(html).toContain(`download="generated-image.png"`);
    expect(visibleText(html)).not.toContain("placeholder");
    const { response: media, bytes } = await fetchMedia(url);
    expect(media.headers.get("content-type")).toBe("image/png");
    expect(pngSize(bytes)).toEqual({ width, height });
  });

  it.each([
    ["/imagine-ai", image, "Failed to generate image. Please try again."],
    ["/voiceover-ai", speech, "Failed to generate speech. Please try again."],
  ])("%s maps a provider failure to the spec's message and keeps the input", async (path, fields, message) => {
    await fakeOpenAi.next({ status: 500 }, { status: 500 }, { status: 500 });
    const response = await postForm(path, fields, freshClient());
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(visibleText(html)).toContain(message);
    expect(html).toContain(path === "/imagine-ai" ? image.prompt : speech.text);
  });

  it("refuses an answer that is not an image", async () => {
    await fakeOpenAi.next({ body: { created: 1, data: [{ b64_json: btoa("<svg onload=alert(1)>") }] } });
    const response = await postForm("/imagine-ai", image, freshClient());
    expect(response.status).toBe(502);
    expect(visibleText(await response.text())).toContain("Failed to generate image. Please try again.");
  });
});
