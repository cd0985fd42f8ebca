import { PngError, pngChunks } from "../media/png.server";

// The IPTC AI-source label a file may carry in its XMP metadata (Iptc4xmpExt:DigitalSourceType),
// read apart from any C2PA manifest: many tools write only this. Just enough of each container to
// find the XMP packet: a PNG's iTXt chunk 'XML:com.adobe.xmp', a JPEG's APP1 XMP segment, a WebP's
// 'XMP ' chunk, a PDF's (uncompressed) metadata stream. The packet is scanned, not parsed as RDF:
// the property appears as an attribute, an element's text, or an element's rdf:resource.

export type SourceFormat = "image/png" | "image/jpeg" | "image/webp" | "application/pdf";

const PNG_XMP_KEYWORD = "XML:com.adobe.xmp";
const JPEG_XMP_HEADER = "http://ns.adobe.com/xap/1.0/\0";
/** XMP packets are small; one past this is not read (a PDF is scanned only this far for one). */
const MAX_PACKET_CHARS = 1024 * 1024;

const latin1 = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);
const utf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const fourcc = (bytes: Uint8Array, offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));

/** The digital source types the file's XMP names (full IPTC URIs as written), in order, without repeats. */
export async function xmpDigitalSourceTypes(bytes: Uint8Array, format: SourceFormat): Promise<string[]> {
  const packets = await xmpPackets(bytes, format);
  return [...new Set(packets.flatMap(sourceTypesIn))];
}

/** The XMP packets of the file, as text. */
export async function xmpPackets(bytes: Uint8Array, format: SourceFormat): Promise<string[]> {
  switch (format) {
    case "image/png":
      return pngPackets(bytes);
    case "image/jpeg":
      return jpegPackets(bytes);
    case "image/webp":
      return webpPackets(bytes);
    case "application/pdf":
      return pdfPackets(bytes);
  }
}

/** `…:DigitalSourceType="uri"`, `<…:DigitalSourceType>uri</…>` or `<…:DigitalSourceType rdf:resource="uri"/>`. */
export function sourceTypesIn(packet: string): string[] {
  const found: string[] = [];
  const patterns = [
    /[\w-]+:DigitalSourceType\s*=\s*(["'])(.*?)\1/g,
    /<([\w-]+:DigitalSourceType)\b[^>]*>\s*([^<]*?)\s*<\/\1>/g,
    /<[\w-]+:DigitalSourceType\b[^>]*\brdf:resource\s*=\s*(["'])(.*?)\1/g,
  ];
  for (const pattern of patterns) for (const match of packet.matchAll(pattern)) if (match[2]?.trim()) found.push(match[2].trim());
  return found;
}

async function pngPackets(bytes: Uint8Array): Promise<string[]> {
  const packets: string[] = [];
  try {
    for (const chunk of pngChunks(bytes)) {
      const packet = chunk.type === "iTXt" ? await pngInternationalText(chunk.data) : undefined;
      if (packet !== undefined) packets.push(packet);
    }
  } catch (error) {
    if (!(error instanceof PngError)) throw error; // a file cut short: the packets before the cut still count
  }
  return packets;
}

/** An iTXt chunk's text when its keyword is XMP's: keyword, NUL, compression flag and method, language, NUL, translated keyword, NUL, text. */
async function pngInternationalText(data: Uint8Array): Promise<string | undefined> {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0 || latin1(data.subarray(0, keywordEnd)) !== PNG_XMP_KEYWORD) return undefined;
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return undefined;
  const text = data.subarray(translatedEnd + 1);
  if (!compressed) return utf8(text);
  try {
    const inflated = await new Response(new Blob([text.slice()]).stream().pipeThrough(new DecompressionStream("deflate"))).arrayBuffer();
    return inflated.byteLength <= MAX_PACKET_CHARS ? utf8(new Uint8Array(inflated)) : undefined;
  } catch {
    return undefined; // a damaged chunk carries no label we can read
  }
}

function jpegPackets(bytes: Uint8Array): string[] {
  const packets: string[] = [];
  for (let offset = 2; offset + 4 <= bytes.length;) {
    if (bytes[offset] !== 0xff) break;
    const marker = bytes[offset + 1]!;
    // Fill bytes, and markers without a length (RST, SOI, TEM).
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      offset += 2;
      continue;
    }
    // Start of scan or end of image: the metadata segments all come before.
    if (marker === 0xda || marker === 0xd9) break;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const segment = bytes.subarray(offset + 4, Math.min(offset + 2 + length, bytes.length));
    if (marker === 0xe1 && latin1(segment.subarray(0, JPEG_XMP_HEADER.length)) === JPEG_XMP_HEADER)
      packets.push(utf8(segment.subarray(JPEG_XMP_HEADER.length)));
    offset += 2 + length;
  }
  return packets;
}

function webpPackets(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packets: string[] = [];
  for (let offset = 12; offset + 8 <= bytes.length;) {
    const type = fourcc(bytes, offset);
    const length = view.getUint32(offset + 4, true);
    if (type === "XMP ") packets.push(utf8(bytes.subarray(offset + 8, Math.min(offset + 8 + length, bytes.length))));
    offset += 8 + length + (length % 2); // chunks are padded to an even length
  }
  return packets;
}

/** A PDF's metadata stream is plain XML unless compressed (most writers leave it plain so it can be found like this). */
function pdfPackets(bytes: Uint8Array): string[] {
  const text = latin1(bytes);
  const packets: string[] = [];
  for (let start = text.indexOf("<x:xmpmeta"); start >= 0; start = text.indexOf("<x:xmpmeta", start + 1)) {
    const end = text.indexOf("</x:xmpmeta>", start);
    if (end < 0 || end - start > MAX_PACKET_CHARS) break;
    packets.push(utf8(bytes.subarray(start, end + "</x:xmpmeta>".length)));
  }
  return packets;
}
