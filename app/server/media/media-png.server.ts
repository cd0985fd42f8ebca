import { serverEnv } from "../env.server";
import { isMediaId, notFound, objectKey, serveMedia } from "./media-store.server";
import { convertedWithCredentials } from "./media-credentials.server";
import { SvgRasterError, svgToPng } from "./svg-raster.server";

// GET /media/:id?format=png: a stored image as a PNG. The offline engine stores its placeholder as
// the SVG it drew (a few KiB, where the PNG is a few hundred), and draws it into pixels only when
// someone asks for the PNG: so 'Download image' gives a PNG of the named size with or without
// JavaScript, while the stored file, its size and the API's answer stay as they were.

const plain = (status: number, message: string) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** /media/:id with its `format` query: none for the stored bytes, `png` for a PNG of them. */
export async function serveMediaAsAsked(request: Request, id: string | undefined, now = Date.now()): Promise<Response> {
  const format = new URL(request.url).searchParams.get("format");
  if (format === null) return serveMedia(request, id, now);
  if (format !== "png") return plain(400, "The format can only be png.");
  if (!isMediaId(id)) return notFound();
  const object = await serverEnv().MEDIA.get(objectKey(id));
  if (!object) return notFound();
  const contentType = object.httpMetadata?.contentType ?? "";
  const expired = !(Date.parse(object.customMetadata?.expiresAt ?? "") > now);
  if (expired || contentType !== "image/svg+xml") {
    await object.body.cancel();
    if (expired) return notFound();
    if (contentType === "image/png") return serveMedia(request, id, now);
    return plain(400, `Only a drawing (SVG) is turned into a PNG; this file is served as it is at /media/${id}.`);
  }
  // The same stored drawing always gives the same pixels (its signature differs, its content not), so its tag names the PNG too.
  const etag = `"png-${object.etag}"`;
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": "private, max-age=86400",
    ETag: etag,
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  if (request.headers.get("If-None-Match") === etag) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  const svg = new Uint8Array(await object.arrayBuffer());
  let png: Uint8Array;
  try {
    png = await svgToPng(new TextDecoder().decode(svg));
  } catch (error) {
    if (error instanceof SvgRasterError) return plain(422, "This image cannot be drawn as a PNG.");
    throw error;
  }
  // The PNG is new bytes: it gets Content Credentials of its own, the signed drawing as its parent.
  png = await convertedWithCredentials({ bytes: svg, contentType }, png, "image/png");
  headers.set("Content-Length", String(png.length));
  return new Response(request.method === "HEAD" ? null : (png as BodyInit), { status: 200, headers });
}
