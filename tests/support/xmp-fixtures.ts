import { crc32 } from "node:zlib";
import { concatBytes } from "../../app/server/media/concat-bytes.server";

// Files carrying an XMP packet with an IPTC digital source type, built by the tests themselves (no
// binary fixture in the repository): the packet as Adobe's tools write it, placed where each format keeps it.

const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";
const encoder = new TextEncoder();

/** An XMP packet naming the source type; `style` is how the property is written (writers differ). */
export function xmpPacket(code: string, style: "attribute" | "element" | "resource" = "attribute"): string {
  const property = {
    attribute: `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" Iptc4xmpExt:DigitalSourceType="${IPTC}${code}"/>`,
    element: `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"><Iptc4xmpExt:DigitalSourceType>${IPTC}${code}</Iptc4xmpExt:DigitalSourceType></rdf:Description>`,
    resource: `<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"><Iptc4xmpExt:DigitalSourceType rdf:resource="${IPTC}${code}"/></rdf:Description>`,
  }[style];
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">${property}</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

const concat = (...parts: Uint8Array[]) => concatBytes(parts);

/** The PNG with an iTXt 'XML:com.adobe.xmp' chunk (uncompressed) before its IEND. */
export async function pngWithXmp(png: Uint8Array, packet: string): Promise<Uint8Array<ArrayBuffer>> {
  const data = concat(encoder.encode("XML:com.adobe.xmp"), new Uint8Array([0, 0, 0, 0, 0]), encoder.encode(packet));
  const typed = concat(encoder.encode("iTXt"), data);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(typed, 4);
  view.setUint32(8 + data.length, crc32(typed));
  const iend = png.length - 12;
  return concat(png.subarray(0, iend), chunk, png.subarray(iend)) as Uint8Array<ArrayBuffer>;
}

/** The JPEG with an APP1 XMP segment right after its SOI. */
export function jpegWithXmp(jpeg: Uint8Array, packet: string): Uint8Array<ArrayBuffer> {
  const payload = concat(encoder.encode("http://ns.adobe.com/xap/1.0/\0"), encoder.encode(packet));
  const header = new Uint8Array([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return concat(jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)) as Uint8Array<ArrayBuffer>;
}

/** The WebP with an 'XMP ' chunk appended (the RIFF size updated); a reader of chunks finds it. */
export function webpWithXmp(webp: Uint8Array, packet: string): Uint8Array<ArrayBuffer> {
  const data = encoder.encode(packet);
  const padded = concat(data, new Uint8Array(data.length % 2));
  const header = new Uint8Array(8);
  header.set(encoder.encode("XMP "));
  new DataView(header.buffer).setUint32(4, data.length, true);
  const out = concat(webp, header, padded);
  new DataView(out.buffer).setUint32(4, out.length - 8, true);
  return out as Uint8Array<ArrayBuffer>;
}
