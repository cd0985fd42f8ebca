/** One conversation as the chat page's list shows it (app/server/workspace/conversation-list.server.ts reads it). */
export type ConversationSummary = {
  id: string;
  title: string;
  pinned: boolean;
  updatedAt: number;
  /** A new conversation whose first reply is being written: its id, the page that follows the reply (decision 075). */
  writing?: string;
};

/** A project as the chat page's list shows it when it is open (docs/decisions/071). */
export type ProjectView = { id: string; name: string; instructions: string; files: { id: string; name: string; details: string }[] };

/** A refused project form, shown again beside its field with what was typed (a 400). */
export type ProjectFormState = { intent: string; field: string; error: string; values: { name?: string; instructions?: string } };

/**
 * The list beside the chat: the subscriber's conversations (of the open project, or of none), the
 * search typed, the conversation open; their projects and the one open.
 */
export type ConversationListData = {
  items: ConversationSummary[];
  q: string;
  openedId?: string;
  projects?: { id: string; name: string }[];
  project?: ProjectView;
  projectForm?: ProjectFormState;
};

/** The page that shows a conversation's reply being written and follows it (decision 072), in its project if it has one. */
export const replyPageAddress = (conversation: string, projectId?: string | null) =>
  `/conversational-ai?conversation=${conversation}${projectId ? `&p=${projectId}` : ""}`;
