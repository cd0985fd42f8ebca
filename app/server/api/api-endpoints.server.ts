import type { z } from "zod";
import type { ApiToolEndpointName } from "~/content/api-endpoint-names";
import { chatForm } from "~/forms/chat-form";
import { chatTool } from "../tools/chat.server";
import { detectorTool, humanizerTool } from "../tools/text-tools.server";
import type { ToolDefinition } from "../tools/tool-definition.server";
import type { ChatResult } from "~/shared/chat-events";
import { imagineRun, voiceoverRun, writerRun } from "../tools/tool-runs.server";
import { imageEditsSchema, imageEditsUpload, runImageEdits } from "./image-edits.server";
import { detectResponse } from "./detection-responses.server";
import { chatResponse, imageEditResponse, humanizeResponse, imageResponse, speechResponse, writeResponse } from "./api-responses.server";
import { provenanceOf } from "./provenance.server";
import type { StoredMedia } from "../media/media-store.server";

// The developer API's tool endpoints: each is a web tool's definition (same schema, quota units,
// engine call and files) with the JSON it answers. tool-endpoint.server.ts runs them.

export type ToolEndpoint<S extends z.ZodType = z.ZodType, Result = unknown> = ToolDefinition<S, Result> & {
  summary: string;
  response: z.ZodType;
  /** The JSON answer; `origin` makes media URLs absolute. */
  toJson: (result: Result, origin: string) => unknown;
};

const endpoint = <S extends z.ZodType, Result>(definition: ToolEndpoint<S, Result>) => definition as unknown as ToolEndpoint;

/** The chat's endpoint takes the API's form (one message to answer); the page's Regenerate and Edit are the page's. */
const chatEndpointTool = { ...chatTool, schema: chatForm } as unknown as ToolDefinition<typeof chatForm, ChatResult>;

/** What every media answer says: where to download the file (absolute), what it is, and its provenance. */
function mediaJson(
  { url, contentType, size, expiresAt, notice, credentials }: Omit<StoredMedia, "id"> & { notice?: string },
  origin: string,
  role: "image" | "speech",
) {
  return {
    url: new URL(url, origin).href,
    contentType,
    size,
    expiresAt,
    notice,
    provenance: provenanceOf(role, { manifest: credentials }),
  };
}

export const toolEndpoints: Record<ApiToolEndpointName, ToolEndpoint> = {
  detect: endpoint({
    ...detectorTool,
    summary: "Detect AI-written text",
    response: detectResponse,
    toJson: ({ probability, range, verdict, report, sentences, bands, strictness, engine, document }) =>
      detectResponse.parse({
        probability,
        range,
        verdict,
        report,
        sentences,
        bands,
        strictness: strictness ?? null,
        ...(engine ? { engine } : {}),
        ...(document ? { document: { ...document, text: undefined } } : {}),
      }),
  }),
  humanize: endpoint({
    ...humanizerTool,
    summary: "Rewrite text so it reads as written by a person",
    response: humanizeResponse,
    toJson: ({ text, notice }) => humanizeResponse.parse({ text, notice, provenance: provenanceOf("text") }),
  }),
  write: endpoint({
    ...writerRun,
    summary: "Write content of a type from a topic and keywords",
    response: writeResponse,
    toJson: ({ markdown, html }) => writeResponse.parse({ markdown, html, provenance: provenanceOf("text") }),
  }),
  speech: endpoint({
    ...voiceoverRun,
    summary: "Read text aloud (voiceover); quota counts minutes of speech",
    response: speechResponse,
    toJson: (result, origin) => speechResponse.parse(mediaJson(result, origin, "speech")),
  }),
  images: endpoint({
    ...imagineRun,
    summary: "Generate an image in a style and size",
    response: imageResponse,
    toJson: (result, origin) => {
      const { width, height, alt } = result;
      return imageResponse.parse({ ...mediaJson(result, origin, "image"), width, height, alt });
    },
  }),
  "images/edits": endpoint({
    tool: "imagine",
    schema: imageEditsSchema,
    summary:
      "Edit an image (multipart/form-data): the prompt's change in the painted area or the whole image, at a size; one image of the quota",
    response: imageEditResponse,
    upload: imageEditsUpload,
    // The upload arrives checked (imageEditsUpload), beside the schema's fields.
    run: (input, options) => runImageEdits(input as Parameters<typeof runImageEdits>[0], options),
    toJson: (result, origin) => {
      const { width, height, alt, understood, ignored } = result;
      return imageEditResponse.parse({ ...mediaJson(result, origin, "image"), width, height, alt, understood, ignored });
    },
  }),
  chat: endpoint({
    ...chatEndpointTool,
    summary:
      'Chat with an assistant; `"web_search": true` searches the web and cites its sources; `"project"` chats in one of your projects; `"stream": true` answers Server-Sent Events',
    response: chatResponse,
    toJson: ({ conversation, citations = [] }) => {
      const reply = conversation.at(-1)!;
      const attachments = conversation.at(-2)?.attachments;
      return chatResponse.parse({
        message: { role: "assistant", content: reply.content, ...(reply.signature ? { signature: reply.signature } : {}) },
        html: reply.html ?? "",
        citations,
        ...(attachments ? { attachments } : {}),
        provenance: provenanceOf("text"),
      });
    },
  }),
};
