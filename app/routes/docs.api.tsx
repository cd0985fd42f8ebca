import { ApiDocsView } from "~/components/developer/api-docs-view";
import { apiDocs } from "~/server/api/api-docs.server";
import { exampleOf } from "~/server/api/schema-example.server";
import { openApiDocument } from "~/server/api/openapi.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/docs.api";

export const meta = () =>
  pageMeta(
    "Developer API",
    "Script every ContentForge AI tool with JSON: API keys, endpoints with curl examples, quotas, rate limits, errors and the OpenAPI 3.1 document.",
  );

export function loader({ url }: Route.LoaderArgs) {
  const origin = url.origin;
  const docs = apiDocs(origin);
  const paths = openApiDocument(origin).paths as Record<string, Record<string, { responses?: Record<string, any> }>>;
  return {
    ...docs,
    // What a successful call answers, shaped from the same OpenAPI response schema the API validates against.
    endpoints: docs.endpoints.map((endpoint) => {
      const schema = paths[`/${endpoint.name}`]?.[endpoint.method.toLowerCase()]?.responses?.["200"]?.content?.["application/json"]?.schema;
      return { ...endpoint, response: schema ? JSON.stringify(exampleOf(schema), null, 2) : undefined };
    }),
  };
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return <ApiDocsView docs={loaderData} />;
}
