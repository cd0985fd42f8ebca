import { z } from "~/forms/zod";
import { chatAssistantIds, chatAssistants, chatToneIds, chatTones } from "~/content/chat";
import { nextMessageId } from "./chat-history";
import { limits } from "./limits";
import { formatCount } from "./format-count";

// The chat form (spec §5: a non-blank message), parsed by the page's action (no JavaScript) and by
// the streaming route alike, so both answer the same input with the same 400 and message.

const historyMessage =
  `The conversation could not be read: each earlier message needs a role (user or assistant) and at most ` +
  `${formatCount(limits.chatMessage)} characters. Please clear the chat and start again.`;

const historyEntry = z.object(
  {
    // The page sends the ids it showed; a script may leave them out (the developer API) and gets fresh ones.
    id: z
      .string()
      .regex(/^\d{1,16}$/, historyMessage)
      .default(() => nextMessageId()),
    role: z.enum(["user", "assistant"], { message: historyMessage }),
    content: z.string({ message: historyMessage }).max(limits.chatMessage, historyMessage),
  },
  { message: historyMessage },
);

// Longer conversations are not an error: only the last 20 messages travel on (older ones drop
// off), and only those are validated.
const history = z
  .string({ message: historyMessage })
  .optional()
  .transform((value, context) => {
    try {
      const parsed: unknown = JSON.parse(value?.trim() || "[]");
      if (Array.isArray(parsed)) return parsed.slice(-limits.chatHistory);
    } catch {
      // reported below
    }
    context.addIssue({ code: "custom", message: historyMessage });
    return z.NEVER;
  })
  .pipe(z.array(historyEntry));

export const chatForm = z.object({
  message: z
    .string({ message: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(limits.chatMessage, `The message is too long: the limit is ${formatCount(limits.chatMessage)} characters.`),
  assistant: z.enum(chatAssistantIds, {
    message: `Unknown assistant. Choose one of: ${chatAssistants.map((assistant) => assistant.name).join(", ")}.`,
  }),
  tone: z.enum(chatToneIds, {
    message: `Unknown tone. Choose one of: ${chatTones.map((tone) => tone.name).join(", ")}.`,
  }),
  history,
});

export type ChatInput = z.infer<typeof chatForm>;

/** A whole conversation fits in the form: 21 messages of 4,000 characters, even percent-encoded. */
export const CHAT_MAX_FORM_BYTES = 1024 * 1024;
