import { z } from "~/forms/zod";
import { chatAttachmentLimits, readAttachmentRef, type AttachmentRef } from "./chat-attachments";

// The files a carried message names (chat-form.ts): each one's id and what it was. The server reads
// the files themselves from storage, and only the caller's own (chat-file-store.server.ts).

const unreadable =
  "The files of this conversation could not be read: each needs its id, name, size and kind. Please clear the chat and start again.";

export const carriedAttachments = z
  .array(z.unknown(), { message: unreadable })
  .max(chatAttachmentLimits.perConversation, unreadable)
  .optional()
  .transform((files, context): AttachmentRef[] | undefined => {
    if (!files?.length) return undefined;
    const refs = files.map(readAttachmentRef);
    if (refs.every((ref) => ref !== undefined)) return refs;
    context.addIssue({ code: "custom", message: unreadable });
    return z.NEVER;
  });

/**
 * `attached`: files already stored that the message sends again (Regenerate asks its question again
 * with them), as JSON text of carried refs (a JSON body: the list itself); new files come as the multipart field `files`.
 */
export const attachedField = z
  .union([z.string(), z.array(z.unknown())], { message: unreadable })
  .optional()
  .transform((value, context) => {
    if (Array.isArray(value)) return value;
    if (!value?.trim()) return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: unreadable });
      return z.NEVER;
    }
  })
  .pipe(carriedAttachments);

/** A carried file as the developer API documents it (what `readAttachmentRef` accepts). */
export const attachmentRefSchema = z.discriminatedUnion("kind", [
  z.object({
    id: z.string().regex(/^[0-9a-f]{32}$/),
    kind: z.literal("document"),
    name: z.string(),
    bytes: z.int().nonnegative(),
    words: z.int().nonnegative(),
    pages: z.int().nonnegative().optional().describe("PDF only"),
  }),
  z.object({
    id: z.string().regex(/^[0-9a-f]{32}$/),
    kind: z.literal("image"),
    name: z.string(),
    bytes: z.int().nonnegative(),
    mediaType: z.enum(["image/png", "image/jpeg", "image/webp", "image/gif"]),
    width: z.int().positive(),
    height: z.int().positive(),
  }),
]);
