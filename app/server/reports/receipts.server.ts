import type { StrictnessLine } from "~/shared/ai-types";
import type { ReportFile } from "~/shared/report";
import type { Strictness } from "~/shared/strictness";
import { setting } from "../settings.server";
import { sha256Hex } from "../account/secure-random.server";
import { fromBase64Url, toBase64, toBase64Url } from "../base64.server";

// Signed scan receipts (docs/decisions/043): a canonical JSON payload naming the report, the
// SHA-256 of the text, the file the report names (version 2, docs/decisions/056), the verdict, the
// strictness level it was given at and that level's line (version 3), the probability, the engine and its version and the time, signed with Ed25519 (WebCrypto) under RECEIPT_SIGNING_KEY. Anyone can check one with the public
// key from /.well-known/contentforge-receipt-keys.json and a standard tool; /docs/receipts shows how.
// Without a key nothing is signed, and the report says receipts are not configured.

/**
 * 3 since receipts state the strictness level and its line (null when the text was not scored); 2
 * added the report's file (null for pasted text). Version 1 and 2 receipts stay valid as they were signed.
 */
export const RECEIPT_VERSION = 3;
export const RECEIPT_TYPE = "contentforge.scan-receipt";

/** What a receipt states: everything the report shows that the text's SHA-256 does not already fix. */
export type ReceiptFacts = {
  reportId: string;
  sha256: string;
  /** The uploaded document the report names, as the server extracted it; null for pasted text. */
  file: ReportFile | null;
  verdict: string;
  /** The level the verdict was given at and its line for the text's length band; null when not scored. */
  strictness: { level: Strictness; band: string; line: Pick<StrictnessLine, "likelyAiFrom" | "mixedFrom"> } | null;
  probability: number | null;
  engine: string;
  detectorVersion: string;
  createdAt: number;
};

/** A signed receipt: the exact bytes signed (as text), the signature (base64) and the key that made it. */
export type Receipt = { payload: string; signature: string; keyId: string; algorithm: "Ed25519" };

type ReceiptKey = { privateKey: CryptoKey; publicKey: Uint8Array; keyId: string };

/**
 * The signed bytes: JSON with exactly these keys in this order, no spaces, ASCII (a file name's other
 * characters as \u escapes, so no tool can re-encode them). A verifier needs only the bytes as given;
 * the order is fixed so the same facts always give the same bytes.
 */
export function receiptPayload(facts: ReceiptFacts, keyId: string): string {
  const { file } = facts;
  const json = JSON.stringify({
    v: RECEIPT_VERSION,
    type: RECEIPT_TYPE,
    reportId: facts.reportId,
    sha256: facts.sha256,
    file: file ? { name: file.name, kind: file.kind, pages: file.pages ?? null } : null,
    verdict: facts.verdict,
    strictness: facts.strictness
      ? {
          level: facts.strictness.level,
          band: facts.strictness.band,
          likelyAiFrom: facts.strictness.line.likelyAiFrom,
          mixedFrom: facts.strictness.line.mixedFrom,
        }
      : null,
    probability: facts.probability,
    engine: facts.engine,
    detectorVersion: facts.detectorVersion,
    createdAt: new Date(facts.createdAt * 1000).toISOString().replace(".000Z", "Z"),
    keyId,
  });
  return json.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Signs the facts, or undefined when no signing key is configured. */
export async function signReceipt(facts: ReceiptFacts): Promise<Receipt | undefined> {
  const key = await receiptKey();
  if (!key) return undefined;
  const payload = receiptPayload(facts, key.keyId);
  const signature = await crypto.subtle.sign("Ed25519", key.privateKey, new TextEncoder().encode(payload));
  return { payload, signature: toBase64(new Uint8Array(signature)), keyId: key.keyId, algorithm: "Ed25519" };
}

/**
 * The public keys that verify receipts, as a JWKS (RFC 7517, OKP keys of RFC 8037): the current
 * key first, then the retired ones (RECEIPT_RETIRED_PUBLIC_KEYS), which verify the receipts they
 * signed before a rotation and sign nothing new. A verifier picks the key by the receipt's keyId.
 */
export async function receiptKeySet(): Promise<{ keys: Record<string, string>[] }> {
  const key = await receiptKey();
  const jwk = (publicKey: Uint8Array, kid: string) => ({
    kty: "OKP",
    crv: "Ed25519",
    x: toBase64Url(publicKey),
    kid,
    use: "sig",
    alg: "EdDSA",
  });
  const current = key ? [jwk(key.publicKey, key.keyId)] : [];
  const retired = await Promise.all(
    setting("RECEIPT_RETIRED_PUBLIC_KEYS")
      .filter((publicKey) => !key || !sameBytes(publicKey, key.publicKey))
      .map(async (publicKey) => ({ ...jwk(publicKey, await publicKeyId(publicKey)), status: "retired" })),
  );
  return { keys: [...current, ...retired] };
}

/** A public key's id, as receipts name it: the first 16 hex digits of the SHA-256 of its 32 bytes. */
const publicKeyId = async (publicKey: Uint8Array) => (await sha256Hex(publicKey)).slice(0, 16);

/** The current public key as PEM (SubjectPublicKeyInfo), the form openssl reads; undefined without a key. */
export async function receiptPublicKeyPem(): Promise<{ keyId: string; pem: string } | undefined> {
  const key = await receiptKey();
  if (!key) return undefined;
  return { keyId: key.keyId, pem: spkiPem(key.publicKey) };
}

// The fixed DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410): SEQUENCE { AlgorithmIdentifier
// { 1.3.101.112 }, BIT STRING of the 32-byte key }.
const SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

function spkiPem(publicKey: Uint8Array): string {
  const der = new Uint8Array([...SPKI_PREFIX, ...publicKey]);
  const base64 = toBase64(der);
  return `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)!.join("\n")}\n-----END PUBLIC KEY-----\n`;
}

// Importing and deriving the public key once per isolate and key value.
let cached: { bytes: Uint8Array; key: Promise<ReceiptKey> } | undefined;

async function receiptKey(): Promise<ReceiptKey | undefined> {
  const bytes = setting("RECEIPT_SIGNING_KEY");
  if (!bytes) return undefined;
  if (!cached || !sameBytes(cached.bytes, bytes)) cached = { bytes, key: importKey(bytes) };
  return cached.key;
}

async function importKey(pkcs8: Uint8Array): Promise<ReceiptKey> {
  // Imported extractable once, only to read the public half (the JWK's x); signing uses a copy that is not.
  const extractable = await crypto.subtle.importKey("pkcs8", pkcs8 as Uint8Array<ArrayBuffer>, { name: "Ed25519" }, true, ["sign"]);
  const jwk = (await crypto.subtle.exportKey("jwk", extractable)) as JsonWebKey;
  const publicKey = fromBase64Url(jwk.x!);
  const privateKey = await crypto.subtle.importKey("pkcs8", pkcs8 as Uint8Array<ArrayBuffer>, { name: "Ed25519" }, false, ["sign"]);
  const keyId = await publicKeyId(publicKey);
  return { privateKey, publicKey, keyId };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
