import type { z } from "zod";
import type { ApiToolEndpointName } from "~/content/api-endpoint-names";
import { CHAT_MAX_FORM_BYTES, chatForm } from "~/forms/chat-form";
import { answerChat, chatUnits } from "../tools/chat.server";
import type { DocumentForm } from "../tools/document-upload.server";
import type { ReadForm } from "../tools/run-tool-action.server";
import { detectorWithDocument, humanizerWithDocument } from "../tools/text-tool-actions.server";
import type { ToolDefinition } from "../tools/tool-pipeline.server";
import { detectorRun, humanizerRun, imagineRun, voiceoverRun, writerRun } from "../tools/tool-runs.server";
import { checkUpload, imageEditsSchema, runImageEdits } from "./image-edits.server";
import {
  chatResponse,
  imageEditResponse,
  detectResponse,
  humanizeResponse,
  imageResponse,
  speechResponse,
  writeResponse,
} from "./api-responses.server";
import { provenanceOf } from "./provenance.server";

// The developer API's tool endpoints: each is a web tool's definition (same schema, quota units and
// engine call, tool-runs.server.ts) with the JSON it answers. tool-endpoint.server.ts runs them.

export type ToolEndpoint<S extends z.ZodType = z.ZodType, Result = unknown> = ToolDefinition<S, Result> & {
  summary: string;
  response: z.ZodType;
  /** The JSON answer; `origin` makes media URLs absolute. */
  toJson: (result: Result, origin: string) => unknown;
  /** Bodies may be larger than the default (the chat's conversation). */
  maxBytes?: number;
  /**
   * The endpoint also takes a document as multipart/form-data (file field 'document'): what its
   * text becomes (the page's rules, text-tool-actions.server.ts).
   */
  documents?: (read: DocumentForm) => ReadForm<Result>;
  /** A multipart/form-data endpoint (image edits): its files are judged here, before the schema. */
  files?: (
    files: Record<string, Uint8Array>,
    values: Record<string, unknown>,
  ) => { errors: Record<string, string> } | Record<string, unknown>;
};

const endpoint = <S extends z.ZodType, Result>(definition: ToolEndpoint<S, Result>) => definition as unknown as ToolEndpoint;

/** What every media answer says: where to download the file (absolute), what it is, and its provenance. */
function mediaJson(
  { url, contentType, size, expiresAt, notice }: { url: string; contentType: string; size: number; expiresAt: string; notice?: string },
  origin: string,
  role: "image" | "speech",
) {
  return { url: new URL(url, origin).href, contentType, size, expiresAt, notice, provenance: provenanceOf(role) };
}

export const toolEndpoints: Record<ApiToolEndpointName, ToolEndpoint> = {
  detect: endpoint({
    ...detectorRun,
    summary: "Detect AI-written text",
    response: detectResponse,
    documents: detectorWithDocument,
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
    ...humanizerRun,
    documents: humanizerWithDocument,
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
    // The upload arrives checked by `files` below, beside the schema's fields.
    run: (input, options) => runImageEdits(input as Parameters<typeof runImageEdits>[0], options),
    files: (files, values) => {
      const checked = checkUpload(files, values);
      return "errors" in checked ? checked : { upload: checked };
    },
    toJson: (result, origin) => {
      const { width, height, alt, understood, ignored } = result;
      return imageEditResponse.parse({ ...mediaJson(result, origin, "image"), width, height, alt, understood, ignored });
    },
  }),
  chat: endpoint({
    tool: "chat",
    schema: chatForm,
    summary:
      'Chat with an assistant; `"web_search": true` searches the web and cites its sources; `"stream": true` answers Server-Sent Events',
    response: chatResponse,
    units: chatUnits,
    run: answerChat,
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
    maxBytes: CHAT_MAX_FORM_BYTES,
  }),
};
