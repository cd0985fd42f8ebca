import type { FormValues } from "~/shared/tool-action-data";
import { concatBytes } from "../media/concat-bytes.server";
import { MAX_DISCARDED_BYTES } from "./read-limited.server";

// A multipart form whose upload is over the limit still carries the other fields (the prompt, the
// size), before or after the file in the body. The page sends them back with the message beside
// the file field, so they are read without keeping the file: the body is read to its end as a
// refused body is anyway (decision 019, at most MAX_DISCARDED_BYTES), keeping only its first and
// last KEPT_BYTES; the parts wholly inside those are read as a form, files left out. Fields past
// the bound of a larger body are lost (the page then asks for them like any missing field).

const KEPT_BYTES = 256 * 1024;

/**
 * A multipart form whose Content-Length is over `maxBytes`: its text fields, with `message` beside
 * the file `field`, as a 413 form answer; undefined for any other body (read it as usual).
 */
export async function oversizedUploadForm(
  request: Request,
  maxBytes: number,
  field: string,
  message: string,
): Promise<{ values: FormValues; fieldErrors: Record<string, string>; status: 413 } | undefined> {
  if (!isMultipart(request) || Number(request.headers.get("content-length") ?? "0") <= maxBytes) return undefined;
  return { values: await readFieldsAroundUpload(request), fieldErrors: { [field]: message }, status: 413 };
}

export const isMultipart = (request: Request) =>
  request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data") ?? false;

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
