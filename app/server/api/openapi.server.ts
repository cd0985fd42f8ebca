import { apiExamples } from "~/content/api-examples";
import { documentLimits, documentTypesLabel } from "~/forms/document-limits";
import { MAX_FORM_BYTES } from "../request-body/read-body.server";
import { DOCUMENT_FIELD } from "../tools/document-upload.server";
import { MAX_EDIT_FORM_BYTES } from "../tools/image-edit.server";
import { MAX_CHAT_UPLOAD_BYTES } from "../tools/chat-attachments.server";
import { toolEndpoints } from "./api-endpoints.server";
import { apiToolEndpointNames } from "~/content/api-endpoint-names";
import { batchLimits } from "~/forms/batch-limits";
import { batchRequest } from "./batch-endpoint.server";
import { credentialsResponse, usageResponse } from "./api-responses.server";
import { batchResponse, reportResponse } from "./detection-responses.server";
import { apiAccountRateLimitPerMinute, apiRateLimitPerMinute } from "./api-rate-limit.server";
import { strictnessField } from "~/forms/strictness-field";
import { filePart, jsonSchema, keyedProblems, problemAnswers, rateLimitHeaders, toolProblems } from "./openapi-parts.server";
import { chatFilesContent, documentContent, multipartContent, requestExamples, requestSchema } from "./openapi-request-bodies.server";

// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the very zod schemas the
// endpoints validate with (the web forms' schemas) and answer through (api-responses.server.ts and
// detection-responses.server.ts), so it cannot drift from what the API does. OpenAPI 3.1 schemas
// are JSON Schema 2020-12.
export function openApiDocument(origin: string) {
  const toolPaths = Object.fromEntries(
    apiToolEndpointNames
      .map((name) => [name, toolEndpoints[name]] as const)
      .map(([name, endpoint]) => [
        `/${name}`,
        {
          post: {
            operationId: name,
            summary: endpoint.summary,
            parameters: [
              {
                name: "Idempotency-Key",
                in: "header",
                required: false,
                description: "Retrying with the same key within 24 hours returns the first answer and spends quota once",
                schema: { type: "string", minLength: 1, maxLength: 255 },
              },
            ],
            requestBody: {
              required: true,
              // The docs page's example (the integration tests send it), e.g. a detect text long enough for a verdict.
              content: endpoint.upload?.required
                ? multipartContent(name)
                : {
                    "application/json": { schema: requestSchema(name), ...requestExamples(name) },
                    ...(endpoint.upload?.field === DOCUMENT_FIELD ? documentContent(name) : {}),
                    ...(name === "chat" ? chatFilesContent() : {}),
                  },
            },
            responses: {
              "200": {
                description: "Done",
                headers: rateLimitHeaders,
                content: {
                  "application/json": { schema: jsonSchema(endpoint.response, "output") },
                  ...(endpoint.stream ? { "text/event-stream": { schema: { type: "string" } } } : {}),
                },
              },
              ...problemAnswers(toolProblems),
            },
          },
        },
      ]),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "ContentForge AI API",
      version: "1.0.0",
      description:
        `Every tool of the site as JSON, for the Pro and Startup plans. Authenticate with an API key from your dashboard ` +
        `(Authorization: Bearer cf_live_…). Calls spend the same monthly quotas as the web tools; each key may make ` +
        `${apiRateLimitPerMinute() || "unlimited"} requests a minute, and all of an account's keys together ${apiAccountRateLimitPerMinute() || "unlimited"} (a 429 names the policy that refused). Request bodies are JSON of at most ${MAX_FORM_BYTES / 1024} KB (chat 1 MB); image edits are multipart/form-data of at most ${(MAX_EDIT_FORM_BYTES / (1024 * 1024)).toFixed(1)} MB, chat with files ${Math.round(MAX_CHAT_UPLOAD_BYTES / (1024 * 1024))} MB. ` +
        `Errors are RFC 9457 problem documents. Guide: ${origin}/docs/api`,
    },
    servers: [{ url: `${origin}/api/v1` }],
    security: [{ apiKey: [] }],
    components: { securitySchemes: { apiKey: { type: "http", scheme: "bearer", description: "An API key (cf_live_…)" } } },
    paths: {
      ...toolPaths,
      "/detect/batch": {
        post: {
          operationId: "detectBatch",
          summary: `Up to ${batchLimits.files} documents at once (multipart 'files', or JSON), each scanned into its own report; one detector unit a file scanned`,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: jsonSchema(batchRequest, "input"),
                example: apiExamples.find((example) => example.name === "detect/batch")?.body,
              },
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    files: {
                      type: "array",
                      minItems: 1,
                      maxItems: batchLimits.files,
                      items: filePart(),
                      description: `${documentTypesLabel} files (judged by their bytes), each at most ${documentLimits.fileBytes / (1024 * 1024)} MB and ${documentLimits.pdfPages} pages, ${batchLimits.totalBytes / (1024 * 1024)} MB in all; repeat the field for each file (curl -F files=@a.pdf -F files=@b.docx)`,
                    },
                    // The same level field as the JSON body's.
                    strictness: jsonSchema(strictnessField, "input"),
                  },
                  required: ["files"],
                },
              },
            },
          },
          responses: {
            "200": {
              description:
                "Each file's result: its report, or the problem that kept it from being scanned (not charged). " +
                `At most ${batchLimits.characters.toLocaleString("en-US")} characters of text are scanned a batch; files past it say so.`,
              headers: rateLimitHeaders,
              content: { "application/json": { schema: jsonSchema(batchResponse, "output") } },
            },
            ...problemAnswers([...keyedProblems, "invalid-request", "payload-too-large", "unsupported-media-type", "quota-exceeded"]),
          },
        },
      },
      "/credentials": {
        post: {
          operationId: "credentials",
          summary: "The Content Credentials (C2PA) and IPTC AI-source metadata of an image or PDF; free, the file is not stored",
          requestBody: {
            required: true,
            content: {
              "multipart/form-data": {
                schema: {
                  type: "object",
                  properties: {
                    file: filePart(
                      `A PNG, JPEG or WebP image, or a PDF (judged by its bytes), of up to ${documentLimits.fileBytes / (1024 * 1024)} MB`,
                    ),
                  },
                  required: ["file"],
                },
              },
            },
          },
          responses: {
            "200": {
              description:
                "The report. No credentials (state 'none') is not evidence of human origin: most tools and sites strip or never write them.",
              headers: rateLimitHeaders,
              content: { "application/json": { schema: jsonSchema(credentialsResponse, "output") } },
            },
            ...problemAnswers([...keyedProblems, "invalid-request", "payload-too-large", "unsupported-media-type"]),
          },
        },
      },
      "/usage": {
        get: {
          operationId: "usage",
          summary: "Your plan, the quota period and what each tool has used",
          responses: {
            "200": {
              description: "Usage this period",
              headers: rateLimitHeaders,
              content: { "application/json": { schema: jsonSchema(usageResponse, "output") } },
            },
            ...problemAnswers(keyedProblems),
          },
        },
      },
      "/reports/{id}": {
        get: {
          operationId: "report",
          summary: "One of your detection reports, with its verdict, sentences, measured error rates and signed receipt",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "The report's id, as in its address /reports/{id}",
              schema: { type: "string", pattern: "^[0-9a-f]{32}$" },
              example: "3f9a0c4e8b7d6a5f4e3d2c1b0a998877",
            },
          ],
          responses: {
            "200": {
              description: "The report",
              headers: rateLimitHeaders,
              content: { "application/json": { schema: jsonSchema(reportResponse, "output") } },
            },
            ...problemAnswers([...keyedProblems, "not-found"]),
          },
        },
      },
      "/openapi.json": {
        get: {
          operationId: "openapi",
          summary: "This document",
          security: [],
          responses: {
            "200": { description: "OpenAPI 3.1", content: { "application/json": { schema: { type: "object" } } } },
            ...problemAnswers(["method-not-allowed"]),
          },
        },
      },
    },
  };
}
