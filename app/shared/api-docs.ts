import type { ApiExample } from "~/content/api-examples";

// What /docs/api shows (app/server/api/api-docs.server.ts builds it from the OpenAPI document).

export type DocsField = { name: string; required: boolean; rule: string };

export type ApiDocsEndpoint = ApiExample & { summary: string; curl: string; fields: DocsField[] };

export type ApiDocsProblem = { type: string; uri: string; status: number; title: string };

export type ApiDocs = {
  baseUrl: string;
  rateLimit: number;
  accountRateLimit: number;
  endpoints: ApiDocsEndpoint[];
  problems: ApiDocsProblem[];
};

/** The docs of every endpoint, each with the example answer of its OpenAPI response schema. */
export type ApiDocsData = Omit<ApiDocs, "endpoints"> & { endpoints: (ApiDocsEndpoint & { response?: string })[] };
