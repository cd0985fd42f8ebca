// The subject's common name and organization of an X.509 certificate (DER), read by walking just
// far enough into it: Certificate → tbsCertificate → [version], serial, signature, issuer,
// validity, subject. Only names are read; c2pa-rs checks everything else about the chain.

type Element = { tag: number; start: number; end: number };

class TruncatedDer extends RangeError {}

function byteAt(der: Uint8Array, offset: number): number {
  const byte = der[offset];
  if (byte === undefined) throw new TruncatedDer("Truncated DER");
  return byte;
}

function element(der: Uint8Array, offset: number): Element {
  const tag = byteAt(der, offset);
  let length = byteAt(der, offset + 1);
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let index = 0; index < bytes; index++) length = length * 256 + byteAt(der, start + index);
    start += bytes;
  }
  if (start + length > der.length) throw new TruncatedDer("Truncated DER");
  return { tag, start, end: start + length };
}

function children(der: Uint8Array, parent: Element | undefined): Element[] {
  if (!parent) throw new TruncatedDer("Missing DER element");
  const list: Element[] = [];
  for (let offset = parent.start; offset < parent.end;) {
    const child = element(der, offset);
    list.push(child);
    offset = child.end;
  }
  return list;
}

const COMMON_NAME = "550403";
const ORGANIZATION = "55040a";
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");

export type CertificateSubject = { commonName?: string; organization?: string };

export function certificateSubject(der: Uint8Array): CertificateSubject {
  const fields = children(der, children(der, element(der, 0))[0]);
  const subject = fields[fields[0]?.tag === 0xa0 ? 5 : 4];
  const names: CertificateSubject = {};
  for (const relative of children(der, subject)) {
    for (const pair of children(der, relative)) {
      const [type, value] = children(der, pair);
      if (!type || !value) continue;
      const oid = hex(der.subarray(type.start, type.end));
      const text = new TextDecoder().decode(der.subarray(value.start, value.end));
      if (oid === COMMON_NAME) names.commonName = text;
      if (oid === ORGANIZATION) names.organization = text;
    }
  }
  return names;
}
