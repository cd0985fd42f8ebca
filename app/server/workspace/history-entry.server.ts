import { detectionVerdicts } from "~/content/detector-verdict";
import { keptCitations } from "~/forms/chat-citations";
import type { ToolId } from "~/content/tools";
import type { FormValues } from "~/shared/tool-action-data";
import type { HistoryOutput } from "~/shared/history-output";

// What the workspace keeps of one result: a title for the list, the text the search indexes, the
// form's values (to run it again) and the output (to show, copy and download). Only fields that
// mean something later are kept: a humanizer's word diff is derived, a writer's HTML is rendered
// again from its Markdown when shown. And which R2 objects a kept row owns (ownedMediaKeys).

/** `uploadMediaId`: an edit's original that the run stored from an upload, owned by this entry. */
export type HistoryEntry = {
  title: string;
  body: string;
  input: FormValues;
  output: HistoryOutput;
  mediaId?: string;
  uploadMediaId?: string;
  conversationKey?: string;
  /** A chat started in one of the account's projects (docs/decisions/071). */
  projectId?: string;
};

/** The R2 keys of the media a history row owns: its result and, for an edit of an upload, the original. */
export function ownedMediaKeys(row: { media_id: string | null; upload_media_id: string | null }): string[] {
  return [row.media_id, row.upload_media_id].flatMap((id) => (id ? [`media/${id}`] : []));
}

const TITLE_LENGTH = 80;

function titleOf(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line || "Untitled";
}

const CONVERSATION_TITLE_WORDS = 8;

/** A conversation's title: the first words of its first message (the offline way, deterministic; decision 067). */
function conversationTitle(message: string): string {
  const words = message.split(/\s+/).filter(Boolean);
  const title = words.slice(0, CONVERSATION_TITLE_WORDS).join(" ");
  return titleOf(words.length > CONVERSATION_TITLE_WORDS ? `${title}…` : title);
}

type AnyResult = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");

function uploadedOriginal(result: AnyResult): { uploadMediaId?: string } {
  const original = result.original as { id?: unknown; uploaded?: unknown } | undefined;
  return original?.uploaded === true && typeof original.id === "string" ? { uploadMediaId: original.id } : {};
}

/** The fields as a form carries them (what the history keeps to run it again): a JSON body's numbers and lists as text. */
function asFormValues(values: Record<string, unknown>): FormValues {
  const form: FormValues = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== null && value !== undefined) form[name] = typeof value === "string" ? value : JSON.stringify(value);
  }
  return form;
}

/** The entry of a finished tool run, from the validated form values (a form's or a JSON body's) and the run's result. */
export function historyEntry(tool: ToolId, values: Record<string, unknown>, result: unknown): HistoryEntry {
  const input = asFormValues(values);
  const r = (result ?? {}) as AnyResult;
  switch (tool) {
    case "detector":
      return {
        // A long document keeps its name, not its text (the text box's limit is what a run stores).
        title: titleOf(input.text || (input.document ? `Document: ${input.document}` : "")),
        body: `${input.text ?? ""}\n${text(r.report)}`,
        input: pick(input, ["text", "document"]),
        output: {
          tool,
          probability: typeof r.probability === "number" ? r.probability : null,
          verdict: detectionVerdicts.find((verdict) => verdict === r.verdict) ?? null,
          report: text(r.report),
        },
      };
    case "humanizer":
      return {
        title: titleOf(input.text ?? ""),
        body: `${input.text ?? ""}\n${text(r.text)}`,
        input: pick(input, ["text", "tone"]),
        output: { tool, text: text(r.text) },
      };
    case "writer":
      return {
        title: titleOf(input.text ?? ""),
        body: `${input.text ?? ""}\n${input.keywords ?? ""}\n${text(r.markdown)}`,
        input: pick(input, ["type", "keywords", "text"]),
        output: { tool, markdown: text(r.markdown) },
      };
    case "voiceover":
    case "imagine": {
      const mediaId = text(r.url).replace(/^\/media\//, "");
      const main = tool === "voiceover" ? (input.text ?? "") : (input.prompt ?? "");
      return {
        title: titleOf(main),
        body: main,
        input: pick(input, tool === "voiceover" ? ["text", "voice", "speed", "pitch", "emotion"] : ["prompt", "style", "size"]),
        output: {
          tool,
          mediaId,
          contentType: text(r.contentType),
          size: typeof r.size === "number" ? r.size : 0,
          fileName: text(r.fileName),
          ...(typeof r.width === "number" ? { width: r.width, height: r.height as number, alt: text(r.alt) } : {}),
        },
        mediaId,
        ...uploadedOriginal(r),
      };
    }
    case "chat": {
      const conversation = (Array.isArray(r.conversation) ? r.conversation : []) as {
        id?: string;
        role: "user" | "assistant";
        content: string;
        citations?: unknown;
      }[];
      const first = conversation.find((message) => message.role === "user");
      return {
        title: conversationTitle(first?.content ?? ""),
        body: conversation.map((message) => message.content).join("\n"),
        input: pick(input, ["assistant", "tone", "project"]),
        output: { tool, conversation: conversation.map(keptMessage) },
        conversationKey: conversationKey(conversation),
        // The turn checked the project is the account's before the reply this records.
        ...(input.project && /^[0-9a-f]{32}$/.test(input.project) ? { projectId: input.project } : {}),
      };
    }
  }
}

/** A chat message as the workspace keeps it: its role and text, and a reply's web sources. */
function keptMessage({ role, content, citations }: { role: "user" | "assistant"; content: string; citations?: unknown }) {
  return { role, content, ...keptCitations(role, citations, content.length) };
}

/**
 * One item per conversation, so going on updates it: a conversation is named by its first question
 * and first answer, which every later post carries unchanged (message ids are made by whichever side
 * wrote the message, the browser when it streams, so they cannot name it).
 */
function conversationKey(conversation: { role: string; content: string }[]): string | undefined {
  const question = conversation.find((message) => message.role === "user");
  const answer = conversation.find((message) => message.role === "assistant");
  if (!question || !answer) return undefined;
  return fnv1a64(`${question.content}\u0000${answer.content}`);
}

/** A 64-bit FNV-1a hash as hex: enough to tell one account's conversations apart. */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) hash = BigInt.asUintN(64, (hash ^ BigInt(byte)) * 0x100000001b3n);
  return hash.toString(16).padStart(16, "0");
}

function pick(values: FormValues, names: string[]): FormValues {
  return Object.fromEntries(names.filter((name) => values[name] !== undefined).map((name) => [name, values[name]!]));
}
