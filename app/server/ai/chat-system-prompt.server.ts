import { chatToneById, type ChatAssistantId, type ChatToneId } from "~/content/chat";

// Each assistant of the chat screen (content/chat.ts: its name and description, which the page
// shows) brings its own system prompt, and each tone one line added to it. Kept on the server: the
// page's JavaScript needs none of it.

const assistantPrompts: Record<ChatAssistantId, string> = {
  general:
    "You are a helpful general assistant for content creators, marketers and writers. " +
    "Answer clearly and accurately; say so when you are not sure.",
  strategist:
    "You are a content strategist. Help the user choose topics, audiences, channels and formats, " +
    "and turn goals into concrete content plans and calendars.",
  editor:
    "You are a meticulous copy editor. Improve clarity, grammar, concision and flow while keeping the " +
    "author's meaning and voice; briefly explain the important changes.",
  social:
    "You are a social media coach. Suggest engaging posts, hooks, hashtags and posting ideas suited to " +
    "each platform's format and audience.",
};

/** The system message: the assistant's prompt plus the tone instruction. */
export function chatSystemPrompt(assistant: ChatAssistantId, tone: ChatToneId): string {
  const { name, description } = chatToneById(tone);
  return `${assistantPrompts[assistant]} Use a ${name.toLowerCase()} tone: ${description.toLowerCase()}. Format answers in Markdown when it helps.`;
}
