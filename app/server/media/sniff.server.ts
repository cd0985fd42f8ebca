// The served content type comes from the bytes themselves, never from a provider's say-so: only
// the formats we expect are stored, so nothing else is ever served from our origin.

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
const text = (value: string) => [...value].map((char) => char.charCodeAt(0));

export function sniffImageType(bytes: Uint8Array): "image/png" | "image/jpeg" | "image/webp" | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, text("RIFF")) && startsWith(bytes, text("WEBP"), 8)) return "image/webp";
  return undefined;
}

export function sniffAudioType(bytes: Uint8Array): "audio/mpeg" | "audio/wav" | undefined {
  if (startsWith(bytes, text("ID3"))) return "audio/mpeg";
  // An MPEG audio frame starts with eleven set bits (frame sync).
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return "audio/mpeg";
  if (startsWith(bytes, text("RIFF")) && startsWith(bytes, text("WAVE"), 8)) return "audio/wav";
  return undefined;
}
