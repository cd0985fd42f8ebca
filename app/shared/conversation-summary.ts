/** One conversation as the chat page's list shows it (app/server/workspace/conversation-list.server.ts reads it). */
export type ConversationSummary = { id: string; title: string; pinned: boolean; updatedAt: number };

/** The list beside the chat: the subscriber's conversations, the search typed, the conversation open. */
export type ConversationListData = { items: ConversationSummary[]; q: string; openedId?: string };
