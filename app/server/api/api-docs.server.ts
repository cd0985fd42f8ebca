import { apiExamples, curlCommand } from "~/content/api-examples";
import { apiAccountRateLimitPerMinute, apiRateLimitPerMinute } from "./api-rate-limit.server";
import { openApiDocument } from "./openapi.server";
import { problemTypes, problemTypeUri, type ProblemType } from "./problem.server";
import type { ApiDocs, DocsField } from "~/shared/api-docs";

// What /docs/api shows, read from the OpenAPI document itself: each endpoint's fields come from the
// forms' schemas, so the page cannot describe rules the API does not apply.
type Property = {
  type?: string;
  contentMediaType?: string;
  enum?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  description?: string;
  anyOf?: unknown[];
};

function describeField(property: Property): string {
  const parts: string[] = [];
  if (property.enum) parts.push(`one of ${property.enum.join(", ")}`);
  else if (property.anyOf) parts.push("array of {role, content, attachments?} messages");
  else if (property.contentMediaType) parts.push("file");
  else if (property.type) parts.push(property.type);
  if (property.maxLength !== undefined) parts.push(`at most ${property.maxLength.toLocaleString("en-US")} characters`);
  if (property.minimum !== undefined && property.maximum !== undefined) parts.push(`${property.minimum} to ${property.maximum}`);
  if (property.default !== undefined) parts.push(`default ${JSON.stringify(property.default)}`);
  if (property.description) parts.push(property.description);
  return parts.join("; ");
}

export function apiDocs(origin: string): ApiDocs {
  const document = openApiDocument(origin);
  const paths = document.paths as Record<string, Record<string, any>>;
  return {
    baseUrl: `${origin}/api/v1`,
    rateLimit: apiRateLimitPerMinute(),
    accountRateLimit: apiAccountRateLimitPerMinute(),
    endpoints: apiExamples.map((example) => {
      const operation = paths[`/${example.name}`]![example.method.toLowerCase()];
      const content = operation.requestBody?.content as Record<string, { schema: unknown }> | undefined;
      const schema = (content ? Object.values(content)[0]!.schema : undefined) as
        { properties: Record<string, Property>; required?: string[] } | undefined;
      const fields: DocsField[] = Object.entries(schema?.properties ?? {}).map(([name, property]) => ({
        name,
        required: schema?.required?.includes(name) ?? false,
        rule: describeField(property),
      }));
      return { ...example, summary: operation.summary as string, curl: curlCommand(example, origin), fields };
    }),
    problems: (Object.keys(problemTypes) as ProblemType[]).map((type) => ({
      type,
      uri: problemTypeUri(type),
      ...problemTypes[type],
    })),
  };
}
