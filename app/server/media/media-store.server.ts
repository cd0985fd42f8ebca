import { randomId } from "../account/secure-random.server";
import type { GeneratedMedia } from "~/shared/ai-types";
import { serverEnv } from "../env.server";
import { parseRange } from "./byte-range.server";
import { stripMetadata } from "./image-upload.server";
import { withCredentials } from "./media-credentials.server";

// Generated audio and images live in R2 under unguessable ids and are served from our own origin
// by /media/:id (docs/architecture.md). Each object carries its expiry; past it, it is gone for us.

export const MEDIA_TTL_SECONDS = 24 * 60 * 60;
/** 128 random bits as lowercase hex: the only shape of id the media route accepts. */
const MEDIA_ID = /^[0-9a-f]{32}$/;

export type StoredMedia = {
  id: string;
  url: string;
  contentType: string;
  size: number;
  expiresAt: string;
  /** The stored file carries our signed Content Credentials (signing fails open: a failure stores it without). */
  credentials: boolean;
};

export function isMediaId(id: string | undefined): id is string {
  return typeof id === "string" && MEDIA_ID.test(id);
}

export const objectKey = (id: string) => `media/${id}`;

/** `ttlSeconds`: a demo visitor's media lasts a day; a subscriber's the workspace's retention. */
export async function storeMedia(media: GeneratedMedia, now = Date.now(), ttlSeconds = MEDIA_TTL_SECONDS): Promise<StoredMedia> {
  const id = randomId();
  // No stored image keeps metadata (a provider's answer included): see image-upload.ts.
  const type = media.contentType;
  const stripped = type === "image/png" || type === "image/jpeg" || type === "image/webp" ? stripMetadata(media.bytes, type) : media.bytes;
  // What an engine generated carries our signed Content Credentials from here on; uploads do not.
  const bytes = await withCredentials(media, stripped);
  const expiresAt = new Date(now + ttlSeconds * 1000).toISOString();
  await serverEnv().MEDIA.put(objectKey(id), bytes, {
    httpMetadata: { contentType: media.contentType },
    customMetadata: { expiresAt },
  });
  return { id, url: `/media/${id}`, contentType: media.contentType, size: bytes.length, expiresAt, credentials: bytes !== stripped };
}

export async function deleteMedia(id: string): Promise<void> {
  if (isMediaId(id)) await serverEnv().MEDIA.delete(objectKey(id));
}

/** A stored object's bytes and type while it has not expired (the editor's 'Edit this image'). */
export async function readMedia(id: string, now = Date.now()): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  if (!isMediaId(id)) return undefined;
  const object = await serverEnv().MEDIA.get(objectKey(id));
  if (!object) return undefined;
  if (!(Date.parse(object.customMetadata?.expiresAt ?? "") > now)) {
    await object.body.cancel();
    return undefined;
  }
  return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? "" };
}

// The tools name their downloads through the store, which they already import.
export { mediaFileName } from "./media-names.server";

export const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/** GET/HEAD /media/:id — the stored bytes with their type, length, caching and range support. */
export async function serveMedia(request: Request, id: string | undefined, now = Date.now()): Promise<Response> {
  if (!isMediaId(id)) return notFound();
  const bucket = serverEnv().MEDIA;
  const head = await bucket.head(objectKey(id));
  const expiresAt = Date.parse(head?.customMetadata?.expiresAt ?? "");
  if (!head || !(expiresAt > now)) return notFound();

  const headers = new Headers({
    "Content-Type": head.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "private, max-age=86400",
    "Accept-Ranges": "bytes",
    ETag: head.httpEtag,
    "Cross-Origin-Resource-Policy": "same-origin",
  });
  if (request.headers.get("If-None-Match") === head.httpEtag) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get("Range"), head.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${head.size}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await bucket.get(objectKey(id), range ? { range } : undefined);
  if (!object) return notFound();
  if (range) {
    headers.set("Content-Range", `bytes ${range.offset}-${range.offset + range.length - 1}/${head.size}`);
    headers.set("Content-Length", String(range.length));
    return new Response(request.method === "HEAD" ? null : object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(head.size));
  return new Response(request.method === "HEAD" ? null : object.body, { status: 200, headers });
}
