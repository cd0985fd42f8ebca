import { concatBytes } from "../media/concat-bytes.server";

// An upload's bytes, read no further than the limit: a stream that goes past it is cancelled
// there, and a file whose size is known is refused before reading at all. Meant for a File from
// formData() (already in memory); a request's own body is read with readLimited
// (app/server/request-body/body-bytes.server.ts), which drains instead of cancelling to keep the connection.

export type ReadResult = { ok: true; bytes: Uint8Array } | { ok: false };

export async function readAtMost(source: ReadableStream<Uint8Array>, limit: number, knownSize?: number): Promise<ReadResult> {
  if (knownSize !== undefined && knownSize > limit) {
    await source.cancel().catch(() => undefined);
    return { ok: false };
  }
  const reader = source.getReader();
  // With the size known, bytes go straight into one buffer: a 10 MB file is held once, not twice.
  let buffer = knownSize !== undefined ? new Uint8Array(knownSize) : undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.length > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false };
    }
    if (buffer && total + value.length <= buffer.length) buffer.set(value, total);
    else {
      // More than the declared size: keep what came so far as chunks and go on without the buffer.
      if (buffer) chunks.push(buffer.subarray(0, total));
      buffer = undefined;
      chunks.push(value);
    }
    total += value.length;
  }
  if (buffer) return { ok: true, bytes: buffer.subarray(0, total) };
  return { ok: true, bytes: concatBytes(chunks) };
}
