import type { FormValues } from "~/shared/tool-action-data";
import { concatBytes } from "../media/concat-bytes.server";

// A request body's bytes, read within bounds: all of them up to a limit, the rest of a refused body
// read and dropped, or the text fields around an upload too large to keep. read-body.server.ts
// makes a form or JSON of them.
//
// A response sent before its request's body was read loses the next request on the same
// keep-alive connection under workerd and wrangler's local proxy: it hangs until the client gives
// up, or gets a 503 the Worker never chose (measured 2026-11-24: a 413 for 2 MiB of form data, then
// GET /terms on the same connection, timed out; cancelling the body made every refused request do
// that, `Connection: close` did not help; reading the body to its end fixed all of them). So every
// refused body is read to its end and dropped, up to a bound past which the client is on its own.

/** The most a refused body is read before it is cancelled (a slow or endless upload must end). */
export const MAX_DISCARDED_BYTES = 16 * 1024 * 1024;

/** Reads what is left of a body and drops it. */
export async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
    if (read > MAX_DISCARDED_BYTES) return void (await reader.cancel());
  }
}

/** A body nobody read (a 405, 413, 415 or 403 answered from the headers): read and dropped. */
export async function discardUnreadBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  await discardRest(request.body.getReader()).catch(() => undefined);
}

/** A body that turned out longer than the bytes a reader would buffer. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than ${maxBytes} bytes.`);
  }
}

/** The body as bytes, refusing to buffer more than maxBytes whatever Content-Length says. */
export async function readLimited(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await discardRest(reader); // not cancel: that loses the connection's next request
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return concatBytes(chunks);
}

// A multipart form whose upload is over the limit still carries the other fields (the prompt, the
// size), before or after the file in the body. The page sends them back with the message beside
// the file field, so they are read without keeping the file: the body is read to its end as a
// refused body is anyway (decision 019, at most MAX_DISCARDED_BYTES), keeping only its first and
// last KEPT_BYTES; the parts wholly inside those are read as a form, files left out. Fields past
// the bound of a larger body are lost (the page then asks for them like any missing field).

const KEPT_BYTES = 256 * 1024;

/** The text fields of a multipart body too large to read whole; whatever cannot be read is left out. */
export async function readFieldsAroundUpload(request: Request): Promise<FormValues> {
  const contentType = request.headers.get("content-type") ?? "";
  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const delimiter = new TextEncoder().encode(`--${boundary?.[1] ?? boundary?.[2] ?? ""}`);
  if (!boundary || !request.body) return {};

  const reader = request.body.getReader();
  const head: Uint8Array[] = [];
  let tail: Uint8Array[] = [];
  let headBytes = 0;
  let tailBytes = 0;
  let read = 0;
  let ended = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      read += value.byteLength;
      if (read > MAX_DISCARDED_BYTES) {
        await reader.cancel();
        break;
      }
      if (headBytes < KEPT_BYTES) {
        head.push(value);
        headBytes += value.byteLength;
        continue;
      }
      tail.push(value);
      tailBytes += value.byteLength;
      while (tail.length > 1 && tailBytes - tail[0]!.byteLength >= KEPT_BYTES) tailBytes -= tail.shift()!.byteLength;
    }
  } catch {
    // A broken upload: read what arrived.
  }
  const dropped = read - headBytes - tailBytes > 0;
  if (!ended) tail = [];
  // Nothing dropped: head and tail are one piece of the body.
  const pieces = dropped ? [concatBytes(head), concatBytes(tail)] : [concatBytes([...head, ...tail])];
  const [first, last] = pieces.map((bytes) => occurrences(bytes, delimiter));
  // From the first delimiter of the head to its last (the part after it may be cut), then from
  // the first delimiter of the tail to the end (its closing delimiter included).
  const kept = [pieces[0]!.subarray(first![0] ?? 0, first!.at(-1) ?? 0)];
  if (pieces[1] && last!.length > 0) kept.push(pieces[1].subarray(last![0]));
  else kept.push(new TextEncoder().encode(`--${boundary[1] ?? boundary[2]}--\r\n`));

  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers: { "content-type": contentType }, body: concatBytes(kept) }).formData();
  } catch {
    return {};
  }
  const values: FormValues = {};
  for (const [name, value] of form) if (typeof value === "string" && !(name in values)) values[name] = value;
  return values;
}

/** Where `needle` starts in `bytes`, each time. */
function occurrences(bytes: Uint8Array, needle: Uint8Array): number[] {
  const found: number[] = [];
  const first = needle[0];
  outer: for (let i = bytes.indexOf(first!); i >= 0 && i <= bytes.length - needle.length; i = bytes.indexOf(first!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    found.push(i);
  }
  return found;
}
