import { env } from "cloudflare:workers";
import { JPEG, PNG, type Asset } from "@trustnxt/c2pa-ts/asset";
import { SuperBox } from "@trustnxt/c2pa-ts/jumbf";
import { ManifestStore, ValidationResult } from "@trustnxt/c2pa-ts/manifest";
import { encode as encodeJpeg } from "jpeg-js";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { readCredentials, type CredentialsSummary } from "~/server/credentials/read-credentials.server";
import { credentialsSigner, isTestSigner } from "~/server/credentials/signing-identity.server";
import { encodePng } from "~/server/media/png.server";
import { textPdf } from "../support/document-fixtures";
import { fakeOpenAi, freshClient, get, postForm } from "./helpers";
import { editedUrl, fetchMedia, landscape, mediaUrlIn, postEdit, providerImage } from "./media-helpers";

// Content Credentials on every file the site generates (issue 44, decision 062), through the real
// Worker in workerd: the page is posted as a browser without JavaScript posts it, the file is
// fetched from where the page links it, and its manifest is read. PNG and JPEG are checked by
// c2pa-ts, an implementation independent of the c2pa-rs the site signs with; WebP, SVG, WAV and
// MP3 (which c2pa-ts does not read) by c2pa-rs's own validation through readCredentials. Each
// file's tamper check flips one byte of its media data, where the manifest's hash covers it.

const CREATED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
const OFFLINE_CREATED = "http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia";
const speech = { text: "Hello there. This is a short voiceover test.", voice: "ava", speed: "1", pitch: "1", emotion: "0.5" };
const sizes = ["square", "portrait", "landscape"] as const;

/** c2pa-ts's verdict on a PNG or JPEG: valid, and the codes of what failed. */
async function independentlyValidated(bytes: Uint8Array<ArrayBuffer>): Promise<{ isValid: boolean; failures: string[] }> {
  const asset: Asset = JPEG.canRead(bytes) ? new JPEG(bytes) : new PNG(bytes);
  const jumbf = asset.getManifestJUMBF();
  if (!jumbf) return { isValid: false, failures: ["no manifest"] };
  let result: ValidationResult;
  try {
    result = await ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf))).validate(asset);
  } catch (error) {
    result = ValidationResult.fromError(error as Error);
  }
  return { isValid: result.isValid, failures: result.statusEntries.filter((entry) => !entry.success).map((entry) => String(entry.code)) };
}

/**
 * The AI marks beside the manifest, read with the test's own patterns: the XMP packet's IPTC
 * DigitalSourceType (PNG iTXt, JPEG APP1, SVG metadata) and a WAV's LIST/INFO ISFT and ICMT.
 */
function aiMarks(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString("latin1");
  return {
    xmp: /XML:com\.adobe\.xmp\0|http:\/\/ns\.adobe\.com\/xap\/1\.0\/\0|<metadata[^>]*>[^]*<x:xmpmeta|XMP [^]{4}<\?xpacket/.test(text),
    digitalSourceType: /Iptc4xmpExt:DigitalSourceType="([^"]+)"/.exec(text)?.[1],
    creatorTool: /xmp:CreatorTool="([^"]+)"/.exec(text)?.[1],
    id3: [id3Text(bytes, "TSSE"), id3Text(bytes, "COMM")],
    info: /LIST[^]{4}INFOISFT[^]{4}([^\0]*)\0\0?ICMT[^]{4}([^\0]*)\0/.exec(text)?.slice(1),
  };
}

/** An ID3 text frame's text (its encoding byte, and a comment's language and description, dropped). */
function id3Text(bytes: Uint8Array, id: "TSSE" | "COMM") {
  const at = Buffer.from(bytes).indexOf(id);
  if (at < 0) return undefined;
  const size = bytes[at + 7]! | (bytes[at + 6]! << 7); // sizes under 16 KB read the same in ID3v2.3 and v2.4
  const data = Buffer.from(bytes.subarray(at + 11, at + 10 + size)).toString("utf8");
  return id === "COMM" ? data.slice(data.indexOf("\0") + 1) : data;
}

const read = (bytes: Uint8Array, type: string) => readCredentials(bytes, type, [env.C2PA_TEST_ROOT]);

/** What every file the site generated says: signed by the site, intact, AI-made. */
function expectSiteCredentials(summary: CredentialsSummary, digitalSourceType = CREATED) {
  expect(summary.state, summary.failures.join(", ")).toBe("valid");
  expect(summary.signer).toBe("ContentForge AI tests signer (test signer)");
  expect(summary.claimGenerator).toMatch(/^ContentForge AI \d+\.\d+\.\d+$/);
  expect(summary.digitalSourceType).toBe(digitalSourceType);
}

/** A copy with one bit of the byte at `offset` flipped. */
function flipByte(bytes: Uint8Array<ArrayBuffer>, offset: number): Uint8Array<ArrayBuffer> {
  const copy = bytes.slice();
  copy[offset] = copy[offset]! ^ 0x01;
  return copy;
}

/** One byte of the media data changed: in a PNG, inside its first IDAT chunk's data. */
const flipPngDataByte = (bytes: Uint8Array<ArrayBuffer>) => flipByte(bytes, Buffer.from(bytes).indexOf("IDAT") + 8);

/** One byte of a file's audio, `dataOffset` into it (never the manifest's own filler). */
const flipAudioByte = (bytes: Uint8Array<ArrayBuffer>, dataOffset: number) => flipByte(bytes, dataOffset + 100);

let photo: Uint8Array;
beforeAll(async () => {
  photo = await encodePng(landscape(200, 200));
  await (await get("/imagine-ai")).text();
}, 120_000);

afterEach(() => {
  fakeOpenAi.offline();
  env.OPENAI_SPEECH_MODEL = "gpt-realtime-2.1-mini";
});

describe("Content Credentials on the OpenAI engine (fake provider, which signs its own images)", () => {
  beforeEach(() => fakeOpenAi.use());

  for (const size of sizes) {
    it(`a generated ${size} PNG: valid for c2pa-ts, created by a trained model, the provider's manifest kept as an ingredient`, async () => {
      const html = await (
        await postForm("/imagine-ai", { prompt: "A lighthouse at dusk", style: "realistic", size }, freshClient())
      ).text();
      const { response, bytes } = await fetchMedia(mediaUrlIn(html, "img")!);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(await independentlyValidated(bytes)).toEqual({ isValid: true, failures: [] });

      const summary = await read(bytes, "image/png");
      expectSiteCredentials(summary);
      expect(aiMarks(bytes)).toMatchObject({ xmp: true, digitalSourceType: CREATED, creatorTool: "ContentForge AI" });
      expect(summary.actions.map((action) => action.action)).toEqual(["c2pa.created"]);
      expect(summary.ingredients).toEqual([
        expect.objectContaining({
          relationship: "componentOf",
          claimGenerator: "OpenAI fake provider (tests/fakes) 1.0.0",
          signer: "OpenAI fake provider signer",
        }),
      ]);

      const tampered = flipPngDataByte(bytes);
      expect((await independentlyValidated(tampered)).isValid).toBe(false);
      expect((await read(tampered, "image/png")).state).toBe("tampered");
    });
  }

  it("a provider answer in JPEG or WebP is signed in its own format", async () => {
    const jpeg = encodeJpeg({ data: landscape(1024, 1024).data, width: 1024, height: 1024 }, 85).data;
    await fakeOpenAi.next({ body: { data: [{ b64_json: Buffer.from(jpeg).toString("base64") }] } });
    const html = await (
      await postForm("/imagine-ai", { prompt: "A lighthouse", style: "realistic", size: "square" }, freshClient())
    ).text();
    const { response, bytes } = await fetchMedia(mediaUrlIn(html, "img")!);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(await independentlyValidated(bytes)).toEqual({ isValid: true, failures: [] });
    expectSiteCredentials(await read(bytes, "image/jpeg"));
    expect(aiMarks(bytes)).toMatchObject({ xmp: true, digitalSourceType: CREATED });
    // One byte of the entropy-coded data, past the start of scan, changed.
    const tampered = flipByte(bytes, bytes.length - 200);
    expect((await independentlyValidated(tampered)).isValid).toBe(false);

    // 60 × 40, lossless (tests/support/webp-encoder.ts), as in image-edit.test.ts.
    const webp = "UklGRjIAAABXRUJQVlA4TCUAAAAvO8AJAA8wjPfgOQ/o/McS1LRtBJVB+aP97ubOEf2fAP3cBfMCAA==";
    await fakeOpenAi.next({ body: { data: [{ b64_json: webp }] } });
    const webpHtml = await (
      await postForm("/imagine-ai", { prompt: "A lighthouse", style: "realistic", size: "square" }, freshClient())
    ).text();
    const stored = await fetchMedia(mediaUrlIn(webpHtml, "img")!);
    expect(stored.response.headers.get("content-type")).toBe("image/webp");
    expectSiteCredentials(await read(stored.bytes, "image/webp"));
    expect(aiMarks(stored.bytes)).toMatchObject({ xmp: true, digitalSourceType: CREATED });
    const changed = flipByte(stored.bytes, Buffer.from(stored.bytes).indexOf("VP8L") + 12);
    expect((await read(changed, "image/webp")).state).toBe("tampered");
  });

  it("an edit opens the uploaded original (parentOf), is c2pa.edited, and keeps the provider's manifest", async () => {
    const response = await postEdit({
      image: { bytes: photo, name: "photo.png", type: "image/png" },
      prompt: "add a rainbow",
      size: "square",
    });
    expect(response.status).toBe(200);
    const { bytes } = await fetchMedia(editedUrl(await response.text())!);
    expect(await independentlyValidated(bytes)).toEqual({ isValid: true, failures: [] });
    const summary = await read(bytes, "image/png");
    expectSiteCredentials(summary, "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia");
    expect(aiMarks(bytes).digitalSourceType).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia");
    expect(summary.actions.map((action) => action.action)).toEqual(["c2pa.opened", "c2pa.edited"]);
    expect(summary.ingredients).toEqual([
      expect.objectContaining({ title: "original.png", relationship: "parentOf", format: "image/png" }),
      expect.objectContaining({ relationship: "componentOf", claimGenerator: "OpenAI fake provider (tests/fakes) 1.0.0" }),
    ]);
  });

  it("a provider manifest damaged on the way is left out; the image is still signed by the site", async () => {
    const damaged = await providerImage();
    const manifest = Buffer.from(damaged).indexOf("caBX");
    await fakeOpenAi.next({
      body: { data: [{ b64_json: Buffer.from(flipByte(flipByte(damaged, manifest + 200), manifest + 1000)).toString("base64") }] },
    });
    const response = await postForm("/imagine-ai", { prompt: "A lighthouse", style: "realistic", size: "square" }, freshClient());
    expect(response.status).toBe(200);
    const summary = await read((await fetchMedia(mediaUrlIn(await response.text(), "img")!)).bytes, "image/png");
    expectSiteCredentials(summary);
    expect(summary.ingredients).toEqual([]);
  });

  it("a Realtime voiceover (WAV) and a /v1/audio/speech one (MP3) carry the site's credentials; a changed sample fails", async () => {
    const wav = await fetchMedia(mediaUrlIn(await (await postForm("/voiceover-ai", speech, freshClient())).text(), "audio")!);
    expect(wav.response.headers.get("content-type")).toBe("audio/wav");
    expectSiteCredentials(await read(wav.bytes, "audio/wav"));
    expect(aiMarks(wav.bytes).info).toEqual(["ContentForge AI", `AI-generated (${CREATED})`]);
    expect((await read(flipAudioByte(wav.bytes, Buffer.from(wav.bytes).indexOf("data") + 8), "audio/wav")).state).toBe("tampered");

    env.OPENAI_SPEECH_MODEL = "gpt-4o-mini-tts";
    const mp3 = await fetchMedia(mediaUrlIn(await (await postForm("/voiceover-ai", speech, freshClient())).text(), "audio")!);
    expect(mp3.response.headers.get("content-type")).toBe("audio/mpeg");
    const summary = await read(mp3.bytes, "audio/mpeg");
    expectSiteCredentials(summary);
    expect(aiMarks(mp3.bytes).id3).toEqual(["ContentForge AI", `AI-generated (${CREATED})`]);
    expect(summary.actions.map((action) => action.action)).toEqual(["c2pa.created"]);
    // Past the ID3 tag that holds the manifest, in the MPEG frames.
    expect((await read(flipAudioByte(mp3.bytes, mp3.bytes.length - 300), "audio/mpeg")).state).toBe("tampered");
  });
});

describe("Content Credentials on the offline engine", () => {
  for (const size of sizes) {
    it(`a ${size} drawing: the stored SVG and its PNG download are signed, the PNG as a conversion of the SVG`, async () => {
      const html = await (await postForm("/imagine-ai", { prompt: "A fox", style: "cartoon", size }, freshClient())).text();
      const url = mediaUrlIn(html, "img")!;
      const svg = await fetchMedia(url);
      const drawing = await read(svg.bytes, "image/svg+xml");
      expectSiteCredentials(drawing, OFFLINE_CREATED);
      expect(aiMarks(svg.bytes)).toMatchObject({ xmp: true, digitalSourceType: OFFLINE_CREATED });
      expect(drawing.actions.map((action) => action.action)).toEqual(["c2pa.created"]);

      const { response, bytes } = await fetchMedia(`${url}?format=png`);
      expect(response.headers.get("content-type")).toBe("image/png");
      expect(await independentlyValidated(bytes)).toEqual({ isValid: true, failures: [] });
      const png = await read(bytes, "image/png");
      expectSiteCredentials(png, OFFLINE_CREATED);
      expect(png.actions.map((action) => action.action)).toEqual(["c2pa.opened", "c2pa.converted"]);
      expect(png.ingredients).toEqual([
        expect.objectContaining({ relationship: "parentOf", format: "image/svg+xml", claimGenerator: drawing.claimGenerator }),
      ]);
      expect((await independentlyValidated(flipPngDataByte(bytes))).isValid).toBe(false);
    });
  }

  it("an offline edit, and an edit of that edit ('Edit again'), each open their parent", async () => {
    const first = await postEdit({ image: { bytes: photo, name: "photo.png", type: "image/png" }, prompt: "darker", size: "square" });
    const firstPage = await first.text();
    const firstUrl = editedUrl(firstPage)!;
    // The upload itself is stored as sent: no credentials of ours on what the site did not make.
    const upload = firstPage.match(/<img[^>]*src="(\/media\/[0-9a-f]{32})"[^>]*alt="The original image"/)![1]!;
    expect((await read((await fetchMedia(upload)).bytes, "image/png")).state).toBe("none");
    const { bytes } = await fetchMedia(firstUrl);
    expect(await independentlyValidated(bytes)).toEqual({ isValid: true, failures: [] });
    const summary = await read(bytes, "image/png");
    expectSiteCredentials(summary, "http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced");
    expect(aiMarks(bytes).digitalSourceType).toBe("http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicallyEnhanced");
    expect(summary.actions.map((action) => action.action)).toEqual(["c2pa.opened", "c2pa.edited"]);
    expect(summary.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf" })]);
    expect(summary.ingredients[0]!.claimGenerator).toBeUndefined();

    const again = await postEdit({ source: firstUrl.slice("/media/".length), prompt: "sepia", size: "square" });
    const second = await read((await fetchMedia(editedUrl(await again.text())!)).bytes, "image/png");
    expect(second.state).toBe("valid");
    // The parent is the first edit, whose own credentials travel with it.
    expect(second.ingredients).toEqual([expect.objectContaining({ relationship: "parentOf", claimGenerator: summary.claimGenerator })]);
  });

  it("a voiceover WAV is signed; one changed sample fails validation", async () => {
    const { bytes } = await fetchMedia(mediaUrlIn(await (await postForm("/voiceover-ai", speech, freshClient())).text(), "audio")!);
    expectSiteCredentials(await read(bytes, "audio/wav"), OFFLINE_CREATED);
    expect(aiMarks(bytes).info).toEqual(["ContentForge AI", `AI-generated (${OFFLINE_CREATED})`]);
    expect((await read(flipAudioByte(bytes, Buffer.from(bytes).indexOf("data") + 8), "audio/wav")).state).toBe("tampered");
  });
});

describe("readCredentials: what a file's credentials say (for the credentials check)", () => {
  it("a signer no trusted root vouches for is 'untrusted'; trusting its root makes it 'valid'", async () => {
    const bytes = await providerImage();
    const untrusted = await readCredentials(bytes, "image/png");
    expect(untrusted).toMatchObject({
      state: "untrusted",
      signer: "OpenAI fake provider signer",
      claimGenerator: "OpenAI fake provider (tests/fakes) 1.0.0",
      digitalSourceType: CREATED,
      failures: ["signingCredential.untrusted"],
    });
    expect((await readCredentials(bytes, "image/png", [env.PROVIDER_C2PA_ROOT])).state).toBe("valid");
    expect((await readCredentials(flipPngDataByte(bytes), "image/png", [env.PROVIDER_C2PA_ROOT])).state).toBe("tampered");
  });

  it("a PNG and a PDF without a manifest have 'none'", async () => {
    expect(await readCredentials(photo, "image/png")).toEqual({ state: "none", actions: [], ingredients: [], failures: [] });
    const pdf = textPdf({ pages: 1 }).bytes;
    expect((await readCredentials(pdf, "application/pdf")).state).toBe("none");
  });

  it("the site's signer is the configured chain's leaf, a test signer; a key that does not parse is named on /healthz and nothing is signed", async () => {
    expect(await credentialsSigner()).toMatchObject({ signer: "ContentForge AI tests signer (test signer)", isTestSigner: true });
    expect((await credentialsSigner())!.certificateChainPem).toContain("-----BEGIN CERTIFICATE-----");
    expect(await isTestSigner()).toBe(true);
    // Published for anyone to compare with what a verifier shows (/ai-transparency, 'The signer').
    const published = await get("/.well-known/c2pa-signer.pem");
    expect(published.status).toBe(200);
    expect(published.headers.get("content-type")).toBe("application/x-pem-file");
    expect(published.headers.get("x-test-signer")).toBe("true");
    expect(await published.text()).toBe((await credentialsSigner())!.certificateChainPem);

    const key = env.C2PA_SIGNING_KEY;
    env.C2PA_SIGNING_KEY = "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----";
    try {
      const health = await (await get("/healthz")).json();
      expect(health).toMatchObject({
        status: "degraded",
        invalidSettings: [{ variable: "C2PA_SIGNING_KEY", problem: "not a P-256 (prime256v1) key" }],
      });
      expect(await credentialsSigner()).toBeUndefined();
      expect((await get("/.well-known/c2pa-signer.pem")).status).toBe(404);
      const { bytes } = await fetchMedia(mediaUrlIn(await (await postForm("/voiceover-ai", speech, freshClient())).text(), "audio")!);
      expect((await read(bytes, "audio/wav")).state).toBe("none");
    } finally {
      env.C2PA_SIGNING_KEY = key;
    }
  });

  it("a chain too long for the space reserved for the signature stores the file unsigned, and the page still answers", async () => {
    const chain = env.C2PA_CERTIFICATE_CHAIN;
    // Ten certificates (about 5.5 KB) do not fit the 4,096 bytes c2pa-rs reserves.
    env.C2PA_CERTIFICATE_CHAIN = Array(5).fill(chain).join("\n");
    try {
      const response = await postForm("/voiceover-ai", speech, freshClient());
      expect(response.status).toBe(200);
      const { bytes } = await fetchMedia(mediaUrlIn(await response.text(), "audio")!);
      expect((await read(bytes, "audio/wav")).state).toBe("none");
    } finally {
      env.C2PA_CERTIFICATE_CHAIN = chain;
    }
  });
});
