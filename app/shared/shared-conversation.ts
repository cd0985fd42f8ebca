import type { ChatRole, ShownMessage } from "~/forms/chat-history";
import type { ChatCitation } from "./ai-types";

// A shared conversation (docs/decisions/049): the snapshot stored when a subscriber shares a chat,
// and what its pages show. No server code: the chat screen and the dashboard render these.

/**
 * A file that was on a message: its name and size always; its extracted text only when the owner
 * ticked 'Include attached files' (an image's bytes are never kept).
 */
export type SharedAttachment = { kind: "document" | "image"; name: string; bytes: number; text?: string };

/**
 * One message of the snapshot, as stored: a reply's Markdown, rendered again when the page opens,
 * with the server's signature if it produced it (checked then: docs/decisions/057).
 */
export type SharedMessage = {
  id: string;
  role: ChatRole;
  content: string;
  attachments?: SharedAttachment[];
  citations?: ChatCitation[];
  signature?: string;
};

/** The shared page: the title, when it was shared, and the messages with replies rendered on the server. */
export type SharedConversationView = { title: string; createdAt: number; messages: ShownMessage[] };

/** A row of the owner's dashboard list; `id` is the token's hash (it names the link to revoke, and opens nothing). */
export type SharedLinkSummary = { id: string; title: string; createdAt: number; messages: number };

/** The chat page's answer to Share: the new link, or why there is none. */
export type ShareState = { path: string; url: string; title: string } | { error: string };

export const sharedConversationPath = (token: string) => `/shared/chat/${token}`;

/** The title a snapshot gets: its first question's first line, cut to 80 characters. */
export function sharedTitle(messages: readonly { role: ChatRole; content: string }[]): string {
  const first = (messages.find((message) => message.role === "user") ?? messages[0])?.content ?? "";
  const line = first.trim().split("\n")[0]!.replace(/\s+/g, " ");
  return line.length > 80 ? `${line.slice(0, 79)}…` : line || "Shared conversation";
}

/** A message as the page carries it, maybe with its files and, a reply, its web sources. */
type CarriedMessage = {
  id: string;
  role: ChatRole;
  content: string;
  attachments?: readonly SharedAttachment[];
  citations?: ChatCitation[];
  signature?: string;
};

/** The snapshot of a conversation: attachments by name and size, their text only when asked for. */
export function snapshotOf(messages: readonly CarriedMessage[], includeFiles: boolean): SharedMessage[] {
  return messages.map(({ id, role, content, attachments, citations, signature }) => ({
    id,
    role,
    content,
    ...(citations?.length ? { citations } : {}),
    ...(signature ? { signature } : {}),
    ...(attachments?.length
      ? {
          attachments: attachments.map(({ kind, name, bytes, text }) => ({
            kind,
            name,
            bytes,
            ...(includeFiles && kind === "document" && text !== undefined ? { text } : {}),
          })),
        }
      : {}),
  }));
}
