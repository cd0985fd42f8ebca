import { postForm } from "./helpers";

// The chat as its page speaks it: the form's fields, the stream /api/chat answers, and the
// conversation the page carries from one post to the next.

/** The chat form as the page sends it; `history` is the conversation so far. */
export function chatFields(
  message: string,
  { assistant = "general", tone = "professional", history = [] as unknown[] } = {},
): Record<string, string> {
  return { message, assistant, tone, history: JSON.stringify(history) };
}

/** POST /api/chat, the streaming route the page uses with JavaScript. */
export function postChatStream(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm("/api/chat", fields, headers);
}

export type ChatEvent = { type: "token"; text: string } | { type: "done"; html: string } | { type: "error"; message: string };

/** The whole chat stream as events (one JSON object per line). */
export async function chatEvents(response: Response): Promise<ChatEvent[]> {
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as ChatEvent);
}

/** The streamed reply's text: its tokens joined. */
export function chatReplyText(events: ChatEvent[]): string {
  return events.flatMap((event) => (event.type === "token" ? [event.text] : [])).join("");
}

/** A message as the chat page carries it in its hidden history field. */
export type CarriedMessage = {
  id: string;
  role: string;
  content: string;
  attachments?: {
    id: string;
    kind: string;
    name: string;
    bytes: number;
    words?: number;
    pages?: number;
    width?: number;
    height?: number;
  }[];
  citations?: { url: string; title: string; start: number; end: number }[];
};

/** The conversation the chat page's next post carries (its hidden history field), HTML entities decoded. */
export function carriedHistory(html: string): CarriedMessage[] {
  const value = /<input type="hidden" name="history" value="([^"]*)"/.exec(html)?.[1] ?? "[]";
  return JSON.parse(
    value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&"),
  );
}
