import type { RefObject } from "react";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { limits } from "~/forms/limits";
import { textAreaClass } from "../tool-form-fields";

/** The message field with Send, and Stop while a reply streams in. */
export function MessageField({
  inputRef,
  input,
  onInput,
  pending,
  hydrated,
  invalid,
  onStop,
}: {
  inputRef: RefObject<HTMLTextAreaElement | null>;
  input: string;
  onInput: (input: string) => void;
  pending: boolean;
  hydrated: boolean;
  invalid: boolean;
  onStop: () => void;
}) {
  const blank = input.trim() === "";
  return (
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
        onChange={(event) => onInput(event.target.value)}
        disabled={pending}
        placeholder="Type your message..."
        aria-invalid={invalid ? true : undefined}
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
          onClick={onStop}
          className="inline-flex items-center justify-center gap-2 rounded-xl border border-white/20 px-5 py-3 font-semibold text-slate-100 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400"
        >
          <span aria-hidden="true" className="block size-3.5 rounded-[3px] bg-current" />
          Stop
        </button>
      ) : null}
    </div>
  );
}
