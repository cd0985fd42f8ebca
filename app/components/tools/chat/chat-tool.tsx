import { RadioOptions } from "~/components/ui/radio-options";
import { useEffect, useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Form, useRouteLoaderData } from "react-router";
import { UpgradeLink } from "~/components/billing/upgrade-link";
import { DemoModal } from "~/components/ui/demo-modal";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { useHydrated } from "~/components/ui/use-hydrated";
import { chatAssistants, chatTones, defaultChatAssistant, defaultChatTone, type ChatAssistantId } from "~/content/chat";
import { historyFieldValue, nextMessageId, readHistoryField, type ShownMessage } from "~/forms/chat-history";
import { limits } from "~/forms/limits";
import { failureMessages } from "~/shared/failure-messages";
import type { ChatAllowance } from "~/shared/chat-allowance";
import type { ChatResult } from "~/shared/chat-events";
import type { ShareState } from "~/shared/shared-conversation";
import type { ToolActionData } from "~/shared/tool-action-data";
import type { ConnectionStatus } from "~/shared/ai-types";
import { Card, ErrorBox, FieldError, textAreaClass } from "../form-parts";
import { AttachmentComposer, chosenFilesProblem } from "./chat-attachments";
import { ChatRefused, sentenceCollector, streamChat } from "./chat-stream";
import { MessageList } from "./message-list";
import { WebSearchToggle } from "./web-search-toggle";
import type { RootData } from "~/shared/root-data";
import { MessageActions } from "./message-actions";
import { ChatAllowanceLine } from "./chat-allowance-line";
import { useShareConversation } from "./share-conversation";
import { TemporaryChatToggle } from "./temporary-chat-toggle";
import { useKeptInSession } from "../use-kept-in-session";
import { useValueTypedBeforeHydration } from "../use-value-typed-before-hydration";

const assistantIcons: Record<ChatAssistantId, string> = {
  general: icons.bot,
  strategist: icons.compass,
  editor: icons.spellCheck,
  social: icons.megaphone,
};

const replyFailed = failureMessages.chat;

/**
 * Spec §2 tool 6. Without JavaScript the form posts to the page's action, which answers with the
 * whole conversation (earlier messages ride along in a hidden field). With JavaScript the same
 * form is sent to /api/chat and the reply streams in piece by piece.
 */
export function ChatTool({
  actionData,
  status,
}: {
  actionData?: ToolActionData<ChatResult> & { share?: ShareState };
  status?: ConnectionStatus;
}) {
  const hydrated = useHydrated();
  const subscriber = useRouteLoaderData<RootData>("root")?.subscriber ?? false;
  const values = actionData?.values ?? {};
  const done = actionData?.state === "done" ? actionData.result : undefined;

  const [messages, setMessages] = useState<ShownMessage[]>(() => done?.conversation ?? readHistoryField(values.history));
  // A sent message moved into the conversation; after Regenerate, Edit or Share, whatever was typed stays.
  const [input, setInput] = useState(done && (values.intent ?? "send") === "send" ? "" : (values.message ?? ""));
  const [temporary, setTemporary] = useState(values.temporary === "on");
  const [assistant, setAssistant] = useState(values.assistant ?? defaultChatAssistant);
  // Per message: a sent message unticks it; a message sent back with an error keeps it as it was.
  const [webSearch, setWebSearch] = useState(!done && values.web_search === "on");
  const webSearchAvailable = status !== undefined && !(status.connected && status.offline);
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
  const share = useShareConversation(formRef, actionData?.share);
  // Files dropped or pasted anywhere on the composer are attached (chat-attachments.tsx).
  const composerRef = useRef<HTMLDivElement>(null);
  useValueTypedBeforeHydration(inputRef, input, setInput);
  // A reload keeps the conversation for this tab's session. Kept as text: the reply's
  // HTML is rendered again by the server only, never read back from storage.
  const kept = useMemo(() => messages.map(({ html: _html, sending: _sending, ...message }) => message), [messages]);
  // A temporary chat is not kept in the tab either.
  useKeptInSession("conversational-ai", temporary ? [] : kept, (saved) => Array.isArray(saved) && setMessages(saved), !actionData);

  const blank = input.trim() === "";
  const lastQuestion = messages.findLastIndex((message) => message.role === "user");
  const assistantName = (chatAssistants.find((option) => option.id === assistant) ?? chatAssistants[0]).name;
  const formError =
    fieldErrors.assistant ?? fieldErrors.tone ?? fieldErrors.history ?? fieldErrors.intent ?? fieldErrors.temporary ?? fieldErrors.attached;

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

  return (
    <div className="mt-10 grid grid-cols-1 gap-6">
      {/* The action is named: after a no-JavaScript Share the address has ?share, which Send must not
          keep (without an action, React Router 8.5's useFormAction keeps the current search: its
          lib/dom/lib.js and reactrouter.com/8.3.0/api/hooks/useFormAction, read 2026-11-26). */}
      <Form
        ref={formRef}
        id="chat-form"
        method="post"
        action="/conversational-ai"
        encType="multipart/form-data"
        onSubmit={send}
        className="grid grid-cols-1 gap-6"
      >
        {/* The form's default button (the first in it): Enter on an assistant or tone sends, and
            never means the Regenerate button that comes before Send. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        <Card>
          <fieldset disabled={pending} className="min-w-0">
            <legend className="font-semibold text-white">Assistant</legend>
            {/* On a phone one scrolling row of names; from sm up, cards with their descriptions. */}
            <div className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pb-1 sm:mx-0 sm:grid sm:grid-cols-2 sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4">
              <RadioOptions
                name="assistant"
                options={chatAssistants}
                selected={assistant}
                onSelect={setAssistant}
                className="relative shrink-0"
                boxClassName="flex h-full items-center gap-2 rounded-xl border border-white/10 bg-slate-950/40 px-3 py-2 transition sm:flex-col sm:items-start sm:p-4 peer-checked:border-sky-400 peer-checked:bg-indigo-500/20 peer-checked:shadow-[0_0_0_1px] peer-checked:shadow-sky-400/60 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-400 hover:bg-white/5"
              >
                {(option) => (
                  <>
                    <span
                      className="inline-flex size-7 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-sky-500 sm:size-9"
                      aria-hidden="true"
                    >
                      <Icon path={assistantIcons[option.id]} className="size-5 text-white" />
                    </span>
                    <span className="whitespace-nowrap font-semibold text-white sm:whitespace-normal">{option.name}</span>
                    <span className="sr-only text-sm text-slate-300 sm:not-sr-only">{option.description}</span>
                  </>
                )}
              </RadioOptions>
            </div>
          </fieldset>

          <fieldset disabled={pending} className="mt-6 min-w-0">
            <legend className="font-semibold text-white">Tone</legend>
            <div className="-mx-1 mt-3 flex gap-2 overflow-x-auto px-1 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
              <RadioOptions
                name="tone"
                options={chatTones}
                selected={values.tone ?? defaultChatTone}
                className="relative shrink-0"
                boxClassName="inline-flex flex-col rounded-xl border border-white/15 px-4 py-2 text-sm transition peer-checked:border-sky-400 peer-checked:bg-indigo-500/20 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-400 hover:bg-white/5"
              >
                {(tone) => (
                  <>
                    <span className="font-medium text-white">{tone.name}</span>
                    <span className="sr-only text-slate-300 sm:not-sr-only">{tone.description}</span>
                  </>
                )}
              </RadioOptions>
            </div>
          </fieldset>
        </Card>

        <Card className="overflow-hidden p-0!">
          <div className="flex items-center justify-between gap-3 border-b border-white/10 px-5 py-3">
            <h2 className="font-semibold text-white">
              Conversation <span className="font-normal text-slate-300">with {assistantName}</span>
            </h2>
            <div className="flex flex-wrap justify-end gap-2">
              {subscriber ? <TemporaryChatToggle defaultOn={temporary} onChange={setTemporary} /> : null}
              {subscriber && !pending && messages.length > 0
                ? share.button(
                    hydrated,
                    messages.some((message) => "attachments" in message),
                  )
                : null}
              {!pending && messages.at(-1)?.role === "assistant" ? (
                <button
                  type="submit"
                  name="intent"
                  value="regenerate"
                  formNoValidate
                  onClick={regenerate}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
                >
                  <Icon path={icons.refreshCw} className="size-4" />
                  Regenerate
                </button>
              ) : null}
              <button
                type="submit"
                form="chat-clear"
                title="Clear chat"
                aria-label="Clear chat"
                className="inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
              >
                <Icon path={icons.trash2} className="size-4" />
                Clear
              </button>
            </div>
          </div>

          {share.panel}
          <MessageList
            messages={messages}
            pending={pending}
            hydrated={hydrated}
            actions={(message, index) =>
              message.content && !(pending && index === messages.length - 1) ? (
                <MessageActions
                  message={message}
                  hydrated={hydrated}
                  disabled={pending}
                  onResend={index === lastQuestion ? askInstead : undefined}
                  refusedEdit={
                    index === lastQuestion && values.intent === "edit" && fieldErrors.edited
                      ? { text: values.edited ?? "", error: fieldErrors.edited }
                      : undefined
                  }
                />
              ) : null
            }
          />
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>

          <div ref={composerRef} className="border-t border-white/10 p-4">
            <input type="hidden" name="history" value={historyFieldValue(messages)} />
            <div className="flex flex-wrap gap-3 sm:flex-nowrap">
              <label htmlFor="chat-message" className="sr-only">
                Message
              </label>
              {/* Grows with its text (field-sizing); Enter sends, Shift+Enter starts a new line. */}
              <textarea
                ref={inputRef}
                id="chat-message"
                name="message"
                rows={2}
                autoComplete="off"
                onKeyDown={(event) => {
                  if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }}
                required
                maxLength={limits.chatMessage}
                value={input}
                onChange={(event) => setInput(event.target.value)}
                disabled={pending}
                placeholder="Type your message..."
                aria-invalid={fieldErrors.message ? true : undefined}
                aria-describedby="chat-message-error"
                aria-keyshortcuts="Enter"
                className={`${textAreaClass} max-h-60 min-h-12 min-w-0 flex-1 resize-none [field-sizing:content]`}
              />
              <button
                type="submit"
                disabled={hydrated && (pending || blank)}
                className="inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-indigo-600 to-sky-600 px-5 py-3 font-semibold text-white shadow-lg transition hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400 disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:brightness-100"
              >
                <Icon path={icons.send} className="size-5" />
                Send
              </button>
              {pending ? (
                <button
                  type="button"
                  onClick={stop}
                  className="inline-flex items-center justify-center gap-2 rounded-xl border border-white/20 px-5 py-3 font-semibold text-slate-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
                >
                  <span aria-hidden="true" className="block size-3.5 rounded-[3px] bg-current" />
                  Stop
                </button>
              ) : null}
            </div>
            <WebSearchToggle available={webSearchAvailable} checked={webSearch} onChange={setWebSearch} disabled={pending} />
            <FieldError id="chat-message-error" message={fieldErrors.message ?? fieldErrors.web_search} />
            <ChatAllowanceLine latest={allowance} />
            <AttachmentComposer
              target={composerRef}
              hydrated={hydrated}
              disabled={pending}
              files={files}
              onFiles={setFiles}
              error={fieldErrors.files}
            />
          </div>
        </Card>
      </Form>

      {/* Clearing without JavaScript is a fresh page: the conversation only lives in the form. */}
      <form id="chat-clear" method="get" action="/conversational-ai" onSubmit={clear} hidden />

      <div aria-live="polite">
        {error || formError ? (
          <ErrorBox>
            {error ?? formError}
            {limit ? <UpgradeLink actionData={{ state: "rate-limited", ...limit }} /> : null}
          </ErrorBox>
        ) : null}
      </div>

      <DemoModal answer={actionData} busy={pending} />
    </div>
  );
}
