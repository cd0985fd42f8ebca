import { z } from "~/forms/zod";
import { problemResponse } from "./api-responses.server";
import { problemTypes, type ProblemType } from "./problem.server";

// The OpenAPI document's building blocks (openapi.server.ts): zod schemas as JSON Schema, problem
// answers, rate-limit headers, file parts.

export function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

const problemContent = () => ({ "application/problem+json": { schema: jsonSchema(problemResponse, "output") } });

export function problemAnswers(types: ProblemType[]) {
  const byStatus = new Map<number, ProblemType[]>();
  for (const type of types) byStatus.set(problemTypes[type].status, [...(byStatus.get(problemTypes[type].status) ?? []), type]);
  return Object.fromEntries(
    [...byStatus].map(([status, cases]) => [
      String(status),
      { description: cases.map((type) => `${type}: ${problemTypes[type].title}`).join("; "), content: problemContent() },
    ]),
  );
}

export const keyedProblems: ProblemType[] = ["unauthorized", "rate-limited", "forbidden-plan", "method-not-allowed", "server-error"];
export const toolProblems: ProblemType[] = [
  ...keyedProblems,
  "invalid-request",
  "payload-too-large",
  "unsupported-media-type",
  "idempotency-conflict",
  "idempotency-key-reused",
  "quota-exceeded",
  "provider-failure",
];

export const rateLimitHeaders = {
  RateLimit: {
    description:
      'Requests left in this minute and seconds until it resets, one item per policy, e.g. `"per-key";r=59;t=42, "per-account";r=110;t=42`',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: 'The limits: per key, and per account across all its keys, e.g. `"per-key";q=60;w=60, "per-account";q=120;w=60`',
    schema: { type: "string" },
  },
};

/** A file part of a multipart form; its type is judged by its bytes unless a type is named. */
export function filePart(description?: string, contentMediaType = "application/octet-stream") {
  return { type: "string", contentMediaType, ...(description ? { description } : {}) };
}
