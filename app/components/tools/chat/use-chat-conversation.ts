import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { historyFieldValue, nextMessageId, readHistoryField, type ShownMessage } from "~/forms/chat-history";
import { failureMessages } from "~/shared/failure-messages";
import type { ChatAllowance } from "~/shared/chat-allowance";
import type { ChatResult } from "~/shared/chat-events";
import type { ShareState } from "~/shared/shared-conversation";
import type { ToolActionData } from "~/shared/tool-action-data";
import { chosenFilesProblem } from "./chat-attachments";
import { ChatRefused, sentenceCollector, streamChat } from "./chat-stream";
import { useKeptInSession } from "../use-kept-in-session";
import { useValueTypedBeforeHydration } from "../use-value-typed-before-hydration";

export type ChatActionData = ToolActionData<ChatResult> & { share?: ShareState };

const replyFailed = failureMessages.chat;

/**
 * The chat screen's conversation: the messages, what is typed and chosen for the next one, and
 * sending it (streamed from /api/chat), regenerating, stopping and clearing. The page's action
 * answer (no JavaScript, or a refused post) is where it starts.
 */
export function useChatConversation(actionData: ChatActionData | undefined, temporary: boolean) {
  const values = actionData?.values ?? {};
  const done = actionData?.state === "done" ? actionData.result : undefined;

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
    let replyId: string | undefined;
    let finished = false;
    const update = (change: (message: ShownMessage) => ShownMessage) =>
      setMessages((current) => current.map((message) => (message.id === replyId ? change(message) : message)));
    const sentences = sentenceCollector(setAnnouncement);
    const controller = new AbortController();
    abortRef.current = controller;
    setMessages((current) => [...current, question]);
    if (clearInput) setInput("");
    setWebSearch(false);
    setError(undefined);
    setLimit(undefined);
    setFieldErrors({});
    setPending(true);

    try {
      for await (const streamed of streamChat(form, controller.signal)) {
        if (streamed.type === "attachments") {
          // Stored: the message carries the files' ids from now on, and the field is free for the next ones.
          const { attachments } = streamed;
          setMessages((current) =>
            current.map(({ sending: _sending, ...message }) => (message.id === question.id ? { ...message, attachments } : message)),
          );
          if (clearInput) setFiles([]);
        } else if (streamed.type === "token") {
          sentences.push(streamed.text);
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
        } else {
          finished = true;
          setError(streamed.message);
        }
      }
      // The connection closed without saying the reply was complete: keep what came, say it failed.
      if (!finished) setError(replyFailed);
    } catch (failure) {
      if (controller.signal.aborted && abortRef.current !== controller) {
        // The chat was cleared while the reply was coming: there is nothing left to keep.
      } else if (replyId === undefined) {
        // Nothing came back: take the message back into the input, so nothing typed is lost.
        setMessages((current) => current.filter((message) => message.id !== question.id));
        setInput((current) => current || text);
        setWebSearch(form.get("web_search") === "on");
        // A refused file is said beside the file field, which still holds it.
        const refusedField = failure instanceof ChatRefused ? failure.fieldErrors : undefined;
        if (refusedField?.files) setFieldErrors(refusedField);
        else if (!controller.signal.aborted) setError(failure instanceof ChatRefused && failure.message ? failure.message : replyFailed);
        if (failure instanceof ChatRefused && failure.status === 429) setLimit({ upgradeUrl: failure.upgradeUrl });
      } else if (controller.signal.aborted) {
        update((message) => ({ ...message, stopped: true }));
      } else {
        setError(replyFailed);
      }
    } finally {
      sentences.flush();
      if (abortRef.current === controller) abortRef.current = null;
      setPending(false);
    }
  }

  function stop() {
    abortRef.current?.abort();
  }

  function clear(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const inFlight = abortRef.current;
    abortRef.current = null;
    inFlight?.abort();
    setMessages([]);
    setError(undefined);
    setLimit(undefined);
    setFieldErrors({});
    setAnnouncement("");
    inputRef.current?.focus();
  }

  return {
    values,
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
