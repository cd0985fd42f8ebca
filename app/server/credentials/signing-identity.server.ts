import { toBase64 } from "../base64.server";
import { setting } from "../settings.server";
import { certificateSubject } from "./certificate-subject.server";
import type { CoseSigningIdentity } from "./cose-signer.server";

// Who signs the site's Content Credentials: C2PA_SIGNING_KEY (P-256, PKCS#8 PEM) with
// C2PA_CERTIFICATE_CHAIN (PEM, leaf first). The development chain scripts/dev-vars.mjs makes on the
// first local run names its signer a test signer, and pages say so.

/** What the development chain's signer calls itself (scripts/dev-vars.mjs): a test signer. */
export const TEST_SIGNER_MARK = "(test signer)";

export type SigningIdentity = CoseSigningIdentity & {
  /** The leaf certificate's common name, as a verifier shows it. */
  signer: string;
  /** A development or test chain, not the operator's: its manifests prove nothing to anyone else. */
  isTestSigner: boolean;
};

// Imported once per isolate and key value.
let cached: { key: Uint8Array; chain: Uint8Array[]; identity: Promise<SigningIdentity> } | undefined;

/** The configured signer, or undefined when either setting is missing or does not parse. */
export function signingIdentity(): Promise<SigningIdentity> | undefined {
  const key = setting("C2PA_SIGNING_KEY");
  const chain = setting("C2PA_CERTIFICATE_CHAIN");
  if (!key || !chain) return undefined;
  if (cached?.key !== key || cached.chain !== chain) cached = { key, chain, identity: importIdentity(key, chain) };
  return cached.identity;
}

async function importIdentity(pkcs8: Uint8Array, chain: Uint8Array[]): Promise<SigningIdentity> {
  const key = await crypto.subtle.importKey("pkcs8", pkcs8 as Uint8Array<ArrayBuffer>, { name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
  ]);
  const subject = chain[0] ? certificateSubject(chain[0]) : {};
  const signer = subject.commonName ?? subject.organization ?? "unnamed signer";
  return { key, chain, signer, isTestSigner: signer.includes(TEST_SIGNER_MARK) };
}

/**
 * Who signs the site's Content Credentials, for pages to show (the transparency page, 'test
 * signer' notes): the leaf's name, whether it is a test signer, and the chain as PEM. Undefined
 * when nothing is configured, and nothing is signed.
 */
export async function credentialsSigner(): Promise<{ signer: string; isTestSigner: boolean; certificateChainPem: string } | undefined> {
  const identity = await signingIdentity();
  if (!identity) return undefined;
  return {
    signer: identity.signer,
    isTestSigner: identity.isTestSigner,
    certificateChainPem: identity.chain.map(certificatePem).join("\n"),
  };
}

/** Whether the site signs with a test signer (the development chain), so pages can say so. */
export async function isTestSigner(): Promise<boolean> {
  return (await credentialsSigner())?.isTestSigner ?? false;
}

export const certificatePem = (der: Uint8Array) =>
  `-----BEGIN CERTIFICATE-----\n${toBase64(der)
    .match(/.{1,64}/g)!
    .join("\n")}\n-----END CERTIFICATE-----`;
