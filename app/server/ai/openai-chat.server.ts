import type OpenAI from "openai";
import { chatSystemPrompt } from "./chat-system-prompt.server";
import { responsesTextParameters } from "./models.server";
import type { ChatAttachment, ChatMessageInput, ChatPiece, ChatProject, ChatRequest } from "~/shared/ai-types";
import { formatCount } from "~/forms/format-count";

// The chat call of spec §7 on the Responses API with `stream: true`: the assistant prompt and tone as
// `instructions`, the conversation as `input` items, and the reply yielded as the provider writes it,
// with the sources a web search found.
//
// Read 2026-11-26: OpenAI's 'Migrate to the Responses API' guide (developers.openai.com/api/docs/guides/
// migrate-to-responses: "While Chat Completions remains supported, Responses is recommended for all new
// projects"; `input` + `instructions`, `store`), its web search guide (…/guides/tools-web-search: a
// `web_search_call` output item, then a `message` whose text carries `url_citation` annotations), and
// openai-node 7.57.0's `resources/responses/responses.d.ts` (ResponseStreamEvent: `response.created`,
// `response.output_item.added`, `response.content_part.added`, `response.output_text.delta`,
// `response.output_text.annotation.added` with `{ type: "url_citation", url, title, start_index,
// end_index }`, `response.completed`, `response.incomplete` with `incomplete_details.reason`,
// `response.failed`, `error`; every event has a `sequence_number`; no `[DONE]`). The SDK's stream
// (core/streaming.js) throws an APIError for an `error` event itself.

export const CHAT_FALLBACK = "Chat response failed";

/** Said under a reply the provider ended early, by `incomplete_details.reason`. */
export const incompleteNotes: Record<string, string> = {
  max_output_tokens: "The answer stops here: it reached the length limit of one reply. Ask to continue for the rest.",
  content_filter: "The answer stops here: the provider's content filter ended it.",
};
const otherIncompleteNote = "The answer stops here: the provider ended it early.";

export type OpenAiChatOptions = {
  model: string;
  /** Longest silence allowed between two events of the reply: the SDK's timeout ends at the headers. */
  idleTimeoutMs: number;
};

/**
 * A message's files as Responses input parts: a document as its text with its name, an image by the
 * id of the copy uploaded once (decision 073; `input_image` takes `file_id` or `image_url`, openai-node
 * 7.57.0 `ResponseInputImage`, read 2026-11-29), else as a data URL.
 */
export function attachmentParts(attachments: readonly ChatAttachment[]): OpenAI.Responses.ResponseInputContent[] {
  return attachments.map((attachment) =>
    attachment.kind === "document"
      ? {
          type: "input_text",
          text: `Attached document "${attachment.name}" (${counted(attachment.words, "word")}${attachment.pages ? `, ${counted(attachment.pages, "page")}` : ""}):\n\n${attachment.text}`,
        }
      : "providerFileId" in attachment
        ? { type: "input_image", file_id: attachment.providerFileId, detail: "auto" }
        : { type: "input_image", image_url: attachment.dataUrl, detail: "auto" },
  );
}

/** One message as an input item: text alone stays a string; a user's files follow their text as parts. */
export function inputItem({ role, content, attachments = [] }: ChatMessageInput): OpenAI.Responses.EasyInputMessage {
  // Earlier replies are plain text: an assistant item takes no input parts.
  if (role === "assistant" || attachments.length === 0) return { role, content };
  return { role, content: [{ type: "input_text", text: content }, ...attachmentParts(attachments)] };
}

/**
 * A project's part of the request (docs/decisions/071): its instructions go in `instructions`, ahead
 * of the assistant's own ("a system (or developer) message inserted into the model's context", the
 * Responses API reference's `instructions`, read 2026-11-29), and its files as a first user item
 * (a developer message takes no images), before the conversation.
 */
export function projectInstructions(project: ChatProject | undefined, assistant: string): string {
  if (!project?.instructions) return assistant;
  return `The person's project "${project.name}" has these instructions for every reply in it; follow them:\n\n${project.instructions}\n\n${assistant}`;
}

function projectFilesItem(project: ChatProject | undefined): OpenAI.Responses.EasyInputMessage[] {
  if (!project?.files.length) return [];
  const intro = `The files of the project "${project.name}", for every message in it:`;
  return [{ role: "user", content: [{ type: "input_text", text: intro }, ...attachmentParts(project.files)] }];
}

export async function* streamOpenAiChat(
  client: OpenAI,
  request: ChatRequest,
  { model, idleTimeoutMs }: OpenAiChatOptions,
  signal?: AbortSignal,
): AsyncGenerator<ChatPiece> {
  const stream = await client.responses.create(
    {
      model,
      instructions: projectInstructions(request.project, chatSystemPrompt(request.assistant, request.tone)),
      input: [...projectFilesItem(request.project), ...request.messages.map(inputItem)],
      ...responsesTextParameters(model, { temperature: 0.7, maxTokens: 500 }),
      ...(request.webSearch ? { tools: [{ type: "web_search" as const }] } : {}),
      // The conversation travels with every request; nothing needs to stay on OpenAI's side.
      store: false,
      stream: true,
    },
    { signal },
  );

  let idle: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const armIdleTimer = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      timedOut = true;
      stream.controller.abort();
    }, idleTimeoutMs);
  };

  let written = "";
  // Annotation offsets count within their content part; the reply joins every part. Their unit is
  // read as JavaScript's (UTF-16 code units): read 2026-11-29, openai-node 7.57.0's
  // responses.d.ts (ResponseOutputText.URLCitation), openai-python's types and the web search guide
  // say only "the index of the first/last character of the URL citation in the message", naming no
  // unit (docs/decisions/073). The clamp below keeps a span inside the reply whatever the unit.
  const partStarts = new Map<string, number>();
  let ending: { incomplete?: string } | undefined;
  try {
    armIdleTimer();
    // The SDK ends the iteration quietly when aborted: a stall must still count as a failure.
    for await (const event of stream) {
      armIdleTimer();
      if (event.type === "response.output_text.delta") {
        if (!event.delta) continue;
        partStarts.set(
          `${event.item_id}:${event.content_index}`,
          partStarts.get(`${event.item_id}:${event.content_index}`) ?? written.length,
        );
        written += event.delta;
        yield { type: "text", text: event.delta };
      } else if (event.type === "response.output_text.annotation.added") {
        const annotation = event.annotation;
        if (annotation?.type !== "url_citation") continue;
        const base = partStarts.get(`${event.item_id}:${event.content_index}`) ?? written.length;
        const clamp = (index: number) => Math.min(written.length, Math.max(base, base + index));
        const start = clamp(annotation.start_index);
        yield {
          type: "citation",
          citation: {
            url: annotation.url,
            title: annotation.title || annotation.url,
            start,
            end: Math.max(start, clamp(annotation.end_index)),
          },
        };
      } else if (event.type === "response.completed") {
        ending = {};
      } else if (event.type === "response.incomplete") {
        ending = { incomplete: event.response.incomplete_details?.reason ?? "unknown" };
      } else if (event.type === "response.failed") {
        throw new Error(`The chat response failed: ${event.response.error?.code ?? "unknown"}`);
      }
    }
  } finally {
    clearTimeout(idle);
  }
  if (timedOut) throw new Error(`The chat stream stalled for more than ${idleTimeoutMs} ms`);
  if (signal?.aborted) return;
  // Responses streams end with a terminal event; a stream that just stops was cut.
  if (!ending) throw new Error("The chat stream ended before the response was complete");
  if (ending.incomplete !== undefined) {
    // Cut short: what came is kept with a note saying so; nothing at all is a failure (and given back).
    if (written.trim() === "") throw new Error(`The chat response was incomplete (${ending.incomplete}) with no text`);
    yield { type: "text", text: `\n\n_${incompleteNotes[ending.incomplete] ?? otherIncompleteNote}_` };
    return;
  }
  // An answer with no text gets the spec's fallback (like the other calls' empty answers).
  if (written.trim() === "") yield { type: "text", text: CHAT_FALLBACK };
}

const counted = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? "" : "s"}`;
