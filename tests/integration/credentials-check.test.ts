import { afterEach, describe, expect, it } from "vitest";
import { encodePng } from "~/server/media/png.server";
import { textPdf } from "../support/document-fixtures";
import { pngWithXmp, xmpPacket } from "../support/xmp-fixtures";
import { apiSubscriber, callApi, multipart } from "./api-helpers";
import { withFakeStripe } from "./each-test";
import { fakeOpenAi, freshClient, get, postClaimingMegabytes, postForm, postMultipart, visibleText } from "./helpers";
import { fetchMedia, landscape, mediaUrlIn, providerImage } from "./media-helpers";

// The credentials check (issue 44 item 4, decision 068): a file posted to the detector page's second
// form, as a browser without JavaScript posts it, and to POST /api/v1/credentials; the page shows
// the report in words, the API answers it as JSON (checked against the OpenAPI document).

const SITE_SIGNER = "ContentForge AI tests signer (test signer)";
const ABSENCE = "No Content Credentials is not evidence of human origin";

const file = (bytes: Uint8Array, name: string, type = "image/png") => ({ bytes, name, type });
const check = async (upload: { bytes: Uint8Array; name: string; type: string }) => {
  const response = await postMultipart("/ai-detector/credentials", multipart({ file: upload }), freshClient());
  return { status: response.status, text: visibleText(await response.text()) };
};

/** A PNG the site generated (the OpenAI engine, the fake provider), as the page links it. */
async function siteImage(): Promise<Uint8Array<ArrayBuffer>> {
  await fakeOpenAi.use();
  const html = await (
    await postForm("/imagine-ai", { prompt: "A lighthouse at dusk", style: "realistic", size: "square" }, freshClient())
  ).text();
  return (await fetchMedia(mediaUrlIn(html, "img")!)).bytes;
}

/** One byte of the first IDAT chunk's data changed. */
function tamper(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  const copy = bytes.slice();
  const offset = Buffer.from(copy).indexOf("IDAT") + 8;
  copy[offset] = copy[offset]! ^ 0x01;
  return copy;
}

withFakeStripe();
afterEach(() => fakeOpenAi.offline());

describe("the detector page's credentials check", () => {
  it("offers its own multipart form with a labelled file field", async () => {
    const html = await (await get("/ai-detector")).text();
    expect(html).toContain("Check Content Credentials");
    expect(html).toMatch(/<form[^>]*action="\/ai-detector\/credentials"[^>]*enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<label[^>]*for="credentials-file"/);
    expect(html).toMatch(/<input[^>]*id="credentials-file"[^>]*name="file"|<input[^>]*name="file"[^>]*id="credentials-file"/);
  });

  it("a site-signed image: valid, with the signer, the generator and the AI source in words", async () => {
    const { status, text } = await check(file(await siteImage(), "lighthouse.png"));
    expect(status).toBe(200);
    expect(text).toContain("Content Credentials found.");
    expect(text).toContain("Valid: signed, intact since it was signed");
    expect(text).toContain(`Signed by ${SITE_SIGNER}`);
    expect(text).toMatch(/Claim generator ContentForge AI \d+\.\d+\.\d+/);
    expect(text).toContain("made by an AI model (trainedAlgorithmicMedia)");
    expect(text).toContain("c2pa.created");
    expect(text).toContain("its own credentials from OpenAI fake provider (tests/fakes) 1.0.0, signed by OpenAI fake provider signer");
    expect(text).not.toContain(ABSENCE);
  }, 60_000);

  it("the same image with one changed byte: tampered, 'the file was changed after it was signed'", async () => {
    const { status, text } = await check(file(tamper(await siteImage()), "changed.png"));
    expect(status).toBe(200);
    expect(text).toContain("the file was changed after it was signed");
  }, 60_000);

  it("a provider's image signed by a chain no trusted authority vouches for: untrusted signer, AI-made", async () => {
    const { status, text } = await check(file(await providerImage(), "provider.png"));
    expect(status).toBe(200);
    expect(text).toContain("signed by a certificate no trusted authority vouches for");
    expect(text).toContain("Signed by OpenAI fake provider signer");
    expect(text).toContain("made by an AI model (trainedAlgorithmicMedia)");
  });

  it("an image without credentials: none, and the absence is said to be no evidence of human origin", async () => {
    const { status, text } = await check(file(await encodePng(landscape(64, 48)), "photo.png"));
    expect(status).toBe(200);
    expect(text).toContain("No Content Credentials were found in this file.");
    expect(text).toContain(ABSENCE);
    expect(text).toContain("no AI-source label in the file's metadata");
  });

  it("reads the IPTC digital source type from an XMP packet without any manifest", async () => {
    const png = await pngWithXmp(await encodePng(landscape(64, 48)), xmpPacket("trainedAlgorithmicMedia"));
    const { status, text } = await check(file(png, "labelled.png"));
    expect(status).toBe(200);
    expect(text).toContain("No Content Credentials were found");
    expect(text).toContain("Digital source type: made by an AI model (trainedAlgorithmicMedia)");
  });

  it("refuses what it cannot check with a 4xx beside the file field", async () => {
    const docx = await check(file(new TextEncoder().encode("just some words"), "notes.txt", "text/plain"));
    expect(docx.status).toBe(400);
    expect(docx.text).toContain("This file is plain text: the check reads a PNG, JPEG or WebP image, or a PDF.");
    expect(docx.text).toContain("Check Content Credentials");

    const empty = await check(file(new Uint8Array(), "empty.png"));
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("This file is empty");

    const huge = await postClaimingMegabytes("/ai-detector/credentials", 11, "--b--\r\n", freshClient());
    expect(huge.status).toBe(413);
    expect(visibleText(await huge.text())).toContain("This file is larger than 10 MB");

    const broken = await check(file(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), "broken.png"));
    expect(broken.status).toBe(400);
    expect(broken.text).toContain("This file could not be read as a PNG image: it may be damaged.");
  });
});

describe("POST /api/v1/credentials", () => {
  it("answers the report as JSON: valid, untrusted, none with its note, a PDF", async () => {
    const { key } = await apiSubscriber("pro");
    const valid = await callApi("credentials", { key, form: multipart({ file: file(await siteImage(), "site.png") }) });
    expect(valid.status).toBe(200);
    expect(valid.json).toMatchObject({
      format: "image/png",
      found: true,
      state: "valid",
      signer: SITE_SIGNER,
      aiSource: { words: "made by an AI model", ai: true },
      failures: [],
    });
    expect(valid.json.note).toBeUndefined();

    const untrusted = await callApi("credentials", { key, form: multipart({ file: file(await providerImage(), "p.png") }) });
    expect(untrusted.json).toMatchObject({ state: "untrusted", aiSource: { words: "made by an AI model", ai: true } });
    expect(untrusted.json.ingredients).toEqual([]);

    const pdf = textPdf({ pages: 1, name: "essay.pdf" });
    const none = await callApi("credentials", { key, form: multipart({ file: file(pdf.bytes, "essay.pdf", "application/pdf") }) });
    expect(none.json).toMatchObject({ format: "application/pdf", found: false, state: "none", xmpSourceTypes: [] });
    expect(none.json.note).toContain(ABSENCE);
  }, 60_000);

  it("answers problem documents: a bad file, a JSON body, no key", async () => {
    const { key } = await apiSubscriber("pro");
    const text = await callApi("credentials", {
      key,
      form: multipart({ file: file(new TextEncoder().encode("hello"), "a.txt", "text/plain") }),
    });
    expect(text.status).toBe(400);
    expect(text.json).toMatchObject({ status: 400, errors: { file: expect.stringContaining("plain text") } });

    const missing = await callApi("credentials", { key, form: multipart({ other: "x" }) });
    expect(missing.status).toBe(400);
    expect(missing.json.detail).toContain("Choose a file to check");

    const json = await callApi("credentials", { key, body: { file: "x" } });
    expect(json.status).toBe(415);
    expect(json.json.detail).toContain("multipart/form-data");

    const anonymous = await callApi("credentials", { form: multipart({ file: file(new Uint8Array([1]), "a.png") }) });
    expect(anonymous.status).toBe(401);
  });
});
