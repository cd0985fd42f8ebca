import { disclosureSentence, GENERATOR } from "~/content/ai-disclosure";
import type { ModelRole } from "~/shared/ai-types";
import { currentEngine } from "../ai/engine.server";
import { nowMilliseconds } from "../clock.server";
import { DIGITAL_SOURCE_TYPES } from "../credentials/manifests.server";

// The `provenance` object of every generating API answer (EU AI Act art. 50(2); docs/decisions/064):
// who made it, with which model, when, and whether the file carries a signed C2PA manifest.

export type Provenance = {
  aiGenerated: true;
  generator: string;
  engine: "openai" | "offline";
  model: string;
  created: string;
  manifest: boolean;
  digitalSourceType: string;
  disclosure: string;
};

/**
 * `role`: which of the engine's models made it. `manifest`: whether the answered file carries a
 * signed C2PA manifest (the media store says, `StoredMedia.credentials`). Text never can: it has no
 * container for one. The source type is the manifests' (credentials/manifests.server.ts): a trained
 * model's for the provider, an algorithm's for the offline engine, which trains nothing.
 */
export function provenanceOf(role: ModelRole, { manifest = false }: { manifest?: boolean } = {}): Provenance {
  const engine = currentEngine();
  // The OpenAI engine names its model per role; the offline engine has none but itself.
  const model = engine.lifecycle?.models.find((entry) => entry.role === role)?.id ?? engine.label;
  const created = new Date(nowMilliseconds()).toISOString();
  return {
    aiGenerated: true,
    generator: GENERATOR,
    engine: engine.id,
    model,
    created,
    manifest,
    digitalSourceType: DIGITAL_SOURCE_TYPES[engine.id === "offline" ? "procedural" : "trained"].created,
    disclosure: disclosureSentence({ model, created }),
  };
}
