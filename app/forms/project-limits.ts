import { chatAttachmentLimits } from "./chat-attachments";
import { limits } from "./limits";

// A chat project's limits (docs/decisions/071), as the project panel and the server share them.
// Kept free of zod: the panel's module is also reached from a page the browser runs.

export const projectLimits = {
  /** A project's name in the list, as a conversation's title. */
  name: limits.conversationTitle,
  /**
   * Instructions: one chat message's length. They go with every turn of every chat in the project,
   * ahead of the assistant's own, so they are bounded like a message the model reads each time
   * (about 1,000 tokens), and they fit the form with room to spare.
   */
  instructions: limits.chatMessage,
  /**
   * Files a project keeps: one message's worth (4 files, 10 MB together), so that with the project's
   * files a conversation still has room for files of its own within its 10.
   */
  files: chatAttachmentLimits.perMessage,
  fileBytes: chatAttachmentLimits.messageBytes,
  /** Projects an account keeps (the list beside the chat shows them all). */
  perAccount: 50,
} as const;
