import { crc32 } from "node:zlib";
import { encode as encodeJpeg } from "jpeg-js";
import { describe, expect, test } from "vitest";
import { withAiMetadata } from "~/server/media/ai-metadata.server";
import { stripMetadata } from "~/server/media/image-upload.server";
import { encodePng } from "~/server/media/png.server";
import { createRaster } from "~/server/media/raster.server";

// The AI marks written beside the C2PA manifest, read back with small readers of the test's own
// (node's zlib CRC, a JPEG segment walk, a RIFF walk) rather than the writer's code.

const TRAINED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function pngChunksChecked(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const chunks: { type: string; data: Uint8Array }[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = view.getUint32(at);
    const typeAndData = bytes.subarray(at + 4, at + 8 + length);
    expect(view.getUint32(at + 8 + length), "chunk CRC").toBe(crc32(typeAndData));
    chunks.push({ type: text(typeAndData.subarray(0, 4)), data: typeAndData.subarray(4) });
    at += 12 + length;
  }
  return chunks;
}

function jpegSegments(bytes: Uint8Array) {
  const segments: { marker: number; payload: Uint8Array }[] = [];
  for (let at = 2; at < bytes.length && bytes[at + 1] !== 0xda;) {
    expect(bytes[at]).toBe(0xff);
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    segments.push({ marker: bytes[at + 1]!, payload: bytes.subarray(at + 4, at + 2 + length) });
    at += 2 + length;
  }
  return segments;
}

function riffChunks(bytes: Uint8Array, from: number, to: number) {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const chunks: { id: string; data: Uint8Array }[] = [];
  for (let at = from; at < to;) {
    const size = view.getUint32(at + 4, true);
    chunks.push({ id: text(bytes.subarray(at, at + 4)), data: bytes.subarray(at + 8, at + 8 + size) });
    at += 8 + size + (size % 2);
    expect(at).toBeLessThanOrEqual(to);
  }
  return chunks;
}

async function tinyPng() {
  return encodePng(createRaster(2, 2));
}

describe("AI metadata beside the manifest", () => {
  test("a PNG gets an iTXt XMP chunk with a valid CRC, and a later upload strips it", async () => {
    const marked = withAiMetadata(await tinyPng(), "image/png", TRAINED);
    const itxt = pngChunksChecked(marked).find((chunk) => chunk.type === "iTXt");
    expect(itxt && text(itxt.data.subarray(0, 17))).toBe("XML:com.adobe.xmp");
    expect(text(itxt!.data)).toContain(`Iptc4xmpExt:DigitalSourceType="${TRAINED}"`);
    expect(text(itxt!.data)).toContain("<rdf:li>ContentForge AI</rdf:li>");
    expect(pngChunksChecked(stripMetadata(marked, "image/png")).map((chunk) => chunk.type)).not.toContain("iTXt");
  });

  test("a JPEG gets an APP1 XMP segment whose length covers it, and a later upload strips it", () => {
    const jpeg = new Uint8Array(encodeJpeg({ data: Buffer.alloc(16, 200), width: 2, height: 2 }, 90).data);
    const marked = withAiMetadata(jpeg, "image/jpeg", TRAINED);
    const app1 = jpegSegments(marked).find((segment) => segment.marker === 0xe1);
    expect(jpegSegments(marked)[0]!.marker).toBe(0xe0); // JFIF's APP0 stays first
    expect(app1 && text(app1.payload)).toMatch(/^http:\/\/ns\.adobe\.com\/xap\/1\.0\/\0<\?xpacket/);
    expect(text(app1!.payload)).toMatch(/<\?xpacket end="r"\?>$/);
    expect(text(app1!.payload)).toContain(`Iptc4xmpExt:DigitalSourceType="${TRAINED}"`);
    expect(jpegSegments(stripMetadata(marked, "image/jpeg")).some((segment) => text(segment.payload).includes("xap/1.0"))).toBe(false);
  });

  test("a WAV gets a LIST/INFO chunk and a RIFF size that counts it", () => {
    const samples = new Uint8Array(44 + 8);
    samples.set(new TextEncoder().encode("RIFF"), 0);
    new DataView(samples.buffer).setUint32(4, samples.length - 8, true);
    samples.set(new TextEncoder().encode("WAVEfmt "), 8);
    new DataView(samples.buffer).setUint32(16, 16, true);
    samples.set(new TextEncoder().encode("data"), 36);
    new DataView(samples.buffer).setUint32(40, 8, true);
    const marked = withAiMetadata(samples, "audio/wav", TRAINED);
    expect(new DataView(marked.buffer, marked.byteOffset).getUint32(4, true)).toBe(marked.length - 8);
    const list = riffChunks(marked, 12, marked.length).find((chunk) => chunk.id === "LIST")!;
    expect(text(list.data.subarray(0, 4))).toBe("INFO");
    const info = Object.fromEntries(riffChunks(list.data, 4, list.data.length).map((chunk) => [chunk.id, text(chunk.data)]));
    expect(info).toEqual({ ISFT: "ContentForge AI\0", ICMT: `AI-generated (${TRAINED})\0` });
  });

  test("a lossless WebP gets a VP8X header with the XMP flag and its canvas, an 'XMP ' chunk last, and a RIFF size that counts both", () => {
    // 60 × 40, lossless (tests/support/webp-encoder.ts), as in content-credentials.test.ts.
    const webp = new Uint8Array(Buffer.from("UklGRjIAAABXRUJQVlA4TCUAAAAvO8AJAA8wjPfgOQ/o/McS1LRtBJVB+aP97ubOEf2fAP3cBfMCAA==", "base64"));
    const marked = withAiMetadata(webp, "image/webp", TRAINED);
    const view = new DataView(marked.buffer, marked.byteOffset);
    expect(view.getUint32(4, true)).toBe(marked.length - 8);
    const chunks = riffChunks(marked, 12, marked.length);
    expect(chunks.map((chunk) => chunk.id)).toEqual(["VP8X", "VP8L", "XMP "]);
    const header = chunks[0]!.data;
    expect(header[0]! & 0x04).toBe(0x04);
    const uint24 = (at: number) => header[at]! | (header[at + 1]! << 8) | (header[at + 2]! << 16);
    expect([uint24(4) + 1, uint24(7) + 1]).toEqual([60, 40]);
    expect(text(chunks[2]!.data)).toContain(`Iptc4xmpExt:DigitalSourceType="${TRAINED}"`);
    const stripped = stripMetadata(marked, "image/webp");
    expect(riffChunks(stripped, 12, stripped.length).map((chunk) => chunk.id)).not.toContain("XMP ");
  });

  test("an MP3 gets an ID3v2.4 tag whose syncsafe sizes cover its TSSE and COMM frames, before the first frame", () => {
    const frames = new Uint8Array([0xff, 0xfb, 0x90, 0x64, ...new Uint8Array(200)]);
    const marked = withAiMetadata(frames, "audio/mpeg", TRAINED);
    const syncsafe = (at: number) => (marked[at]! << 21) | (marked[at + 1]! << 14) | (marked[at + 2]! << 7) | marked[at + 3]!;
    expect(text(marked.subarray(0, 5))).toBe("ID3\x04\0");
    const tagEnd = 10 + syncsafe(6);
    expect(Array.from(marked.subarray(tagEnd, tagEnd + 2))).toEqual([0xff, 0xfb]);
    const found: Record<string, string> = {};
    for (let at = 10; at < tagEnd; at += 10 + syncsafe(at + 4))
      found[text(marked.subarray(at, at + 4))] = text(marked.subarray(at + 10, at + 10 + syncsafe(at + 4)));
    expect(found).toEqual({ TSSE: "\x03ContentForge AI", COMM: `\x03eng\0AI-generated (${TRAINED})` });
  });

  test("an SVG gets a metadata element with the XMP", () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"><rect/></svg>');
    const marked = text(withAiMetadata(svg, "image/svg+xml", TRAINED));
    expect(marked).toMatch(
      /^<svg [^>]*><metadata><x:xmpmeta[^]*DigitalSourceType="[^"]*trainedAlgorithmicMedia"[^]*<\/metadata><rect\/><\/svg>$/,
    );
  });
});
