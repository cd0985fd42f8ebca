import type { AttachmentRef } from "~/forms/chat-attachments";
import type { ChatMessage } from "~/forms/chat-history";
import type { ChatCitation } from "~/shared/ai-types";
import type { ChatStreamEvent } from "~/shared/chat-events";

// One conversation's turn as its Durable Object holds it (conversation-turn.server.ts): the
// conversation it continues, the reply so far and how it ended, and the pages following it. A
// follower says how much of the reply it has (`after`, in characters of the reply's text, as
// JavaScript counts them): it gets the rest in one piece, then every new piece as it comes, then
// the end. Counting characters rather than events means no piece is lost or shown twice however
// the provider's pieces were cut, and a finished turn needs only its text kept, not its events.

/** How a turn ended: its reply complete (rendered, signed), broken off by the provider, or stopped. */
export type TurnEnd =
  Extract<ChatStreamEvent, { type: "done" }> | Extract<ChatStreamEvent, { type: "error" }> | Extract<ChatStreamEvent, { type: "stopped" }>;

/** What is stored: enough to show the conversation again and to answer a follower, not its events. */
export type TurnRecord = {
  /** The conversation before this turn, as the page carried it. */
  history: ChatMessage[];
  user: ChatMessage;
  /** The reply's message id, fixed when the turn starts so every page shows the same one. */
  replyId: string;
  text: string;
  citations: ChatCitation[];
  /** The page's choices for the next message (assistant, tone), so a page showing the turn keeps them. */
  values: Record<string, string>;
  end?: TurnEnd;
  startedAt: number;
  /** A new conversation listed in its subscriber's history while its first reply is written (decision 075). */
  listedAs?: { email: string; conversation: string };
};

/** The most text one turn holds: a reply is 500 output tokens (models.server.ts), some 3,000 characters. */
export const TURN_TEXT_LIMIT = 32_000;

/** Pages following one turn at once (tabs, devices): more are refused, so the object's memory stays bounded. */
export const TURN_FOLLOWER_LIMIT = 16;

const encoder = new TextEncoder();
const line = (event: ChatStreamEvent) => encoder.encode(`${JSON.stringify(event)}\n`);

export class TurnRecorder {
  readonly followers = new Set<ReadableStreamDefaultController<Uint8Array>>();

  constructor(readonly record: TurnRecord) {}

  get running() {
    return this.record.end === undefined;
  }

  /** The files the message was sent with, first on every follower's stream: the page carries their ids from then on. */
  private get attachments(): AttachmentRef[] | undefined {
    return this.record.user.attachments;
  }

  /** A piece of the reply, sent to every follower; false once the turn holds as much text as it may. */
  addText(text: string): boolean {
    if (!this.running || !text) return this.running;
    this.record.text += text;
    this.send({ type: "token", text });
    return this.record.text.length <= TURN_TEXT_LIMIT;
  }

  addCitation(citation: ChatCitation) {
    this.record.citations.push(citation);
  }

  finish(end: TurnEnd) {
    if (!this.running) return;
    this.record.end = end;
    this.send(end);
    for (const follower of this.followers) follower.close();
    this.followers.clear();
  }

  /**
   * The reply from `after` characters on, as NDJSON lines: what was written since in one piece,
   * then each new piece, then the end. Undefined when the turn already has as many followers as it may.
   */
  follow(after: number): ReadableStream<Uint8Array> | undefined {
    if (this.running && this.followers.size >= TURN_FOLLOWER_LIMIT) return undefined;
    let self: ReadableStreamDefaultController<Uint8Array> | undefined;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        if (this.attachments) controller.enqueue(line({ type: "attachments", attachments: this.attachments }));
        const rest = this.record.text.slice(Math.max(0, after));
        if (rest) controller.enqueue(line({ type: "token", text: rest }));
        if (this.record.end) {
          controller.enqueue(line(this.record.end));
          controller.close();
          return;
        }
        self = controller;
        this.followers.add(controller);
      },
      // A page that leaves only stops following: the reply goes on.
      cancel: () => {
        if (self) this.followers.delete(self);
      },
    });
  }

  private send(event: ChatStreamEvent) {
    const bytes = line(event);
    for (const follower of this.followers) {
      try {
        follower.enqueue(bytes);
      } catch {
        // A follower whose stream closed under it (its page left) is dropped.
        this.followers.delete(follower);
      }
    }
  }
}
