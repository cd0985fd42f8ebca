import { useEffect, useId, useRef, useState } from "react";
import { CopyButton } from "~/components/ui/copy-button";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { ShownMessage } from "~/forms/chat-history";
import { limits } from "~/forms/limits";
import { FieldError } from "../form-parts";
import { textAreaClass } from "../tool-form-fields";

const smallButton =
  "inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-2 py-1 text-xs font-medium text-slate-200 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400";

type MessageActionsProps = {
  message: ShownMessage;
  /** Only the last question can be edited; with JavaScript, saving calls this. */
  onResend?: (text: string) => void;
  /** Back from a no-JavaScript edit that was refused: what was typed and why. */
  refusedEdit?: { text: string; error: string };
  disabled: boolean;
  hydrated: boolean;
};

/**
 * Under a message: Copy (with JavaScript), and on the last question Edit. Without JavaScript Edit
 * is a disclosure holding the edited text and a submit button of the chat form (intent=edit), so
 * the action drops the last exchange and answers the edited message; with JavaScript it edits in
 * place and streams the new answer (docs/decisions/050).
 */
export function MessageActions({ message, onResend, refusedEdit, disabled, hydrated }: MessageActionsProps) {
  const mine = message.role === "user";
  const copy = <CopyButton small text={message.content} accessibleName={mine ? "Copy your message" : "Copy the reply"} />;
  if (!onResend) return <div className={`mt-1 flex gap-2 ${mine ? "justify-end" : ""}`}>{copy}</div>;
  return hydrated ? (
    <InlineEdit message={message} onResend={onResend} disabled={disabled} copy={copy} />
  ) : (
    <details open={Boolean(refusedEdit)} className="mt-1 text-left">
      <summary className={`${smallButton} cursor-pointer list-none`}>
        <Icon path={icons.penLine} className="size-3.5" />
        Edit
      </summary>
      <EditFields text={refusedEdit?.text ?? message.content} error={refusedEdit?.error} />
      <div className="mt-2 flex justify-end">
        <button type="submit" name="intent" value="edit" formNoValidate className={smallButton}>
          Save &amp; resend
        </button>
      </div>
    </details>
  );
}

function EditFields({
  text,
  error,
  onChange,
  onKeyDown,
  inputRef,
}: {
  text: string;
  error?: string;
  onChange?: (text: string) => void;
  onKeyDown?: (event: React.KeyboardEvent<HTMLTextAreaElement>) => void;
  inputRef?: React.Ref<HTMLTextAreaElement>;
}) {
  const id = useId();
  return (
    <div className="mt-2">
      <label htmlFor={`${id}-edit`} className="text-xs font-medium text-slate-300">
        Edit your message
      </label>
      <textarea
        ref={inputRef}
        id={`${id}-edit`}
        name="edited"
        rows={3}
        maxLength={limits.chatMessage}
        {...(onChange ? { value: text, onChange: (event) => onChange(event.target.value) } : { defaultValue: text })}
        onKeyDown={onKeyDown}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        className={`${textAreaClass} mt-1 min-w-64 resize-y text-left`}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function InlineEdit({
  message,
  onResend,
  disabled,
  copy,
}: {
  message: ShownMessage;
  onResend: (text: string) => void;
  disabled: boolean;
  copy: React.ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  const [error, setError] = useState<string>();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Focus moves into the field when editing starts, and back to Edit when it is cancelled.
  useEffect(() => {
    if (editing) fieldRef.current?.focus();
    else if (wasEditing.current) editButtonRef.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function cancel() {
    setEditing(false);
    setDraft(message.content);
    setError(undefined);
  }

  function save() {
    const text = draft.trim();
    if (!text) {
      setError("Please enter a message.");
      fieldRef.current?.focus();
      return;
    }
    onResend(text);
  }

  if (!editing) {
    return (
      <div className="mt-1 flex justify-end gap-2">
        {copy}
        <button
          ref={editButtonRef}
          type="button"
          disabled={disabled}
          aria-label="Edit your last message"
          onClick={() => setEditing(true)}
          className={`${smallButton} disabled:opacity-50`}
        >
          <Icon path={icons.penLine} className="size-3.5" />
          Edit
        </button>
      </div>
    );
  }
  return (
    <div className="mt-1 text-left">
      <EditFields
        inputRef={fieldRef}
        text={draft}
        error={error}
        onChange={(text) => {
          setDraft(text);
          if (error && text.trim()) setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            cancel();
          } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            save();
          }
        }}
      />
      <div className="mt-2 flex justify-end gap-2">
        <button type="button" onClick={cancel} className={smallButton}>
          Cancel
        </button>
        <button type="button" onClick={save} disabled={disabled} className={smallButton}>
          Save &amp; resend
        </button>
      </div>
    </div>
  );
}
