import { z } from "~/forms/zod";
import { chatHistoryField } from "./chat-form";

/**
 * The chat page's Share (docs/decisions/049): the conversation the page carries (the same field and
 * limits as a chat post: the last 20 messages of at most 4,000 characters), and whether attached
 * files' text goes along with their names.
 */
export const shareConversationForm = z.object({
  history: chatHistoryField,
  includeFiles: z
    .enum(["on"], { message: 'Include attached files is either "on" or left out.' })
    .optional()
    .transform((value) => value === "on"),
});

/** The dashboard's Revoke on a shared link. */
export const revokeShareForm = z.object({ intent: z.literal("revoke", { message: "Unknown action: use Revoke." }) });
