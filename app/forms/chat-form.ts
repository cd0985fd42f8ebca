import { z } from "~/forms/zod";
import { chatAssistantIds, chatAssistants, chatToneIds, chatTones } from "~/content/chat";
import { nextMessageId, type ChatMessage } from "./chat-history";
import { attachedField, carriedAttachments } from "./chat-attachments-form";
import { carriedCitationLimits, keptCitations, readCarriedCitation } from "./chat-citations";
import { limits } from "./limits";
import { formatCount } from "./format-count";
import { requiredText } from "./required-text";
import { projectField } from "./project-forms";

// The chat form (spec §5: a non-blank message), parsed by the page's action (no JavaScript) and by
// the streaming route alike, so both answer the same input with the same 400 and message.

const historyMessage =
  `The conversation could not be read: each earlier message needs a role (user or assistant) and at most ` +
  `${formatCount(limits.chatMessage)} characters. Please clear the chat and start again.`;

const unreadableSources =
  `The sources of an earlier reply could not be read: each needs a web address, a title and the span of the reply it supports. ` +
  `Please clear the chat and start again.`;

const historyEntry = z
  .object(
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
      // A reply's web sources, so that it keeps its links when the conversation is rendered again.
      citations: z.array(z.unknown(), { message: unreadableSources }).max(carriedCitationLimits.received, unreadableSources).optional(),
      // The server's signature on a reply it produced (docs/decisions/057); one that does not verify only means 'not signed'.
      signature: z.string({ message: historyMessage }).max(100, historyMessage).optional(),
    },
    { message: historyMessage },
  )
  .transform(({ citations, signature, ...fields }, context): ChatMessage => {
    const message = { ...fields, ...(fields.role === "assistant" && signature ? { signature } : {}) };
    if (!citations?.length) return message;
    if (citations.some((citation) => readCarriedCitation(citation, message.content.length) === undefined)) {
      context.addIssue({ code: "custom", message: unreadableSources, path: ["citations"] });
      return z.NEVER;
    }
    // Only a reply has sources, and it keeps the first ones (titles cut), as the page carries them.
    return { ...message, ...keptCitations(message.role, citations, message.content.length) };
  });

// Longer conversations are not an error: only the last 20 messages travel on (older ones drop
// off), and only those are validated. A form carries them as JSON text, a JSON body as an array.
const history = z
  .union([z.string(), z.array(z.unknown())], { message: historyMessage })
  .optional()
  .transform((value, context) => {
    try {
      const parsed: unknown = typeof value === "string" || value === undefined ? JSON.parse(value?.trim() || "[]") : value;
      if (Array.isArray(parsed)) return parsed.slice(-limits.chatHistory);
    } catch {
      // reported below
    }
    context.addIssue({ code: "custom", message: historyMessage });
    return z.NEVER;
  })
  .pipe(z.array(historyEntry));

/** The carried conversation, also what Share stores (app/forms/share-form.ts). */
export { history as chatHistoryField };

const chatChoices = {
  assistant: z.enum(chatAssistantIds, {
    message: `Unknown assistant. Choose one of: ${chatAssistants.map((assistant) => assistant.name).join(", ")}.`,
  }),
  tone: z.enum(chatToneIds, {
    message: `Unknown tone. Choose one of: ${chatTones.map((tone) => tone.name).join(", ")}.`,
  }),
  history,
  // The project the chat is in (docs/decisions/071): the page's hidden field, the API's `project`.
  project: projectField,
};

/**
 * 'Search the web' for this message: the page's checkbox sends "on", the API's JSON `true`/`false`
 * (a multipart part, as text); absent is off. Anything else is refused rather than read as off.
 */
export const webSearchField = z
  .union([z.boolean(), z.enum(["on", "true", "false"])], { message: "web_search must be true or false." })
  .optional()
  .transform((value) => value === true || value === "on" || value === "true");

/** One message to answer: the developer API's chat, and the page's Send. */
export const chatForm = z.object({
  message: requiredText(limits.chatMessage, "Please enter a message.", "message"),
  attached: attachedField,
  ...chatChoices,
  web_search: webSearchField,
});

const nothingToRegenerate = "There is no answer to regenerate yet: send a message first.";
const nothingToEdit = "There is no message to edit yet: send one first.";

/** A conversation's id as the page carries it (random, URL-safe): it names the Durable Object that writes its replies (docs/decisions/072). */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{16,64}$/;

// The page's own choices (not the developer API's): a temporary chat is never kept in the history.
const pageChoices = {
  ...chatChoices,
  web_search: webSearchField,
  conversation: z.string().regex(CONVERSATION_ID, "The conversation could not be read: please clear the chat and start again.").optional(),
  temporary: z
    .enum(["on"], { message: 'Temporary chat is either "on" or left out.' })
    .optional()
    .transform((value) => value === "on"),
};

/** Whether a chat's conversation may be kept in a subscriber's history: never a temporary one. */
export const keptInHistory = (input: object) => !("temporary" in input && input.temporary === true);

/**
 * 'Regenerate' (the page's no-JavaScript button): the last question is asked again and the answer
 * after it is dropped, so the same engine call as a sent message answers it. Whatever is typed in
 * the message box meanwhile is neither needed nor checked.
 */
const regenerateForm = z.object({ intent: z.literal("regenerate"), ...pageChoices }).transform((form, context) => {
  const question = form.history.findLastIndex((message) => message.role === "user");
  const content = form.history[question]?.content.trim();
  if (form.history.at(-1)?.role !== "assistant" || !content) {
    context.addIssue({ code: "custom", path: ["intent"], message: nothingToRegenerate });
    return z.NEVER;
  }
  // The question goes again with the files it was sent with.
  return { ...form, message: content, history: form.history.slice(0, question), attached: form.history[question]!.attachments };
});

/**
 * 'Save & resend' of the last message's Edit (docs/decisions/050): the last question and whatever
 * followed it are dropped and the edited text is sent in its place, validated like a new message.
 * The message box is not read, so what is typed there stays.
 */
const editForm = z
  .object({ intent: z.literal("edit"), edited: requiredText(limits.chatMessage, "Please enter a message.", "message"), ...pageChoices })
  .transform(({ edited, ...form }, context) => {
    const question = form.history.findLastIndex((message) => message.role === "user");
    if (question < 0) {
      context.addIssue({ code: "custom", path: ["intent"], message: nothingToEdit });
      return z.NEVER;
    }
    // The edited question keeps the files it was sent with.
    return { ...form, message: edited, history: form.history.slice(0, question), attached: form.history[question]!.attachments };
  });

/** The chat page's form, posted to its action (no JavaScript) or to /api/chat: Send, Regenerate or Edit. */
export const chatPageForm = z.discriminatedUnion(
  "intent",
  [chatForm.extend({ intent: z.literal("send").optional(), ...pageChoices }), regenerateForm, editForm],
  { error: "Unknown action: use Send, Regenerate or Edit." },
);

export type ChatInput = z.infer<typeof chatForm>;

/** A whole conversation fits in the form: 21 messages of 4,000 characters, even percent-encoded. */
export const CHAT_MAX_FORM_BYTES = 1024 * 1024;
