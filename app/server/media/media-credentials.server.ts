import { DIGITAL_SOURCE_TYPES, type MediaFacts } from "../credentials/manifests.server";
import { readCredentials } from "../credentials/read-credentials.server";
import { isSignable, signMedia, type SignableType } from "../credentials/sign-media.server";
import type { GeneratedMedia, MediaProvenance } from "~/shared/ai-types";
import { describeError, log } from "../log.server";
import { withAiMetadata } from "./ai-metadata.server";
import { mediaFileName } from "./media-names.server";

// Generated media get their Content Credentials here, once, as they are stored (decision 062): so
// /media/:id, the history and the API all serve the signed bytes. The store strips every image's
// metadata first (a provider's included), so a provider's own manifest is carried over from the
// bytes as they arrived, as an ingredient.

/**
 * The bytes to store: `stored` (metadata already removed) signed with how `media` was made. A
 * provider manifest c2pa-rs cannot read (damaged on the way) is left out rather than failing the
 * user's generation; any other signing failure stores the file unsigned, with an error log line
 * to alert on (operations.md 'Content Credentials'), rather than losing what the user paid for.
 */
export async function withCredentials(media: GeneratedMedia, stored: Uint8Array): Promise<Uint8Array> {
  const { provenance, contentType } = media;
  if (!provenance || !isSignable(contentType)) return stored;
  const facts = factsOf(provenance, contentType, media.bytes);
  // The AI marks go in before signing, so the manifest's hash covers them.
  stored = withAiMetadata(stored, contentType, facts.digitalSourceType);
  try {
    return await signMedia(stored, contentType, facts);
  } catch (error) {
    if (!facts.provider) return unsigned(stored, contentType, error);
    log("warn", "content credentials: the provider's manifest could not be read and is not kept", describeError(error));
    const { provider: _unreadable, ...withoutProvider } = facts;
    return signMedia(stored, contentType, withoutProvider).catch((again: unknown) => unsigned(stored, contentType, again));
  }
}

function unsigned(stored: Uint8Array, contentType: string, error: unknown): Uint8Array {
  log("error", "content credentials: signing failed, the file is stored without them", { contentType, ...describeError(error) });
  return stored;
}

function factsOf(provenance: MediaProvenance, contentType: string, asReceived: Uint8Array): MediaFacts {
  const kind = DIGITAL_SOURCE_TYPES[provenance.engine === "offline" ? "procedural" : "trained"];
  const base = contentType.startsWith("audio/") ? "voiceover" : provenance.action === "edited" ? "edited-image" : "generated-image";
  const provider =
    provenance.engine !== "offline" && carriesManifest(asReceived)
      ? { bytes: asReceived, contentType, title: mediaFileName("provider-original", contentType) }
      : undefined;
  const common = { title: mediaFileName(base, contentType), ...(provider ? { provider } : {}) };
  if (provenance.action === "created" || !provenance.parent) return { ...common, action: "created", digitalSourceType: kind.created };
  const parent = { ...provenance.parent, title: mediaFileName("original", provenance.parent.contentType) };
  return { ...common, action: "edited", digitalSourceType: kind.edited, parent };
}

/**
 * A stored file converted on download (a drawing as PNG): the converted bytes are signed as a
 * conversion of the stored file, which becomes their parent with its manifest, and keep its AI
 * source type. A stored file without credentials gives unsigned bytes, as it is.
 */
export async function convertedWithCredentials(
  stored: { bytes: Uint8Array; contentType: string },
  converted: Uint8Array,
  contentType: SignableType,
): Promise<Uint8Array> {
  try {
    const { digitalSourceType } = await readCredentials(stored.bytes, stored.contentType);
    if (!digitalSourceType) return converted;
    const parent = { ...stored, title: mediaFileName("generated-image", stored.contentType) };
    return await signMedia(withAiMetadata(converted, contentType, digitalSourceType), contentType, {
      action: "converted",
      title: mediaFileName("generated-image", contentType),
      digitalSourceType,
      parent,
    });
  } catch (error) {
    return unsigned(converted, contentType, error);
  }
}

const JUMBF_BOX = new TextEncoder().encode("jumb");
const C2PA_LABEL = new TextEncoder().encode("c2pa");

/** Whether a binary file holds a C2PA manifest store (a JUMBF box labelled c2pa), cheaply (an SVG holds it as base64). */
export function carriesManifest(bytes: Uint8Array): boolean {
  const at = indexOf(bytes, JUMBF_BOX);
  return at >= 0 && indexOf(bytes.subarray(at, at + 64), C2PA_LABEL) >= 0;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let index = 0; index < needle.length; index++) if (haystack[start + index] !== needle[index]) continue outer;
    return start;
  }
  return -1;
}
