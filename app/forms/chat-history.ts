import type { ChatCitation } from "~/shared/ai-types";
import { readAttachmentRef, type AttachmentRef } from "./chat-attachments";
import { keptCitations } from "./chat-citations";
import { limits } from "./limits";

// The conversation as the chat form carries it: the page keeps no server state, so earlier
// messages travel in a hidden field (JSON) with every post. No zod here: this module reaches the
// browser, and the server re-validates with `chatForm`.

export type ChatRole = "user" | "assistant";

/**
 * Spec §3 'Chat message': a timestamp-based id (milliseconds, as a string), a role and the text; a
 * user message's files, a reply's web sources, and the server's signature on a reply it produced
 * (docs/decisions/057: a shared conversation shows only signed replies as the site's).
 */
export type ChatMessage = {
  id: string;
  role: ChatRole;
  content: string;
  attachments?: AttachmentRef[];
  citations?: ChatCitation[];
  signature?: string;
};

/** A reply's signature, to spread into it: only an assistant message carries one, and only as text. */
const keptSignature = (role: string, signature: unknown): { signature?: string } =>
  role === "assistant" && typeof signature === "string" && signature ? { signature } : {};

/** A message as the screen shows it: assistant replies may come with their sanitized HTML. */
export type ShownMessage = ChatMessage & {
  html?: string;
  stopped?: boolean;
  /** Files on their way with the message, before the server named them (never carried). */
  sending?: { name: string; bytes: number }[];
  /** A shared conversation's files: named, with a document's text only if its owner included it. */
  sharedFiles?: { name: string; bytes: number; text?: string }[];
  /** On a shared page, an 'assistant' message the server did not sign: text the sharer supplied, shown as theirs. */
  supplied?: boolean;
};

let lastId = 0;

/** `Date.now()` as a string, bumped by a millisecond if two messages are created in the same one. */
export function nextMessageId(now = Date.now()): string {
  lastId = Math.max(now, lastId + 1);
  return String(lastId);
}

/** What the next post carries: the last 20 messages, each cut to 4,000 characters. */
export function carriedHistory(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages
    .filter((message) => message.content !== "")
    .slice(-limits.chatHistory)
    .map(({ id, role, content, attachments, citations, signature }) => {
      const text = content.slice(0, limits.chatMessage);
      return {
        id,
        role,
        content: text,
        ...(attachments?.length ? { attachments } : {}),
        ...keptCitations(role, citations, text.length),
        ...keptSignature(role, signature),
      };
    });
}

export function historyFieldValue(messages: readonly ChatMessage[]): string {
  return JSON.stringify(carriedHistory(messages));
}

/** The hidden field read back for display (e.g. after a failed post); anything malformed is dropped. */
export function readHistoryField(value: string | undefined): ChatMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value ?? "[]");
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(
      (entry): entry is ChatMessage =>
        typeof entry === "object" &&
        entry !== null &&
        typeof entry.id === "string" &&
        (entry.role === "user" || entry.role === "assistant") &&
        typeof entry.content === "string",
    )
    .map(({ attachments, citations, signature, ...message }) => {
      const kept = Array.isArray(attachments) ? attachments.flatMap((file) => readAttachmentRef(file) ?? []) : [];
      return {
        ...message,
        ...(kept.length ? { attachments: kept } : {}),
        ...keptCitations(message.role, citations, message.content.length),
        ...keptSignature(message.role, signature),
      };
    });
}
