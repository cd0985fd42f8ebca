import { useRef, useState } from "react";
import { Form, useRouteLoaderData } from "react-router";
import { UpgradeLink } from "~/components/billing/upgrade-link";
import { DemoModal } from "~/components/ui/demo-modal";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { useHydrated } from "~/components/ui/use-hydrated";
import { chatAssistants, defaultChatAssistant } from "~/content/chat";
import { historyFieldValue } from "~/forms/chat-history";
import type { ConnectionStatus } from "~/shared/ai-types";
import { replyPageAddress } from "~/shared/conversation-summary";
import type { RootData } from "~/shared/root-data";
import { Card, ErrorBox, FieldError } from "../form-parts";
import { AssistantAndTone } from "./assistant-and-tone";
import { AttachmentComposer } from "./chat-attachments";
import { ChatAllowanceLine } from "./chat-allowance-line";
import { MessageActions } from "./message-actions";
import { MessageField } from "./message-field";
import { MessageList } from "./message-list";
import { useShareConversation } from "./share-conversation";
import { TemporaryChatToggle } from "./temporary-chat-toggle";
import { useChatConversation, type ChatActionData } from "./use-chat-conversation";
import { WebSearchToggle } from "./web-search-toggle";

/**
 * Spec §2 tool 6. Without JavaScript the form posts to the page's action, which answers with the
 * whole conversation (earlier messages ride along in a hidden field). With JavaScript the same
 * form is sent to /api/chat and the reply streams in piece by piece.
 */
export function ChatTool({
  actionData,
  status,
  conversation,
  project,
}: {
  actionData?: ChatActionData;
  status?: ConnectionStatus;
  conversation: string;
  project?: string;
}) {
  const hydrated = useHydrated();
  const subscriber = useRouteLoaderData<RootData>("root")?.subscriber ?? false;
  const [temporary, setTemporary] = useState(actionData?.values?.temporary === "on");
  const [assistant, setAssistant] = useState(actionData?.values?.assistant ?? defaultChatAssistant);
  const chat = useChatConversation(actionData, temporary, conversation);
  const { values, messages, input, webSearch, pending, files, error, fieldErrors, announcement, limit, lastQuestion, inputRef, formRef } =
    chat;
  const webSearchAvailable = status !== undefined && !(status.connected && status.offline);
  const share = useShareConversation(formRef, actionData?.share);
  // Files dropped or pasted anywhere on the composer are attached (chat-attachments.tsx).
  const composerRef = useRef<HTMLDivElement>(null);
  const assistantName = (chatAssistants.find((option) => option.id === assistant) ?? chatAssistants[0]).name;
  const formError =
    fieldErrors.assistant ??
    fieldErrors.tone ??
    fieldErrors.history ??
    fieldErrors.intent ??
    fieldErrors.temporary ??
    fieldErrors.attached ??
    fieldErrors.project;

  return (
    <div className="mt-10 grid grid-cols-1 gap-6">
      {/* The action is named: after a no-JavaScript Share the address has ?share, which Send must not
          keep (without an action, React Router 8.5's useFormAction keeps the current search: its
          lib/dom/lib.js and reactrouter.com/8.3.0/api/hooks/useFormAction, read 2026-11-26). */}
      <Form
        ref={formRef}
        id="chat-form"
        method="post"
        action={project ? `/conversational-ai?p=${project}` : "/conversational-ai"}
        encType="multipart/form-data"
        onSubmit={chat.send}
        className="grid grid-cols-1 gap-6"
      >
        {/* The form's default button (the first in it): Enter on an assistant or tone sends, and
            never means the Regenerate button that comes before Send. */}
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
        <Card>
          <AssistantAndTone assistant={assistant} onAssistant={setAssistant} tone={values.tone} disabled={pending} />
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
                  onClick={chat.regenerate}
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
                  onResend={index === lastQuestion ? chat.askInstead : undefined}
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
          {/* Without JavaScript a reply that takes longer than the page waits is shown as far as it goes (decision 072). */}
          {!hydrated && actionData?.state === "done" && actionData.result.running ? (
            <p role="status" className="mx-5 mb-4 text-sm text-slate-300">
              The reply is still being written.{" "}
              <a href={replyPageAddress(chat.conversation, project)} className="font-medium text-sky-300 underline">
                Refresh to see more
              </a>{" "}
              or{" "}
              <button form="chat-stop" className="font-medium text-sky-300 underline">
                stop it
              </button>
              .
            </p>
          ) : null}

          <div ref={composerRef} className="border-t border-white/10 p-4">
            <input type="hidden" name="history" value={historyFieldValue(messages)} />
            <input type="hidden" name="conversation" value={chat.conversation} />
            {/* The project this chat is in (docs/decisions/071): its instructions and files go with every turn. */}
            {project ? <input type="hidden" name="project" value={project} /> : null}
            <MessageField
              inputRef={inputRef}
              input={input}
              onInput={chat.setInput}
              pending={pending}
              hydrated={hydrated}
              invalid={Boolean(fieldErrors.message)}
              onStop={chat.stop}
            />
            <WebSearchToggle available={webSearchAvailable} checked={webSearch} onChange={chat.setWebSearch} disabled={pending} />
            <FieldError id="chat-message-error" message={fieldErrors.message ?? fieldErrors.web_search} />
            <ChatAllowanceLine latest={chat.allowance} />
            <AttachmentComposer
              target={composerRef}
              hydrated={hydrated}
              disabled={pending}
              files={files}
              onFiles={chat.setFiles}
              error={fieldErrors.files}
            />
          </div>
        </Card>
      </Form>

      {/* Clearing without JavaScript is a fresh page: the conversation only lives in the form. */}
      <form id="chat-clear" method="get" action="/conversational-ai" onSubmit={chat.clear} hidden>
        {/* Cleared, a chat in a project starts again in the project. */}
        {project ? <input type="hidden" name="p" value={project} /> : null}
      </form>
      <form id="chat-stop" method="post" action={`/api/chat?stop=${chat.conversation}${project ? `&p=${project}` : ""}`} hidden />

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
