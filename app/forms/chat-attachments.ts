import { documentLimits } from "./document-limits";
import { formatCount } from "./format-count";

// Files on chat messages, as the page, the action and the API share them. Kept free of zod: this
// module reaches the browser. Why these values: docs/decisions/051-chat-attachments.md.

export const chatAttachmentLimits = {
  /** Files sent with one message. */
  perMessage: 4,
  /** Files a conversation carries in all (its last 20 messages). */
  perConversation: 10,
  /** One message's files together; each document also within the document work's own limits. */
  messageBytes: documentLimits.fileBytes,
  /**
   * Image bytes a conversation carries: each turn sends them all again. OpenAI's images and vision
   * guide (read 2026-11-26): PNG, JPEG, WebP and non-animated GIF, up to 50 MB of image bytes a request.
   */
  conversationImageBytes: 20 * 1024 * 1024,
  /** Pixels a side of an image (as the image editor). */
  imageSide: 4096,
  /** Characters of documents' text sent with one turn, newest file first; the rest is cut and said so. */
  providerCharacters: 100_000,
  /** How long a file stays readable after it was sent. */
  ttlSeconds: 24 * 60 * 60,
} as const;

/** The multipart field that carries the files, on the page and in the developer API. */
export const ATTACHMENT_FIELD = "files";

export const attachmentTypesLabel = "PDF, DOCX, TXT, Markdown, PNG, JPEG, WebP or GIF";

/** What the file picker offers (the server decides by the bytes, not by this list). */
export const attachmentAccept =
  ".pdf,.docx,.txt,.md,.markdown,.png,.jpg,.jpeg,.webp,.gif,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain,text/markdown,image/png,image/jpeg,image/webp,image/gif";

export type ChatImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

/**
 * A file as the conversation carries it (on its user message, in the hidden history field and in
 * sessionStorage): its id in storage and what the screen and the engines say of it, never its bytes.
 */
export type AttachmentRef =
  | { id: string; kind: "document"; name: string; bytes: number; words: number; pages?: number }
  | { id: string; kind: "image"; name: string; bytes: number; mediaType: ChatImageType; width: number; height: number };

/** 12,345 bytes → "12 KB"; 1,234,567 → "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** What a chip says of a file beside its name. */
export function attachmentDetails(file: AttachmentRef): string {
  if (file.kind === "image") return `${formatBytes(file.bytes)}, ${file.width} × ${file.height}`;
  const pages = file.pages === undefined ? "" : `, ${file.pages} ${file.pages === 1 ? "page" : "pages"}`;
  return `${formatBytes(file.bytes)}${pages}, ${formatCount(file.words)} ${file.words === 1 ? "word" : "words"}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const imageTypes: readonly string[] = ["image/png", "image/jpeg", "image/webp", "image/gif"];
const count = (value: unknown) => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** A carried ref read back (history field, sessionStorage, a script's JSON); undefined if malformed. */
export function readAttachmentRef(value: unknown): AttachmentRef | undefined {
  if (!isRecord(value) || typeof value.id !== "string" || !/^[0-9a-f]{32}$/.test(value.id)) return undefined;
  if (typeof value.name !== "string" || value.name.length > 255 || !count(value.bytes)) return undefined;
  const { id, name, bytes } = value as { id: string; name: string; bytes: number };
  if (value.kind === "document" && count(value.words) && (value.pages === undefined || count(value.pages))) {
    return {
      id,
      kind: "document",
      name,
      bytes,
      words: value.words as number,
      ...(value.pages === undefined ? {} : { pages: value.pages as number }),
    };
  }
  if (value.kind === "image" && imageTypes.includes(value.mediaType as string) && count(value.width) && count(value.height)) {
    return {
      id,
      kind: "image",
      name,
      bytes,
      mediaType: value.mediaType as ChatImageType,
      width: value.width as number,
      height: value.height as number,
    };
  }
  return undefined;
}
