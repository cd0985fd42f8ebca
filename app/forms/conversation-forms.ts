import { z } from "~/forms/zod";
import { historyItemId, historySearch } from "./history-forms";
import { limits } from "./limits";
import { requiredText } from "./required-text";

// The chat page's conversation list (docs/decisions/067): its query string (a search, the
// conversation opened) and the plain POST forms on each conversation. A bad value gets 400 with
// what to fix and, for a rename, the typed title kept in its field.

export const conversationQuery = z.object({
  q: historySearch,
  // The conversation to continue: a history item id (a malformed one is as unknown as a deleted one).
  c: z.string().optional(),
  // The project open (docs/decisions/071): its chats listed, new chats started in it.
  p: z.string().optional(),
});

/** Where a form sends the person back to: the chat page, with its search and opened conversation. */
const returnTo = z
  .string()
  .optional()
  .transform((path) => (path && /^\/conversational-ai(\?[^#\\]*)?$/.test(path) ? path : "/conversational-ai"));

export const conversationAction = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("rename"),
      title: requiredText(limits.conversationTitle, "Type a title for the conversation.", "title"),
      return: returnTo,
    }),
    z.object({ intent: z.enum(["pin", "unpin", "delete"]), return: returnTo }),
  ],
  { message: "Unknown action. Choose rename, pin, unpin or delete." },
);

export type ConversationAction = z.infer<typeof conversationAction>;

export { historyItemId as conversationId };
