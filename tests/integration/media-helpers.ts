import { env } from "cloudflare:workers";
import { createRaster, type Raster } from "~/server/media/raster.server";
import { decodePng } from "~/server/media/png.server";
import { freshClient, get, origin, postMultipart } from "./helpers";

// Reading generated media the way a browser would: find it in the page, fetch it, check its format.

/** The first /media/<id> address in a page (an <img> or <audio> src). */
export function mediaUrlIn(html: string, tag: "img" | "audio"): string | undefined {
  const pattern = new RegExp(`<${tag}\\b[^>]*\\bsrc="(/media/[0-9a-f]{32})"`);
  return html.match(pattern)?.[1];
}

export async function fetchMedia(path: string, init?: RequestInit) {
  const response = await get(path, init);
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes };
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((byte, index) => bytes[index] === byte)) return undefined;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Width and height attributes of an SVG document's root element. */
export function svgSize(svg: string): { width: number; height: number } | undefined {
  const root = svg.match(/<svg\b[^>]*>/)?.[0];
  const width = root?.match(/\swidth="(\d+)"/)?.[1];
  const height = root?.match(/\sheight="(\d+)"/)?.[1];
  return width && height ? { width: Number(width), height: Number(height) } : undefined;
}

/** Every frame of an MPEG audio stream starts with the 11-bit frame sync (or an ID3 tag first). */
export function looksLikeMp3(bytes: Uint8Array): boolean {
  if (String.fromCharCode(...bytes.subarray(0, 3)) === "ID3") return true;
  return bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0;
}

export const sky = [90, 140, 220];
export const grass = [60, 140, 60];

/** A test photo: sky in the top half, grass below. */
export function landscape(width: number, height: number): Raster {
  const raster = createRaster(width, height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raster.data.set([...(y < height / 2 ? sky : grass), 255], (y * width + x) * 4);
  return raster;
}

/** An upload field's value for PNG bytes. */
export const pngFile = (bytes: Uint8Array, name = "photo.png") => ({ bytes, name, type: "image/png" });

/** One stroke across the sky of `landscape()`, as the edit form's strokes field carries it. */
export const skyStrokes = JSON.stringify([
  {
    size: 0.4,
    points: [
      [0, 0.2],
      [0.5, 0.2],
      [1, 0.2],
    ],
  },
]);

/** The pixels of a stored PNG, fetched from its /media address (a path, or a full URL as the API gives it). */
export async function storedPixels(url: string): Promise<Raster> {
  const { bytes } = await fetchMedia(new URL(url, origin).pathname);
  const size = pngSize(bytes)!;
  const raster = createRaster(size.width, size.height);
  await decodePng(bytes, { row: (y, rgba) => raster.data.set(rgba, y * size.width * 4) });
  return raster;
}

/** The RGBA of one pixel. */
export const pixelAt = (raster: Raster, x: number, y: number) =>
  Array.from(raster.data.subarray((y * raster.width + x) * 4, (y * raster.width + x) * 4 + 4));

export type EditFields = Record<string, string | { bytes: Uint8Array; name: string; type: string }>;

/** The Edit form of /imagine-ai as a browser posts it (multipart, the image as a file). */
export function postEdit(fields: EditFields, headers: Record<string, string> = freshClient()) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value.bytes as BlobPart], { type: value.type }), value.name);
  }
  return postMultipart("/imagine-ai?mode=edit", form, headers);
}

/** The edited image's /media/ address in the result page. */
export const editedUrl = (html: string) => html.match(/<img[^>]*src="(\/media\/[0-9a-f]{32})"[^>]*alt="Edited image/)?.[1];

/** An image straight from the fake provider, with the provider's manifest and nothing of ours. */
export async function providerImage(): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetch(`${env.FAKE_OPENAI_URL}/v1/images/generations`, {
    method: "POST",
    headers: { authorization: "Bearer sk-test-integration-key-000000001234", "content-type": "application/json" },
    body: JSON.stringify({ model: "gpt-image-2.6-flare", prompt: "A lighthouse", n: 1, size: "1024x1024" }),
  });
  const answer = (await response.json()) as { data: { b64_json: string }[] };
  return Uint8Array.from(atob(answer.data[0]!.b64_json), (char) => char.charCodeAt(0));
}
