import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { asFile, type FixtureFile } from "../support/document-fixtures";
import { origin } from "./helpers";

// A document's report as the detector page offers it: the page's answer to an upload, and the hidden
// fields of its 'Create a shareable report' form, as a browser without JavaScript posts them.

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The hidden fields of the page's 'Create a shareable report' form. */
export function reportFormFields(html: string): Record<string, string> {
  const form = html.match(/<form[^>]*action="\/reports"[^>]*>([\s\S]*?)<\/form>/)![1]!;
  const fields: Record<string, string> = {};
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[name!] = decode(value!);
  return fields;
}

/** The detector page's answer (200) to an uploaded document, the text box left empty. */
export async function detectOnPage(file: FixtureFile, headers: Record<string, string>): Promise<string> {
  const form = new FormData();
  form.set("text", "");
  form.set("document", asFile(file));
  const response = await exports.default.fetch(
    new Request(`${origin}/ai-detector`, { method: "POST", headers: { origin, ...headers }, body: form }),
  );
  expect(response.status).toBe(200);
  return response.text();
}
