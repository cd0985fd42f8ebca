import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { historyFieldValue, nextMessageId, readHistoryField, type ShownMessage } from "~/forms/chat-history";
import { failureMessages } from "~/shared/failure-messages";
import type { ChatAllowance } from "~/shared/chat-allowance";
import type { ChatResult, ChatStreamEvent } from "~/shared/chat-events";
import type { ShareState } from "~/shared/shared-conversation";
import type { ToolActionData } from "~/shared/tool-action-data";
import { chosenFilesProblem } from "./chat-attachments";
import { ChatRefused, followChat, sentenceCollector, streamChat } from "./chat-stream";
import { readListAgain } from "./read-list-again";
import { useKeptInSession } from "../use-kept-in-session";
import { useValueTypedBeforeHydration } from "../use-value-typed-before-hydration";

export type ChatActionData = ToolActionData<ChatResult> & { share?: ShareState };

const replyFailed = failureMessages.chat;

/**
 * The chat screen's conversation: the messages, what is typed and chosen for the next one, and
 * sending it (streamed from /api/chat), regenerating, stopping and clearing. The page's action
 * answer (no JavaScript, or a refused post) is where it starts.
 */
export function useChatConversation(actionData: ChatActionData | undefined, temporary: boolean, newConversation: string) {
  const values = actionData?.values ?? {};
  const done = actionData?.state === "done" ? actionData.result : undefined;
  // The conversation's id names the Durable Object writing its replies (decision 072); Clear starts another.
  const [conversation, setConversation] = useState(values.conversation ?? newConversation);

  const [messages, setMessages] = useState<ShownMessage[]>(() => done?.conversation ?? readHistoryField(values.history));
  // A sent message moved into the conversation; after Regenerate, Edit or Share, whatever was typed stays.
  const [input, setInput] = useState(done && (values.intent ?? "send") === "send" ? "" : (values.message ?? ""));
  // Per message: a sent message unticks it; a message sent back with an error keeps it as it was.
  const [webSearch, setWebSearch] = useState(!done && values.web_search === "on");
  const [pending, setPending] = useState(false);
  // What the last streamed reply said is left of the allowance (the loader's figure until then).
  const [allowance, setAllowance] = useState<ChatAllowance>();
  // The files chosen for the next message (the file field holds them; this is what the chips show).
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | undefined>(() =>
    actionData?.state === "failed" || actionData?.state === "rate-limited" ? actionData.message : undefined,
  );
  const [fieldErrors, setFieldErrors] = useState(() => (actionData?.state === "invalid" ? actionData.fieldErrors : {}));
  const [announcement, setAnnouncement] = useState("");
  // The demo limit (or a plan's quota) was reached: the error box offers the way on.
  const [limit, setLimit] = useState<{ upgradeUrl?: string } | undefined>(() =>
    actionData?.state === "rate-limited" ? { upgradeUrl: actionData.upgradeUrl } : undefined,
  );
  const abortRef = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useValueTypedBeforeHydration(inputRef, input, setInput);
  // A reload keeps the conversation for this tab's session. Kept as text: the reply's
  // HTML is rendered again by the server only, never read back from storage.
  const kept = useMemo(() => messages.map(({ html: _html, sending: _sending, ...message }) => message), [messages]);
  // A temporary chat is not kept in the tab either.
  useKeptInSession("conversational-ai", temporary ? [] : kept, (saved) => Array.isArray(saved) && setMessages(saved), !actionData);

  const lastQuestion = messages.findLastIndex((message) => message.role === "user");

  // Back from a reply, the cursor returns to the input (unless the demo modal holds the focus).
  const wasPending = useRef(false);
  useEffect(() => {
    const replied = wasPending.current && !pending;
    wasPending.current = pending;
    if (!replied || document.querySelector("dialog[open]")) return;
    const active = document.activeElement;
    if (active === document.body || active?.closest("#chat-form")) inputRef.current?.focus({ preventScroll: true });
  }, [pending]);

  // A reply still being written when the page was rendered (no JavaScript, or a reload): followed once hydrated.
  useEffect(() => {
    if (!done?.running) return;
    const reply = messages.at(-1);
    const controller = new AbortController();
    abortRef.current = controller;
    // oxlint-disable-next-line react/set-state-in-effect -- following the conversation's turn (outside React) starts here, once hydrated
    setPending(true);
    void receive(controller, reply?.role === "assistant" ? reply.id : undefined, undefined, true).finally(() => setPending(false));
    return () => controller.abort();
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- once, for the turn the page was rendered with
  }, []);

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = input.trim();
    if (!text || pending) return;
    const problem = chosenFilesProblem(files);
    if (problem) return setFieldErrors({ files: problem });
    void ask(text, new FormData(event.currentTarget), true, files);
  }

  /**
   * 'Regenerate': the last question again, without its answer, which the new one replaces. Without
   * JavaScript the button posts the form with intent=regenerate and the action does the same.
   */
  function regenerate(event: MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    const question = messages[lastQuestion];
    if (question) askInstead(question.content);
  }

  /** Regenerate and Edit's 'Save & resend': the last question and its answer give way to `text` (decision 050). */
  function askInstead(text: string) {
    if (pending || lastQuestion < 0 || !formRef.current) return;
    const earlier = messages.slice(0, lastQuestion);
    const form = new FormData(formRef.current);
    form.set("history", historyFieldValue(earlier));
    // The question goes again with the files it was sent with (stored already), not the ones chosen since.
    form.delete("files");
    form.set("attached", JSON.stringify(messages[lastQuestion]!.attachments ?? []));
    setMessages(earlier);
    void ask(text, form, false, [], messages[lastQuestion]!.attachments);
  }

  async function ask(text: string, form: FormData, clearInput = true, sent: File[] = [], attached?: ShownMessage["attachments"]) {
    form.set("message", text);

    const question: ShownMessage = {
      id: nextMessageId(),
      role: "user",
      content: text,
      ...(attached?.length ? { attachments: attached } : {}),
      ...(sent.length ? { sending: sent.map((file) => ({ name: file.name, bytes: file.size })) } : {}),
    };
    const controller = new AbortController();
    abortRef.current = controller;
    setMessages((current) => [...current, question]);
    if (clearInput) setInput("");
    setWebSearch(false);
    setError(undefined);
    setLimit(undefined);
    setFieldErrors({});
    setPending(true);
    nameInAddress(conversation);
    // Nothing came back: the message goes back into the input, so nothing typed is lost.
    const refused = (failure: unknown) => {
      // The chat was cleared meanwhile: there is nothing left to keep.
      if (controller.signal.aborted && abortRef.current !== controller) return;
      setMessages((current) => current.filter((message) => message.id !== question.id));
      setInput((current) => current || text);
      setWebSearch(form.get("web_search") === "on");
      // A refused file is said beside the file field, which still holds it.
      const refusedField = failure instanceof ChatRefused ? failure.fieldErrors : undefined;
      if (refusedField?.files) setFieldErrors(refusedField);
      else if (!controller.signal.aborted) setError(failure instanceof ChatRefused && failure.message ? failure.message : replyFailed);
      if (failure instanceof ChatRefused && failure.status === 429) setLimit({ upgradeUrl: failure.upgradeUrl });
    };
    try {
      await receive(controller, undefined, streamChat(form, controller.signal), clearInput, question.id, refused);
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
      setPending(false);
    }
  }

  /**
   * The reply's events into the conversation: first from `first` (the POST that asked, if any), then,
   * after a cut, from the conversation's turn, which goes on writing it (GET /api/chat): the page asks
   * for what follows the characters it has at once, then after 1, 2, 4 and 8 seconds.
   */
  async function receive(
    controller: AbortController,
    replyId: string | undefined,
    first: AsyncGenerator<ChatStreamEvent> | undefined,
    clearFiles: boolean,
    questionId?: string,
    refused?: (failure: unknown) => void,
  ) {
    let finished = false;
    let text = (replyId && messages.find((message) => message.id === replyId)?.content) || "";
    const update = (change: (message: ShownMessage) => ShownMessage) =>
      setMessages((current) => current.map((message) => (message.id === replyId ? change(message) : message)));
    const sentences = sentenceCollector(setAnnouncement);
    const take = (streamed: ChatStreamEvent) => {
      if (streamed.type === "attachments") {
        // Stored: the message carries the files' ids from now on, and the field is free for the next ones.
        const { attachments } = streamed;
        setMessages((current) =>
          current.map(({ sending: _sending, ...message }) => (message.id === questionId ? { ...message, attachments } : message)),
        );
        if (clearFiles) setFiles([]);
      } else if (streamed.type === "token") {
        sentences.push(streamed.text);
        text += streamed.text;
        if (replyId === undefined) {
          const id = nextMessageId();
          replyId = id;
          setMessages((current) => [...current, { id, role: "assistant", content: streamed.text }]);
        } else {
          update((message) => ({ ...message, content: message.content + streamed.text }));
        }
      } else if (streamed.type === "done") {
        finished = true;
        // The sources stay with the reply, so it keeps them when the page renders the conversation again;
        // its signature too, so a share can show it as the site's reply.
        update((message) => ({
          ...message,
          html: streamed.html,
          ...(streamed.citations?.length ? { citations: streamed.citations } : {}),
          ...(streamed.signature ? { signature: streamed.signature } : {}),
        }));
        if (streamed.allowance) setAllowance(streamed.allowance);
        // Kept (a subscriber's, not a temporary chat): the list beside shows it.
        if (!temporary) void readListAgain();
      } else if (streamed.type === "stopped") {
        finished = true;
        update((message) => ({ ...message, stopped: true }));
      } else {
        finished = true;
        setError(streamed.message);
      }
    };
    try {
      if (first) for await (const streamed of first) take(streamed);
    } catch (failure) {
      if (replyId === undefined && refused) return refused(failure);
    }
    for (let wait = 0; !finished && !controller.signal.aborted && wait <= 8000; wait = wait * 2 || 1000) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        for await (const streamed of followChat(conversation, text.length, controller.signal)) take(streamed);
      } catch (failure) {
        // The turn is gone (kept ten minutes after its end): nothing more will come.
        if (failure instanceof ChatRefused && failure.status === 404) break;
      }
    }
    sentences.flush();
    if (controller.signal.aborted) {
      // Stopped here (or the chat was cleared): the reply stays as far as it came.
      if (abortRef.current === controller) update((message) => ({ ...message, stopped: true }));
    } else if (!finished) setError(replyFailed);
  }

  /** Stop: this page stops reading, and the conversation's turn stops writing (for every page showing it). */
  function stop() {
    abortRef.current?.abort();
    void fetch(`/api/chat?stop=${conversation}`, { method: "POST" }).catch(() => undefined);
  }

  function clear(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const inFlight = abortRef.current;
    if (inFlight) stop();
    abortRef.current = null;
    setConversation(crypto.randomUUID());
    nameInAddress();
    setMessages([]);
    setError(undefined);
    setLimit(undefined);
    setFieldErrors({});
    setAnnouncement("");
    inputRef.current?.focus();
  }

  return {
    values,
    conversation,
    messages,
    input,
    setInput,
    webSearch,
    setWebSearch,
    pending,
    allowance,
    files,
    setFiles,
    error,
    fieldErrors,
    announcement,
    limit,
    lastQuestion,
    inputRef,
    formRef,
    send,
    regenerate,
    askInstead,
    stop,
    clear,
  };
}

/** The address names the conversation (or none, after Clear): a reload or another tab shows its reply as it is written. */
function nameInAddress(conversation?: string) {
  const address = new URL(location.href);
  if (conversation) address.searchParams.set("conversation", conversation);
  else address.searchParams.delete("conversation");
  history.replaceState(history.state, "", address);
}
