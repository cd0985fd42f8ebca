import { disclosureSentence, GENERATOR, TRAINED_ALGORITHMIC_MEDIA, type Disclosure } from "./ai-disclosure";

// A Markdown download's disclosure (docs/decisions/064), apart from the label every tool page
// shows: only the writer's page and the history's downloads need it, so it is not in the tool kit.

/**
 * Markdown with a YAML front matter block that says it is AI-generated. Values are JSON strings,
 * which YAML reads as double-quoted scalars, so no value can break out of its line.
 */
export function markdownWithDisclosure(markdown: string, disclosure: Disclosure = {}): string {
  const fields: [string, string | boolean][] = [
    ["ai_generated", true],
    ["generator", GENERATOR],
    ...(disclosure.model ? [["model", disclosure.model] as [string, string]] : []),
    ...(disclosure.created ? [["created", disclosure.created] as [string, string]] : []),
    ["digital_source_type", TRAINED_ALGORITHMIC_MEDIA],
    ["disclosure", disclosureSentence(disclosure)],
  ];
  const lines = fields.map(([name, value]) => `${name}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n\n${markdown}`;
}
