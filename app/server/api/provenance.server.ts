import { disclosureSentence, GENERATOR, TRAINED_ALGORITHMIC_MEDIA } from "~/content/ai-disclosure";
import type { ModelRole } from "~/shared/ai-types";
import { currentEngine } from "../ai/engine.server";
import { nowMilliseconds } from "../clock.server";

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
 * signed C2PA manifest. Text never can (it has no container for one); images and audio will once
 * their signing lands (issue 44 item 1), and until then the truth is false.
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
    digitalSourceType: TRAINED_ALGORITHMIC_MEDIA,
    disclosure: disclosureSentence({ model, created }),
  };
}
