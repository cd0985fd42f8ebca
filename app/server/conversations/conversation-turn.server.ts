import { DurableObject } from "cloudflare:workers";
import type { ChatMessage } from "~/forms/chat-history";
import type { ChatPiece, ChatRequest } from "~/shared/ai-types";
import { accountExists } from "../account/sessions.server";
import { engineFor, type EngineSettings } from "../ai/engine.server";
import { userMessageForProviderError } from "../ai/provider-errors.server";
import { renderReply } from "../content/cited-reply.server";
import { describeError, log } from "../log.server";
import { runWithRequestContext } from "../request-context.server";
import { forgetConversationStarted, keepConversationStarted, recordToolResult, type HistorySource } from "../workspace/history.server";
import { signedReply } from "./reply-signature.server";
import { TurnRecorder, type TurnRecord } from "./turn-record.server";

// One Durable Object per conversation (its owner and id: running-turns.server.ts) runs the
// conversation's reply (docs/decisions/072): it calls the engine, hands the reply to every page
// following it, and keeps a subscriber's finished conversation in their history, whether or not a
// page is still there. It holds at most one running turn; a finished turn is kept (storage) for
// TURN_KEPT_SECONDS, so a page that comes back can show it, then deleted.

/** How long a finished turn stays readable after its end. */
export const TURN_KEPT_SECONDS = 10 * 60;

/** A turn as the Worker starts it: the engine's request and what the page shows of the conversation. */
export type TurnStart = {
  /** The engine the request chose (its settings as the Worker read them). */
  engine: EngineSettings;
  request: ChatRequest;
  history: ChatMessage[];
  user: ChatMessage;
  replyId: string;
  values: Record<string, string>;
  /** A subscriber's conversation is kept in their history once the reply is complete. */
  keep?: { email: string; source: HistorySource; values: Record<string, unknown> };
  /** The reply's events from its start, for a request that streams them (one call instead of start, then follow). */
  follow?: true;
  requestId?: string;
};

export type TurnStarted = { started: true; events?: ReadableStream<Uint8Array> } | { busy: true } | { failed: string };

export class ConversationTurn extends DurableObject<Env> {
  private turn?: TurnRecorder;
  private upstream?: AbortController;
  private ending?: Promise<void>;
  /** Set while a start waits for the engine's first piece: a second start then is refused too. */
  private starting = false;

  /**
   * Starts the turn and answers once the engine's first piece came (or it failed outright, which
   * the Worker answers with a status and the spec's message). Refused while a turn is running.
   */
  async start(start: TurnStart): Promise<TurnStarted> {
    if (this.turn?.running || this.starting) return { busy: true };
    this.starting = true;
    return runWithRequestContext({ requestId: start.requestId ?? crypto.randomUUID(), nonce: "" }, async () => {
      const upstream = new AbortController();
      let pieces: AsyncIterator<ChatPiece>;
      let first: IteratorResult<ChatPiece>;
      try {
        // The last turn's end is stored and its listing cleared before another starts over it.
        await this.ending?.catch(() => undefined);
        // Inside the try: an engine that throws before its first piece must not leave `starting` set.
        pieces = engineFor(start.engine).chat(start.request, upstream.signal)[Symbol.asyncIterator]();
        first = await pieces.next();
      } catch (error) {
        log("error", "chat reply failed before its first piece", describeError(error));
        return { failed: userMessageForProviderError("chat", error) };
      } finally {
        this.starting = false;
      }
      const record: TurnRecord = {
        history: start.history,
        user: start.user,
        replyId: start.replyId,
        text: "",
        citations: [],
        values: start.values,
        startedAt: Date.now(),
        ...listedAs(start),
      };
      this.turn = new TurnRecorder(record);
      this.upstream = upstream;
      // Marked as running in storage too: an object restarted mid-turn (a deploy) then says the reply
      // broke off, when a page reads it or, if none does, when this alarm comes (it comes again while a reply runs).
      await this.store(record);
      const events = start.follow ? this.turn.follow(0) : undefined;
      this.ending = this.write(this.turn, first, pieces, start.keep);
      this.ctx.waitUntil(this.ending);
      return { started: true, ...(events ? { events } : {}) };
    });
  }

  /** The turn as a page shows it: the conversation so far and whether the reply is still coming; null when none is kept. */
  async read(): Promise<{ record: TurnRecord; running: boolean } | null> {
    const turn = await this.current();
    return turn ? { record: turn.record, running: turn.running } : null;
  }

  /** The reply from `after` characters on (turn-record.server.ts); null when no turn is kept, "busy" when it has too many followers. */
  async follow(after: number): Promise<ReadableStream<Uint8Array> | null | "busy"> {
    const turn = await this.current();
    if (!turn) return null;
    return turn.follow(after) ?? "busy";
  }

  /** Resolves when the running turn has ended, with how: the Worker gives a broken-off reply's units back. */
  async ended(): Promise<"done" | "error" | "stopped" | "none"> {
    await this.ending;
    return this.turn?.record.end?.type ?? "none";
  }

  /** Stop: the provider is left and the reply ends where it is (charged, not kept). False when nothing was running. */
  async stop(): Promise<boolean> {
    if (!this.turn?.running) return false;
    this.upstream?.abort();
    this.turn.finish({ type: "stopped" });
    await this.ending;
    return true;
  }

  /** Lists the conversation the record says to list while its first reply is written: whether it is listed. */
  private async listStarted(record: TurnRecord, keep: TurnStart["keep"]): Promise<boolean> {
    if (!keep || !record.listedAs) return false;
    return keepConversationStarted(keep.email, record.listedAs.conversation, {
      source: keep.source,
      input: keep.values,
      question: record.user,
    });
  }

  private async unlist(record: TurnRecord): Promise<void> {
    if (!record.listedAs) return;
    await forgetConversationStarted(record.listedAs.email, record.listedAs.conversation).catch((error: unknown) =>
      log("error", "a started conversation could not be unlisted", describeError(error)),
    );
  }

  override async alarm() {
    // A reply still being written here: look again later.
    if (this.turn?.running) return this.ctx.storage.setAlarm(Date.now() + TURN_KEPT_SECONDS * 1000);
    // Restarted mid-reply and never read since: end that turn first (it unlists and sets the alarm again).
    if (!this.turn && (await this.ctx.storage.get<TurnRecord>("turn"))?.end === undefined) {
      if (await this.current()) return;
    }
    this.turn = undefined;
    await this.ctx.storage.deleteAll();
  }

  /** The turn in memory, or the one kept in storage (this object was evicted since), which cannot still be running. */
  private async current(): Promise<TurnRecorder | undefined> {
    if (this.turn) return this.turn;
    const stored = await this.ctx.storage.get<TurnRecord>("turn");
    if (!stored) return undefined;
    this.turn = new TurnRecorder(stored);
    // Stored as running but nothing runs here: the object restarted mid-reply (a deploy). The end
    // is stored and the alarm set, as after any end, so the record does not outlive its minutes.
    if (this.turn.running) {
      this.turn.finish({ type: "error", message: "The reply was interrupted. Please send your message again." });
      await this.unlist(this.turn.record);
      await this.store(this.turn.record);
    }
    return this.turn;
  }

  private async write(
    turn: TurnRecorder,
    first: IteratorResult<ChatPiece>,
    pieces: AsyncIterator<ChatPiece>,
    keep: TurnStart["keep"],
  ): Promise<void> {
    const { record } = turn;
    // A subscriber's new conversation is in their list from its first reply's start (decision 075),
    // written beside the reply (not before it, which would delay the first piece).
    const listed = this.listStarted(record, keep);
    let kept = false;
    try {
      for (let next = first; !next.done && turn.running; next = await pieces.next()) {
        if (next.value.type === "citation") turn.addCitation(next.value.citation);
        else if (!turn.addText(next.value.text)) throw new Error("The reply passed the turn's text limit.");
      }
      if (turn.running) {
        const { text, citations } = record;
        const { signature } = await signedReply<ChatMessage>({ id: "", role: "assistant", content: text, citations });
        // Kept before the end is sent, so a page that has the end finds the conversation in the
        // history; and only while the account exists: its deletion may have come during the reply.
        const reply = { role: "assistant", content: text, ...(citations.length ? { citations } : {}) };
        // Listed, it is kept in that item: deleted from the list meanwhile, it is not kept.
        const startedAs = (await listed) ? record.listedAs?.conversation : undefined;
        // Not after a Stop that came while the listing was awaited.
        if (keep && turn.running && (await accountExists(keep.email))) {
          const conversation = [...record.history, record.user, reply];
          // A record that failed (logged) leaves no item saying a reply is still being written.
          kept = (await recordToolResult(keep.email, "chat", keep.source, keep.values, { conversation }, { startedAs })) !== undefined;
        }
        turn.finish({
          type: "done",
          html: renderReply(text, citations),
          ...(citations.length ? { citations } : {}),
          ...(signature ? { signature } : {}),
        });
        log("info", "chat reply", { ms: Date.now() - record.startedAt, chars: text.length, citations: citations.length });
      } else {
        log("info", "chat stopped", { ms: Date.now() - record.startedAt, chars: record.text.length });
        await pieces.return?.().catch(() => undefined);
      }
    } catch (error) {
      if (turn.running) {
        log("error", "chat stream failed", { ms: Date.now() - record.startedAt, chars: record.text.length, ...describeError(error) });
        turn.finish({ type: "error", message: userMessageForProviderError("chat", error) });
      }
    }
    this.upstream = undefined;
    // Stopped, broken off or its account deleted meanwhile: a conversation listed at the start leaves
    // the list; so does one whose listing said it failed (it may have been written all the same).
    if (!kept || !(await listed)) await this.unlist(record);
    await this.store(record);
  }

  /** The turn in storage, and the alarm that deletes it TURN_KEPT_SECONDS on (or looks again, while it runs). */
  private async store(record: TurnRecord): Promise<void> {
    await this.ctx.storage.put("turn", record);
    await this.ctx.storage.setAlarm(Date.now() + TURN_KEPT_SECONDS * 1000);
  }
}

/** A subscriber's new conversation (no earlier messages) is listed while its first reply is written. */
function listedAs({ keep, history, values }: TurnStart): Pick<TurnRecord, "listedAs"> {
  return keep && history.length === 0 && values.conversation ? { listedAs: { email: keep.email, conversation: values.conversation } } : {};
}
