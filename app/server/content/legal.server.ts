// Relative paths, not `~/…`: the unit test config (plain Node) has no alias. `?raw` bundles the
// markdown as a string, so the Worker needs no file system.
import privacyPolicy from "../../content/legal/privacy-policy.md?raw";
import refundPolicy from "../../content/legal/refund-policy.md?raw";
import terms from "../../content/legal/terms.md?raw";
import { renderMarkdown } from "./markdown.server";

const legalDocuments = {
  "privacy-policy": { title: "Privacy Policy", markdown: privacyPolicy },
  terms: { title: "Terms and Conditions", markdown: terms },
  "refund-policy": { title: "Refund Policy", markdown: refundPolicy },
} as const;

export type LegalSlug = keyof typeof legalDocuments;

export type LegalDocument = { title: string; html: string };

// The markdown never changes within a deployment, so each isolate renders a document once.
const rendered = new Map<LegalSlug, LegalDocument>();

export function renderLegalDocument(slug: LegalSlug): LegalDocument {
  let document = rendered.get(slug);
  if (!document) {
    const { title, markdown } = legalDocuments[slug];
    document = { title, html: renderMarkdown(markdown) };
    rendered.set(slug, document);
  }
  return document;
}
