import { catalogOf } from "./catalog";
// The chat screen's catalogs (spec §3 'Assistant option' and 'Chat tone'). Ids are what the form
// posts and the engine receives; each assistant brings its own system prompt, each tone one line
// added to it.

export const chatAssistants = [
  {
    id: "general",
    name: "General Assistant",
    description: "Answers questions and helps with everyday tasks",
    systemPrompt:
      "You are a helpful general assistant for content creators, marketers and writers. " +
      "Answer clearly and accurately; say so when you are not sure.",
  },
  {
    id: "strategist",
    name: "Content Strategist",
    description: "Plans topics, audiences and content calendars",
    systemPrompt:
      "You are a content strategist. Help the user choose topics, audiences, channels and formats, " +
      "and turn goals into concrete content plans and calendars.",
  },
  {
    id: "editor",
    name: "Copy Editor",
    description: "Tightens, corrects and polishes your writing",
    systemPrompt:
      "You are a meticulous copy editor. Improve clarity, grammar, concision and flow while keeping the " +
      "author's meaning and voice; briefly explain the important changes.",
  },
  {
    id: "social",
    name: "Social Media Coach",
    description: "Crafts posts, hooks and hashtags that engage",
    systemPrompt:
      "You are a social media coach. Suggest engaging posts, hooks, hashtags and posting ideas suited to " +
      "each platform's format and audience.",
  },
] as const;
export type ChatAssistantId = (typeof chatAssistants)[number]["id"];
export const { ids: chatAssistantIds, byId: chatAssistantById } = catalogOf(chatAssistants);
export const defaultChatAssistant: ChatAssistantId = "general";

export const chatTones = [
  { id: "professional", name: "Professional", description: "Formal and business-like" },
  { id: "friendly", name: "Friendly", description: "Casual and approachable" },
  { id: "creative", name: "Creative", description: "Imaginative and artistic" },
  { id: "academic", name: "Academic", description: "Scholarly and detailed" },
] as const;
export type ChatToneId = (typeof chatTones)[number]["id"];
export const { ids: chatToneIds, byId: chatToneById } = catalogOf(chatTones);
export const defaultChatTone: ChatToneId = "professional";

/** The system message: the assistant's prompt plus the tone instruction. */
export function chatSystemPrompt(assistant: ChatAssistantId, tone: ChatToneId): string {
  const { name, description } = chatToneById(tone);
  return `${chatAssistantById(assistant).systemPrompt} Use a ${name.toLowerCase()} tone: ${description.toLowerCase()}. Format answers in Markdown when it helps.`;
}
