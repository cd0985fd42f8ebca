import { concatBytes } from "../media/concat-bytes.server";

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
