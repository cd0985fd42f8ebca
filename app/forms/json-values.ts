import type { FormValues } from "~/shared/tool-action-data";

// The developer API sends JSON; the web forms send strings. Both go through the SAME zod schema:
// a JSON body becomes the strings a form would have carried (numbers and booleans as their text,
// arrays and objects as JSON, like the chat's history field), and null means the field is absent.
export function jsonToFormValues(body: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    values[name] = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  }
  return values;
}
