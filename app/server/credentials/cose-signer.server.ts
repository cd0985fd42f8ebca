import { byteStringHeadLength, encodeCbor, type CborValue } from "./cbor.server";

// The signature of a C2PA claim as c2pa-wasm 0.13.3 wants it from a signer callback (decision 062):
// not a bare signature but the whole COSE_Sign1_Tagged (RFC 9052), ES256 over the claim as its
// detached payload, the certificate chain in the protected header (x5chain, label 33, leaf
// first), padded to exactly the space c2pa-rs reserved for it. WebCrypto's ECDSA gives the
// signature as r‖s, which is what COSE wants (c2pa-rs refuses DER).

/** The bytes c2pa-rs reserves for the signature box: a two-certificate P-256 chain fits. */
export const COSE_RESERVE_SIZE = 4096;

const ES256 = -7;
const X5CHAIN = 33;
const COSE_SIGN1_TAG = 18;

export type CoseSigningIdentity = { key: CryptoKey; chain: Uint8Array[] };

/** COSE_Sign1_Tagged over `claim`, exactly `reserveSize` bytes long. */
export async function coseSign1(
  identity: CoseSigningIdentity,
  claim: Uint8Array,
  reserveSize = COSE_RESERVE_SIZE,
): Promise<Uint8Array<ArrayBuffer>> {
  const [leaf, ...rest] = identity.chain;
  if (!leaf) throw new Error("No certificate to sign with");
  const chain: CborValue = rest.length === 0 ? leaf : identity.chain;
  const protectedHeader = encodeCbor({
    map: [
      [1, ES256],
      [X5CHAIN, chain],
    ],
  });
  const toBeSigned = encodeCbor(["Signature1", protectedHeader, new Uint8Array(0), claim]);
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, identity.key, toBeSigned as Uint8Array<ArrayBuffer>),
  );
  const message = (pad: number) =>
    encodeCbor({ tag: COSE_SIGN1_TAG, value: [protectedHeader, { map: [["pad", new Uint8Array(pad)]] }, null, signature] });
  // The filler's own length changes the size of its head: find the length that lands exactly.
  const bare = message(0).length - byteStringHeadLength(0);
  let pad = reserveSize - bare;
  while (pad > 0 && bare + byteStringHeadLength(pad) + pad > reserveSize) pad -= 1;
  const signed = message(Math.max(pad, 0));
  if (signed.length !== reserveSize)
    throw new Error(`The COSE signature takes ${signed.length} bytes, not the ${reserveSize} reserved: the certificate chain is too long`);
  return new Uint8Array(signed);
}
