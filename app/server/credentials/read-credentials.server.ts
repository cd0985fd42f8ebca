import { c2pa } from "./c2pa-runtime.server";
import { certificatePem, signingIdentity } from "./signing-identity.server";

// What a file's Content Credentials say, for the credentials check (issue 44 item 4) and the tests:
// c2pa-rs reads and validates the manifest store; this turns its report into a small summary.
// Trust comes from anchors: the root of the site's own chain, plus any the caller adds.

export type ValidationState =
  /** Signed, intact, and by a signer whose chain leads to a trusted root. */
  | "valid"
  /** The manifest or the media it covers has changed since it was signed, or it is malformed. */
  | "tampered"
  /** Intact, but signed by a certificate no trusted root vouches for. */
  | "untrusted"
  /** No Content Credentials at all (which says nothing about who made the file). */
  | "none";

export type CredentialAction = { action: string; digitalSourceType?: string; softwareAgent?: string };
export type CredentialIngredient = { title?: string; relationship?: string; format?: string; claimGenerator?: string; signer?: string };

export type CredentialsSummary = {
  state: ValidationState;
  /** The signing certificate's common name (or issuer when it has none). */
  signer?: string;
  issuer?: string;
  claimGenerator?: string;
  actions: CredentialAction[];
  /** The active manifest's AI source type, from its first action that names one. */
  digitalSourceType?: string;
  ingredients: CredentialIngredient[];
  /** c2pa-rs's failure codes (e.g. `assertion.dataHash.mismatch`), empty when valid. */
  failures: string[];
};

type Manifest = {
  claim_generator_info?: { name?: string; version?: string }[];
  claim_generator?: string;
  signature_info?: { common_name?: string; issuer?: string };
  assertions?: {
    label: string;
    data?: { actions?: { action: string; digitalSourceType?: string; softwareAgent?: { name?: string } | string }[] };
  }[];
  ingredients?: { title?: string; relationship?: string; format?: string; active_manifest?: string }[];
};
type Store = {
  active_manifest?: string;
  manifests?: Record<string, Manifest>;
  validation_state?: string;
  validation_results?: { activeManifest?: { failure?: { code: string }[] } };
};

const UNTRUSTED = "signingCredential.untrusted";

/** `bytes` of `contentType` (PNG, JPEG, WebP, SVG, WAV, MP3, PDF…): their credentials, validated. */
export async function readCredentials(
  bytes: Uint8Array,
  contentType: string,
  extraTrustAnchors: string[] = [],
): Promise<CredentialsSummary> {
  const { WasmReader } = await c2pa();
  const anchors = [...(await ownTrustAnchor()), ...extraTrustAnchors].join("\n");
  const context = anchors ? JSON.stringify({ trust: { user_anchors: anchors } }) : undefined;
  let store: Store;
  try {
    const reader = await WasmReader.fromBytes(contentType, bytes, context);
    try {
      store = JSON.parse(reader.json()) as Store;
    } finally {
      reader.free();
    }
  } catch (error) {
    if (/JumbfNotFound|NotFound|no JUMBF|ManifestNotFound/i.test(String(error)))
      return { state: "none", actions: [], ingredients: [], failures: [] };
    throw error;
  }
  const manifests = store.manifests ?? {};
  const active = store.active_manifest ? manifests[store.active_manifest] : undefined;
  if (!active) return { state: "tampered", actions: [], ingredients: [], failures: ["claim.missing"] };
  const failures = (store.validation_results?.activeManifest?.failure ?? []).map((failure) => failure.code);
  const actions = (active.assertions ?? [])
    .filter((assertion) => assertion.label.startsWith("c2pa.actions"))
    .flatMap((assertion) => assertion.data?.actions ?? [])
    .map(({ action, digitalSourceType, softwareAgent }) => ({
      action,
      ...(digitalSourceType ? { digitalSourceType } : {}),
      ...(softwareAgent ? { softwareAgent: typeof softwareAgent === "string" ? softwareAgent : softwareAgent.name } : {}),
    }));
  return {
    state: stateOf(store.validation_state, failures),
    signer: active.signature_info?.common_name ?? active.signature_info?.issuer,
    issuer: active.signature_info?.issuer,
    claimGenerator: generatorOf(active),
    actions,
    digitalSourceType: actions.find((action) => action.digitalSourceType)?.digitalSourceType,
    ingredients: (active.ingredients ?? []).map((ingredient) => {
      const own = ingredient.active_manifest ? manifests[ingredient.active_manifest] : undefined;
      return {
        title: ingredient.title,
        relationship: ingredient.relationship,
        format: ingredient.format,
        ...(own ? { claimGenerator: generatorOf(own), signer: own.signature_info?.common_name ?? own.signature_info?.issuer } : {}),
      };
    }),
    failures,
  };
}

function stateOf(validationState: string | undefined, failures: string[]): ValidationState {
  if (validationState === "Trusted" && failures.length === 0) return "valid";
  if (failures.every((code) => code === UNTRUSTED)) return "untrusted";
  return "tampered";
}

function generatorOf(manifest: Manifest): string | undefined {
  const info = manifest.claim_generator_info?.[0];
  return info?.name ? [info.name, info.version].filter(Boolean).join(" ") : manifest.claim_generator;
}

/** The root of the configured chain, as PEM: what the site's own files are checked against. */
async function ownTrustAnchor(): Promise<string[]> {
  const identity = await signingIdentity();
  const root = identity?.chain.at(-1);
  return root ? [certificatePem(root)] : [];
}
