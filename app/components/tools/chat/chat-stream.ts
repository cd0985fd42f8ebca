import type { ChatRefusal, ChatStreamEvent } from "~/shared/chat-events";
import { readEvents } from "~/shared/chat-event-lines";

// The browser's side of POST /api/chat: a fetch whose body is read as it arrives, line by line.

export class ChatRefused extends Error {
  constructor(
    message: string | undefined,
    readonly status: number,
    /** A subscriber over quota: where to get more. */
    readonly upgradeUrl?: string,
    /** Fields to fix (a refused file), as the page's action says them. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message ?? `HTTP ${status}`);
  }
}

/** Posts the chat form and yields the reply's events; a refusal before streaming throws ChatRefused. */
export function streamChat(form: FormData, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  return events(fetch("/api/chat", { method: "POST", body: form, signal }));
}

/** The reply from the characters the page has on, from the conversation's turn, which goes on writing it after a cut. */
export function followChat(conversation: string, after: number, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  return events(fetch(`/api/chat?conversation=${conversation}&after=${after}`, { signal }));
}

async function* events(answer: Promise<Response>): AsyncGenerator<ChatStreamEvent> {
  const response = await answer;
  if (!response.ok || !response.body) {
    const refusal = (await response.json().catch(() => null)) as ChatRefusal | null;
    throw new ChatRefused(refusal?.error, response.status, refusal?.upgradeUrl, refusal?.fieldErrors);
  }
  yield* readEvents(response.body);
}

// A sentence ends at . ! ? or … followed by whitespace, or at a line break — but the dot of a list
// number ("1. Item") ends nothing.
const SENTENCE_END = /[.!?…]+(?=\s)|\n/g;
const LIST_NUMBER = /(?:^|\n)\s*\d+$/;

function lastSentenceEnd(text: string): number {
  let end = -1;
  for (const match of text.matchAll(SENTENCE_END)) {
    if (match[0] !== "\n" && LIST_NUMBER.test(text.slice(0, match.index))) continue;
    end = match.index + match[0].length;
  }
  return end;
}

/**
 * Collects streamed text and hands over whole sentences for a screen reader to announce, instead
 * of every token; `flush` hands over whatever is left when the reply ends.
 */
export function sentenceCollector(announce: (sentences: string) => void) {
  let pending = "";
  const hand = (text: string) => {
    // Markdown's markers mean nothing read aloud.
    const trimmed = text.replace(/[*_`~#>]+/g, "").trim();
    if (trimmed) announce(trimmed);
  };
  return {
    push(text: string) {
      pending += text;
      const end = lastSentenceEnd(pending);
      if (end < 0) return;
      hand(pending.slice(0, end));
      pending = pending.slice(end);
    },
    flush() {
      hand(pending);
      pending = "";
    },
  };
}
