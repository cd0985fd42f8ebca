// An example value shaped by a JSON Schema (the OpenAPI document's response schemas), for the
// docs page's 'Response (200)' blocks: the shape, field names and allowed values are the API's own;
// free text and numbers are placeholders.
type Schema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};

export function exampleOf(schema: Schema, name = ""): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const choice = (schema.anyOf ?? schema.oneOf)?.find((option) => option.type !== "null");
  if (choice) return exampleOf(choice, name);
  const type = Array.isArray(schema.type) ? schema.type.find((candidate) => candidate !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, exampleOf(property, key)]));
    case "array":
      return schema.items ? [exampleOf(schema.items, name)] : [];
    case "integer":
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 1;
    case "number":
      return schema.minimum !== undefined && schema.maximum !== undefined ? (schema.minimum + schema.maximum) / 2 : 0.5;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "date-time") return "2026-01-31T12:00:00.000Z";
      if (schema.format === "uri" || /url$/i.test(name)) return "https://contentforge.example/media/…";
      return "…";
    default:
      return null;
  }
}
