import { apiExamples } from "~/content/api-examples";
import { webSearchQuotaNote } from "~/content/plans";
import { documentLimits, documentTypesLabel } from "~/forms/document-limits";
import { mediaLimits } from "~/forms/media-limits";
import { attachmentTypesLabel, chatAttachmentLimits } from "~/forms/chat-attachments";
import { attachmentRefSchema } from "~/forms/chat-attachments-form";
import { carriedCitationLimits } from "~/forms/chat-citations";
import { toolEndpoints } from "./api-endpoints.server";
import { type ApiToolEndpointName } from "~/content/api-endpoint-names";
import { chatCitation } from "./api-responses.server";
import { filePart, jsonSchema } from "./openapi-parts.server";

// The tool endpoints' request bodies in the OpenAPI document (openapi.server.ts): the JSON body
// from the endpoint's own zod schema, and the multipart forms that also carry files.

export function requestSchema(name: ApiToolEndpointName) {
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
    // A blank value (a form's empty field) means none, as the schema reads it; a program sends an id or leaves it out.
    schema.properties.project = {
      type: "string",
      pattern: "^([0-9a-f]{32})?$",
      description:
        "One of your chat projects (its id, from the chat page's address `?p=`): its instructions go ahead of the assistant's and its files with the message (optional). Another account's project is a 400 on `project`",
    };
  }
  return schema;
}

/** The docs page's example as `example`, or with its variants as named `examples`. */
export function requestExamples(name: ApiToolEndpointName) {
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

/** A multipart endpoint's form (image edits): the schema's fields as the form's text parts, plus its files. */
export function multipartContent(name: ApiToolEndpointName) {
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
export function chatFilesContent() {
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
export function documentContent(name: ApiToolEndpointName) {
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
