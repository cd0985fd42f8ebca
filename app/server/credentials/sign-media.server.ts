import { BytesBlob, c2pa } from "./c2pa-runtime.server";
import { COSE_RESERVE_SIZE, coseSign1 } from "./cose-signer.server";
import { ingredientsOf, manifestDefinition, type MediaFacts } from "./manifests.server";
import { signingIdentity, type SigningIdentity } from "./signing-identity.server";

// Content Credentials written into the bytes the site generates, once, when they are stored
// (decision 062). The file grows by about 5 KB; its pixels and samples are untouched.

/** The formats c2pa-rs writes that the site generates. */
export const SIGNABLE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/svg+xml", "audio/wav", "audio/mpeg"] as const;
export type SignableType = (typeof SIGNABLE_TYPES)[number];

export const isSignable = (contentType: string): contentType is SignableType => (SIGNABLE_TYPES as readonly string[]).includes(contentType);

/** `bytes` with a signed manifest of `facts`; the same bytes when no signer is configured. */
export async function signMedia(bytes: Uint8Array, contentType: SignableType, facts: MediaFacts): Promise<Uint8Array> {
  const identity = await signingIdentity();
  if (!identity) return bytes;
  return signWith(identity, bytes, contentType, facts);
}

export const signImage = (bytes: Uint8Array, contentType: "image/png" | "image/jpeg" | "image/webp" | "image/svg+xml", facts: MediaFacts) =>
  signMedia(bytes, contentType, facts);
export const signAudio = (bytes: Uint8Array, contentType: "audio/wav" | "audio/mpeg", facts: MediaFacts) =>
  signMedia(bytes, contentType, facts);

/** Signs with a given identity (the fakes sign as a provider with a chain of their own). */
export async function signWith(
  identity: Pick<SigningIdentity, "key" | "chain">,
  bytes: Uint8Array,
  contentType: string,
  facts: MediaFacts,
) {
  const { WasmBuilder } = await c2pa();
  const builder = WasmBuilder.fromJson(JSON.stringify(manifestDefinition(facts, contentType)));
  try {
    for (const { file, definition } of ingredientsOf(facts)) {
      await builder.addIngredientFromBlob(JSON.stringify(definition), file.contentType, new BytesBlob(file.bytes));
    }
    const signer = {
      alg: "es256",
      reserveSize: COSE_RESERVE_SIZE,
      sign: (claim: Uint8Array<ArrayBuffer>) => coseSign1(identity, claim),
    };
    return await builder.sign(signer, [], contentType, new BytesBlob(bytes));
  } finally {
    builder.free();
  }
}
