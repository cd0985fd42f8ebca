import { z } from "~/forms/zod";
import { chatAssistantIds, chatAssistants, chatToneIds, chatTones } from "~/content/chat";
import { nextMessageId } from "./chat-history";
import { attachedField, carriedAttachments } from "./chat-attachments-form";
import { limits } from "./limits";
import { formatCount } from "./format-count";
import { requiredText } from "./required-text";

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
    // Files sent with a user message: their ids and what they were, never their contents.
    attachments: carriedAttachments,
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

const chatChoices = {
  assistant: z.enum(chatAssistantIds, {
    message: `Unknown assistant. Choose one of: ${chatAssistants.map((assistant) => assistant.name).join(", ")}.`,
  }),
  tone: z.enum(chatToneIds, {
    message: `Unknown tone. Choose one of: ${chatTones.map((tone) => tone.name).join(", ")}.`,
  }),
  history,
};

/** One message to answer: the developer API's chat, and the page's Send. */
export const chatForm = z.object({
  message: requiredText(limits.chatMessage, "Please enter a message.", "message"),
  attached: attachedField,
  ...chatChoices,
});

const nothingToRegenerate = "There is no answer to regenerate yet: send a message first.";

/**
 * 'Regenerate' (the page's no-JavaScript button): the last question is asked again and the answer
 * after it is dropped, so the same engine call as a sent message answers it. Whatever is typed in
 * the message box meanwhile is neither needed nor checked.
 */
const regenerateForm = z.object({ intent: z.literal("regenerate"), ...chatChoices }).transform((form, context) => {
  const question = form.history.findLastIndex((message) => message.role === "user");
  const content = form.history[question]?.content.trim();
  if (form.history.at(-1)?.role !== "assistant" || !content) {
    context.addIssue({ code: "custom", path: ["intent"], message: nothingToRegenerate });
    return z.NEVER;
  }
  // The question goes again with the files it was sent with.
  return { ...form, message: content, history: form.history.slice(0, question), attached: form.history[question]!.attachments };
});

/** The chat page's form, posted to its action (no JavaScript) or to /api/chat: Send or Regenerate. */
export const chatPageForm = z.discriminatedUnion("intent", [chatForm.extend({ intent: z.literal("send").optional() }), regenerateForm], {
  error: "Unknown action: use Send or Regenerate.",
});

export type ChatInput = z.infer<typeof chatForm>;

/** A whole conversation fits in the form: 21 messages of 4,000 characters, even percent-encoded. */
export const CHAT_MAX_FORM_BYTES = 1024 * 1024;
