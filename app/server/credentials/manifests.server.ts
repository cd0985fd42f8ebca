import { version } from "../../../package.json";

// The manifest the site writes into what it generates (decision 062, issue 44): claim generator
// ContentForge AI with its version; a generation is `c2pa.created` from a trained model; an edit
// opens its original (the `parentOf` ingredient) and is `c2pa.edited`, with AI. A provider's image
// that arrives with its own Content Credentials is kept as a `componentOf` ingredient: its
// manifest travels inside ours, never stripped.

export const CLAIM_GENERATOR = { name: "ContentForge AI", version } as const;

// The IPTC Digital Source Type vocabulary (http://cv.iptc.org/newscodes/digitalsourcetype/; the four
// codes below confirmed in schema.org's IPTCDigitalSourceEnumeration, read 2026-11-29).
const IPTC = "http://cv.iptc.org/newscodes/digitalsourcetype/";
/**
 * The IPTC digital source type of what an engine made. A provider's model is a trained model; the
 * offline engine is not (a procedural drawing, formant speech, pixel filters), and its files say so.
 */
export const DIGITAL_SOURCE_TYPES = {
  trained: { created: `${IPTC}trainedAlgorithmicMedia`, edited: `${IPTC}compositeWithTrainedAlgorithmicMedia` },
  procedural: { created: `${IPTC}algorithmicMedia`, edited: `${IPTC}algorithmicallyEnhanced` },
} as const;

/** A file that went into the result: its bytes and type (its own manifest, if any, is kept). */
export type IngredientFile = { bytes: Uint8Array; contentType: string; title: string };

/**
 * What the site knows of how a file was made: generated from nothing; an edit of `parent`; or
 * `parent` converted to another format (a stored drawing downloaded as PNG). `provider`: the
 * provider's own file, kept as an ingredient with its manifest.
 */
export type MediaFacts = {
  title: string;
  digitalSourceType: string;
  provider?: IngredientFile;
} & ({ action: "created" } | { action: "edited" | "converted"; parent: IngredientFile });

export const PARENT_LABEL = "parent";
export const PROVIDER_LABEL = "provider";

/** The manifest definition (c2pa-rs `ManifestDefinition` JSON) for a file of `contentType`. */
export function manifestDefinition(facts: MediaFacts, contentType: string) {
  const softwareAgent = CLAIM_GENERATOR;
  const made = {
    action: facts.action === "converted" ? "c2pa.converted" : `c2pa.${facts.action}`,
    digitalSourceType: facts.digitalSourceType,
    softwareAgent,
    parameters: { ingredientIds: facts.provider ? [PROVIDER_LABEL] : [] },
  };
  // An edit or a conversion starts by opening its parent (C2PA: the first action, parentOf).
  const actions =
    facts.action === "created" ? [made] : [{ action: "c2pa.opened", softwareAgent, parameters: { ingredientIds: [PARENT_LABEL] } }, made];
  return {
    claim_generator_info: [CLAIM_GENERATOR],
    title: facts.title,
    format: contentType,
    assertions: [{ label: "c2pa.actions.v2", data: { actions } }],
  };
}

/** The ingredients to add, each with its definition (c2pa-rs `Ingredient` JSON). */
export function ingredientsOf(facts: MediaFacts): { file: IngredientFile; definition: Record<string, unknown> }[] {
  const list = [];
  if (facts.action !== "created") {
    list.push({ file: facts.parent, definition: { title: facts.parent.title, relationship: "parentOf", label: PARENT_LABEL } });
  }
  if (facts.provider) {
    list.push({ file: facts.provider, definition: { title: facts.provider.title, relationship: "componentOf", label: PROVIDER_LABEL } });
  }
  return list;
}
