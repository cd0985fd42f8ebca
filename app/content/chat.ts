import { catalogOf } from "./catalog";
// The chat screen's catalogs (spec §3 'Assistant option' and 'Chat tone'). Ids are what the form
// posts and the engine receives; their system prompts are the server's (server/ai/chat-system-prompt.server.ts).

export const chatAssistants = [
  { id: "general", name: "General Assistant", description: "Answers questions and helps with everyday tasks" },
  { id: "strategist", name: "Content Strategist", description: "Plans topics, audiences and content calendars" },
  { id: "editor", name: "Copy Editor", description: "Tightens, corrects and polishes your writing" },
  { id: "social", name: "Social Media Coach", description: "Crafts posts, hooks and hashtags that engage" },
] as const;
export type ChatAssistantId = (typeof chatAssistants)[number]["id"];
export const { ids: chatAssistantIds } = catalogOf(chatAssistants);
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
