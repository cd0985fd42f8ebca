import { concatBytes } from "../media/concat-bytes.server";

// The little CBOR (RFC 8949) a COSE_Sign1 needs: unsigned and negative integers, byte and text
// strings, arrays, maps, a tag and null, in definite lengths (the deterministic encoding COSE asks
// for). Nothing here decodes: c2pa-rs reads what we write.

export type CborValue = number | string | Uint8Array | null | CborValue[] | CborMap | CborTag;
export type CborMap = { map: [CborValue, CborValue][] };
export type CborTag = { tag: number; value: CborValue };

function head(major: number, length: number): Uint8Array {
  const type = major << 5;
  if (length < 24) return Uint8Array.of(type | length);
  if (length < 0x100) return Uint8Array.of(type | 24, length);
  if (length < 0x10000) return Uint8Array.of(type | 25, length >> 8, length & 0xff);
  return Uint8Array.of(type | 26, (length >>> 24) & 0xff, (length >> 16) & 0xff, (length >> 8) & 0xff, length & 0xff);
}

export function encodeCbor(value: CborValue): Uint8Array {
  if (value === null) return Uint8Array.of(0xf6);
  if (typeof value === "number") {
    if (!Number.isInteger(value) || Math.abs(value) > 0xffffffff) throw new RangeError("Only 32-bit integers are encoded");
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === "string") {
    const bytes = new TextEncoder().encode(value);
    return concatBytes([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return concatBytes([head(2, value.length), value]);
  if (Array.isArray(value)) return concatBytes([head(4, value.length), ...value.map(encodeCbor)]);
  if ("map" in value)
    return concatBytes([head(5, value.map.length), ...value.map.flatMap(([key, entry]) => [encodeCbor(key), encodeCbor(entry)])]);
  return concatBytes([head(6, value.tag), encodeCbor(value.value)]);
}

/** The length of a byte string's head for a body of `length` bytes. */
export const byteStringHeadLength = (length: number) => head(2, length).length;
