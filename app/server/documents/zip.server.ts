import { RefusalError, refusals } from "./refusal.server";

// A zip's directory read by hand: each entry's name, method and where its compressed bytes are.
// The sizes the headers declare are kept as a claim only; inflating counts what really comes out
// (inflate.server.ts). Word never writes ZIP64 (a document under 4 GB), so it is refused as damage.

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  encrypted: boolean;
  /** What the headers say the entry inflates to. */
  declaredSize: number;
  /** The entry's bytes as stored in the file (compressed, unless stored). */
  data: () => Uint8Array;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes, followed by a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

const damaged = () => new RefusalError("corrupt", refusals.corruptDocx());

export function readZipDirectory(bytes: Uint8Array, maxEntries: number): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : Number.NaN);
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : Number.NaN);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - END_SEARCH); at--) {
    if (u32(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw damaged();
  const count = u16(end + 10);
  let at = u32(end + 16);
  if (count === 0xffff || at === 0xffffffff) throw damaged();
  if (count > maxEntries) throw new RefusalError("zip-bomb", refusals.zipBomb());
  const decoder = new TextDecoder("utf-8");
  const entries = new Map<string, ZipEntry>();
  for (let index = 0; index < count; index++) {
    if (u32(at) !== DIRECTORY_ENTRY) throw damaged();
    const [flags, method, compressedSize, declaredSize] = [u16(at + 8), u16(at + 10), u32(at + 20), u32(at + 24)];
    const [nameLength, extraLength, commentLength, localOffset] = [u16(at + 28), u16(at + 30), u16(at + 32), u32(at + 42)];
    if (at + 46 + nameLength > bytes.length) throw damaged();
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      name,
      method,
      encrypted: (flags & 1) === 1,
      declaredSize,
      data: () => {
        if (u32(localOffset) !== LOCAL_HEADER) throw damaged();
        const start = localOffset + 30 + u16(localOffset + 26) + u16(localOffset + 28);
        if (!(start + compressedSize <= bytes.length)) throw damaged();
        return bytes.subarray(start, start + compressedSize);
      },
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
