import { useEffect, useId, useRef, type ReactNode } from "react";
import { AiGeneratedBadge } from "~/components/ui/ai-generated-label";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { ShownMessage } from "~/forms/chat-history";
import { AttachmentChips } from "./chat-attachments";
import { RenderedReply } from "./rendered-reply";

type MessageListProps = {
  messages: ShownMessage[];
  pending: boolean;
  hydrated: boolean;
  /** What goes under a message (copy, edit: message-actions.tsx); nothing by default. */
  actions?: (message: ShownMessage, index: number) => ReactNode;
};

/**
 * The 500px conversation area (spec §2). It is a column-reverse flex box, so the browser keeps it
 * scrolled to the newest message by itself — also without JavaScript, after a form post — and a
 * reply growing at the bottom stays in view. With JavaScript a new message scrolls it smoothly
 * back to the bottom (instantly when the visitor prefers reduced motion).
 */
export function MessageList({ messages, pending, hydrated, actions }: MessageListProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const count = messages.length;

  useEffect(() => {
    const box = boxRef.current;
    if (!box || count === 0) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    // In a column-reverse box the bottom is scrollTop 0.
    box.scrollTo({ top: 0, behavior: reduced ? "auto" : "smooth" });
  }, [count, pending]);

  return (
    <div
      ref={boxRef}
      role="region"
      aria-label="Conversation"
      tabIndex={0}
      className="flex h-[500px] flex-col-reverse overflow-y-auto overscroll-contain px-4 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-400 sm:px-5"
    >
      <div className="flex min-h-full shrink-0 flex-col">
        {count === 0 && !pending ? (
          <div className="m-auto flex flex-col items-center gap-3 text-center text-slate-300">
            <Icon path={icons.messagesSquare} className="size-10 text-sky-300/80" />
            <p>Start a conversation with AI</p>
          </div>
        ) : (
          <ol className="mt-auto grid gap-4" aria-label="Messages">
            {messages.map((message, index) => (
              <Message key={`${index}-${message.id}`} message={message} hydrated={hydrated}>
                {actions?.(message, index)}
              </Message>
            ))}
          </ol>
        )}
        {pending ? (
          <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-300">
            <span className="flex gap-1" aria-hidden="true">
              <span className="size-1.5 animate-bounce rounded-full bg-sky-300 motion-reduce:animate-none" />
              <span className="size-1.5 animate-bounce rounded-full bg-sky-300 [animation-delay:150ms] motion-reduce:animate-none" />
              <span className="size-1.5 animate-bounce rounded-full bg-sky-300 [animation-delay:300ms] motion-reduce:animate-none" />
            </span>
            AI is typing...
          </p>
        ) : null}
      </div>
    </div>
  );
}

// Sanitized on the server (renderMarkdown); only styled here.
const markdownClass =
  "[&_a]:text-sky-300 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-950/60 [&_code]:px-1 [&_h2]:text-lg [&_h2]:font-bold [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-950/60 [&_pre]:p-3 [&_strong]:text-white [&_ul]:list-disc [&_ul]:pl-5 [&>*+*]:mt-2 [&_em]:text-slate-300";

const bubbleClass = {
  mine: "rounded-tr-sm bg-indigo-600 text-white",
  ai: "rounded-tl-sm bg-slate-800 text-slate-100",
  // A shared page's 'assistant' text the server never signed (docs/decisions/057): the sharer's words, not the site's.
  supplied: "rounded-tl-sm border border-dashed border-amber-300/50 bg-slate-900 text-slate-200",
};

function Message({ message, hydrated, children }: { message: ShownMessage; hydrated: boolean; children?: ReactNode }) {
  const mine = message.role === "user";
  const kind = mine ? "mine" : message.supplied ? "supplied" : "ai";
  const aiLabelId = useId();
  return (
    <li className={`flex items-start gap-3 ${mine ? "flex-row-reverse" : ""}`}>
      <span
        className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full ${kind === "ai" ? "bg-gradient-to-br from-indigo-500 to-sky-500" : "bg-slate-700"}`}
        aria-hidden="true"
      >
        <Icon path={kind === "ai" ? icons.bot : icons.userRound} className="size-4 text-white" />
      </span>
      <div className={`min-w-0 max-w-[85%] ${mine ? "text-right" : ""}`}>
        <p className="text-xs text-slate-400">
          {/* A reply's speaker is its label: the words say who wrote it and that it is AI-generated. */}
          {kind === "ai" ? (
            <AiGeneratedBadge id={aiLabelId} />
          ) : (
            <span className="font-medium text-slate-300">
              {kind === "mine" ? "You" : "Supplied by the person who shared this, not an AI reply"}
            </span>
          )}{" "}
          · <MessageTime id={message.id} hydrated={hydrated} />
          {message.stopped ? <span> · stopped</span> : null}
        </p>
        <div
          aria-describedby={kind === "ai" ? aiLabelId : undefined}
          className={`mt-1 inline-block rounded-2xl px-4 py-2.5 text-left break-words ${bubbleClass[kind]}`}
        >
          {message.html ? (
            <RenderedReply className={markdownClass} html={message.html} />
          ) : (
            <p className="whitespace-pre-wrap">{message.content}</p>
          )}
        </div>
        {message.attachments?.length || message.sending?.length || message.sharedFiles?.length ? (
          <div className={`mt-1.5 flex ${mine ? "justify-end" : ""}`}>
            <AttachmentChips files={message.attachments ?? message.sending ?? message.sharedFiles ?? []} />
          </div>
        ) : null}
        {children}
      </div>
    </li>
  );
}

/**
 * The message's time (its id is the timestamp). The server cannot know the visitor's time zone,
 * so server-rendered pages show UTC and say so; once JavaScript runs, local time.
 */
function MessageTime({ id, hydrated }: { id: string; hydrated: boolean }) {
  const date = new Date(Number(id));
  if (Number.isNaN(date.getTime())) return null;
  const options = { hour: "2-digit", minute: "2-digit" } as const;
  const shown = hydrated
    ? date.toLocaleTimeString([], options)
    : `${date.toLocaleTimeString("en-GB", { ...options, timeZone: "UTC" })} UTC`;
  return <time dateTime={date.toISOString()}>{shown}</time>;
}
