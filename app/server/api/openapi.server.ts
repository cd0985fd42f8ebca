import { z } from "~/forms/zod";
import { apiExamples } from "~/content/api-examples";
import { webSearchQuotaNote } from "~/content/plans";
import { documentLimits, documentTypesLabel } from "~/forms/document-limits";
import { mediaLimits } from "~/forms/media-limits";
import { attachmentTypesLabel, chatAttachmentLimits } from "~/forms/chat-attachments";
import { attachmentRefSchema } from "~/forms/chat-attachments-form";
import { carriedCitationLimits } from "~/forms/chat-citations";
import { MAX_FORM_BYTES } from "~/forms/parse-form.server";
import { MAX_EDIT_FORM_BYTES } from "../tools/image-edit.server";
import { MAX_CHAT_UPLOAD_BYTES } from "../tools/chat-attachments.server";
import { toolEndpoints } from "./api-endpoints.server";
import { apiToolEndpointNames, type ApiToolEndpointName } from "~/content/api-endpoint-names";
import { batchLimits } from "~/forms/batch-limits";
import { batchRequest } from "./batch-endpoint.server";
import { batchResponse, chatCitation, problemResponse, reportResponse, usageResponse } from "./api-responses.server";
import { apiAccountRateLimitPerMinute, apiRateLimitPerMinute } from "./api-rate-limit.server";
import { problemTypes, type ProblemType } from "./problem.server";
import { strictnessField } from "~/forms/strictness-field";

// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the very zod schemas the
// endpoints validate with (the web forms' schemas) and answer through (api-responses.server.ts),
// so it cannot drift from what the API does. OpenAPI 3.1 schemas are JSON Schema 2020-12.

function jsonSchema(schema: z.ZodType, io: "input" | "output") {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

const problemContent = () => ({ "application/problem+json": { schema: jsonSchema(problemResponse, "output") } });

function problemAnswers(types: ProblemType[]) {
  const byStatus = new Map<number, ProblemType[]>();
  for (const type of types) byStatus.set(problemTypes[type].status, [...(byStatus.get(problemTypes[type].status) ?? []), type]);
  return Object.fromEntries(
    [...byStatus].map(([status, cases]) => [
      String(status),
      { description: cases.map((type) => `${type}: ${problemTypes[type].title}`).join("; "), content: problemContent() },
    ]),
  );
}

const keyedProblems: ProblemType[] = ["unauthorized", "rate-limited", "forbidden-plan", "method-not-allowed", "server-error"];
const toolProblems: ProblemType[] = [
  ...keyedProblems,
  "invalid-request",
  "payload-too-large",
  "unsupported-media-type",
  "idempotency-conflict",
  "idempotency-key-reused",
  "quota-exceeded",
  "provider-failure",
];

const rateLimitHeaders = {
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

function requestSchema(name: ApiToolEndpointName) {
  const endpoint = toolEndpoints[name]!;
  const schema = jsonSchema(endpoint.schema, "input") as { properties: Record<string, unknown> };
  if (name === "chat") {
    // The conversation travels as the form's JSON text or, in JSON, simply as an array of messages.
    schema.properties.history = {
      description:
        "The conversation so far (the last 20 messages count): an array of messages, or that array as JSON text. " +
        "A user message's `attachments`, as an earlier answer gave them, send its files again; new files go as multipart parts named `files`",
      anyOf: [
        {
          type: "array",
          items: {
            type: "object",
            properties: {
              role: { type: "string", enum: ["user", "assistant"] },
              content: { type: "string" },
              attachments: {
                type: "array",
                maxItems: chatAttachmentLimits.perConversation,
                description:
                  "A user message's files, as an earlier answer's `attachments` gave them: the files are read again (your own, for 24 hours)",
                items: jsonSchema(attachmentRefSchema, "output"),
              },
              citations: {
                type: "array",
                maxItems: carriedCitationLimits.received,
                description: `A reply's sources, as an earlier answer's \`citations\` gave them (optional): each an http(s) \`url\` with a span within the reply's \`content\`. The first ${carriedCitationLimits.perMessage} are kept, titles cut to ${carriedCitationLimits.title} characters. The model reads only the text`,
                items: jsonSchema(chatCitation, "output"),
              },
              signature: {
                type: "string",
                maxLength: 100,
                description: "A reply's `signature`, as an earlier answer's message gave it (optional)",
              },
            },
            required: ["role", "content"],
          },
        },
        schema.properties.history,
      ],
    };
    schema.properties.stream = {
      type: "boolean",
      default: false,
      description: "Answer Server-Sent Events: `delta` events, then one `message` (or `error`)",
    };
    // The form's checkbox value ("on") is the page's; a program sends a boolean.
    schema.properties.web_search = {
      type: "boolean",
      default: false,
      description: `Let the model search the web and cite its sources (\`citations\` in the answer). ${webSearchQuotaNote} Needs the AI provider: the offline engine searches nothing and says so.`,
    };
  }
  return schema;
}

/** The docs page's example as `example`, or with its variants as named `examples`. */
function requestExamples(name: ApiToolEndpointName) {
  const example = apiExamples.find((candidate) => candidate.name === name);
  if (!example?.variants) return { example: example?.body };
  const variants = example.variants.map(({ name: key, title, body }) => [key, { summary: title, value: body }]);
  return { examples: Object.fromEntries([["default", { summary: example.title, value: example.body }], ...variants]) };
}

/**
 * A multipart form's schema: the endpoint's fields as the form's text parts, its files first and
 * `after` overriding fields; `required` turns the schema's required fields into the form's.
 */
function formSchema(
  name: ApiToolEndpointName,
  {
    files,
    after = {},
    required,
  }: { files: Record<string, unknown>; after?: Record<string, unknown>; required: (fields: string[]) => string[] },
) {
  const schema = jsonSchema(toolEndpoints[name]!.schema, "input") as { properties: Record<string, unknown>; required?: string[] };
  return { ...schema, properties: { ...files, ...schema.properties, ...after }, required: required(schema.required ?? []) };
}

/** A file part of a multipart form; its type is judged by its bytes unless a type is named. */
function filePart(description?: string, contentMediaType = "application/octet-stream") {
  return { type: "string", contentMediaType, ...(description ? { description } : {}) };
}

/** A multipart endpoint's form (image edits): the schema's fields as the form's text parts, plus its files. */
function multipartContent(name: ApiToolEndpointName) {
  const schema = formSchema(name, {
    files: {
      image: filePart(
        `The image to edit: PNG, JPEG or WebP (judged by its bytes), at most ${mediaLimits.imageBytes / (1024 * 1024)} MB and ${mediaLimits.imageSide} pixels a side`,
      ),
      mask: filePart(
        "Optional, instead of strokes: a PNG of the image's size with an alpha channel, transparent where the image should change",
        "image/png",
      ),
    },
    after: {
      strokes: {
        type: "string",
        description: `Optional, instead of a mask: the painted area as JSON text, an array of {size, points: [[x, y], …], erase?} in 0–1 of the image (at most ${mediaLimits.maskStrokes} strokes, ${mediaLimits.maskPoints.toLocaleString("en-US")} points)`,
      },
      whole: {
        type: "string",
        enum: ["true", "false"],
        default: "false",
        description: "true edits the whole image, ignoring strokes or mask",
      },
    },
    required: (fields) => ["image", ...fields.filter((field) => field !== "strokes" && field !== "whole")],
  });
  return {
    "multipart/form-data": {
      schema,
      encoding: { image: { contentType: "image/png, image/jpeg, image/webp" }, mask: { contentType: "image/png" } },
    },
  };
}

/** chat also takes files as multipart: the JSON body's fields as text parts (history as JSON text), and `files` parts. */
function chatFilesContent() {
  const megabytes = chatAttachmentLimits.messageBytes / (1024 * 1024);
  const schema = formSchema("chat", {
    files: {
      files: {
        type: "array",
        maxItems: chatAttachmentLimits.perMessage,
        items: filePart(),
        description:
          `Up to ${chatAttachmentLimits.perMessage} files, ${megabytes} MB together, each a part named \`files\`: ${attachmentTypesLabel} (judged by their bytes). ` +
          `A document is read to its text (at most ${documentLimits.pdfPages} pages; scanned, encrypted or damaged files are refused); an image must be still and at most ${chatAttachmentLimits.imageSide} pixels a side. ` +
          `They are kept for 24 hours; the answer's \`attachments\` name them for later messages' \`history\` (at most ${chatAttachmentLimits.perConversation} files a conversation).`,
      },
    },
    after: {
      stream: {
        type: "string",
        enum: ["true", "false"],
        default: "false",
        description: "true answers Server-Sent Events; an `attachments` event comes first",
      },
    },
    required: (fields) => fields,
  });
  return {
    "multipart/form-data": {
      schema,
      encoding: {
        files: {
          contentType:
            "application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document, text/plain, text/markdown, image/png, image/jpeg, image/webp, image/gif",
        },
      },
      example: {
        message: "What are the three main risks in this report?",
        assistant: "general",
        tone: "professional",
        history: "[]",
        files: "(the bytes of report.pdf)",
      },
    },
  };
}

/** detect and humanize also take a document as multipart: the same fields as text parts, and the file, whose text replaces `text`. */
function documentContent(name: ApiToolEndpointName) {
  const schema = formSchema(name, {
    files: {
      document: filePart(
        `A ${documentTypesLabel} file (judged by its bytes), at most ${documentLimits.fileBytes / (1024 * 1024)} MB and ${documentLimits.pdfPages} pages. Its text replaces \`text\`; ${name === "detect" ? "beyond 10,000 characters it is scored section by section (the answer's `document`)" : "it must fit one rewrite (10,000 characters)"}.`,
      ),
    },
    required: (fields) => ["document", ...fields.filter((field) => field !== "text")],
  });
  return { "multipart/form-data": { schema } };
}

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
              content: endpoint.files
                ? multipartContent(name)
                : {
                    "application/json": { schema: requestSchema(name), ...requestExamples(name) },
                    ...(endpoint.documents ? documentContent(name) : {}),
                    ...(name === "chat" ? chatFilesContent() : {}),
                  },
            },
            responses: {
              "200": {
                description: "Done",
                headers: rateLimitHeaders,
                content: {
                  "application/json": { schema: jsonSchema(endpoint.response, "output") },
                  ...(name === "chat" ? { "text/event-stream": { schema: { type: "string" } } } : {}),
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
