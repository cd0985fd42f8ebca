import { useEffect, useRef, useState, type RefObject } from "react";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import {
  ATTACHMENT_FIELD,
  attachmentAccept,
  attachmentDetails,
  attachmentTypesLabel,
  chatAttachmentLimits,
  formatBytes,
  type AttachmentRef,
} from "~/forms/chat-attachments";
import { FieldError } from "../form-parts";

// Files on chat messages: the composer's file field (a plain multiple file field without
// JavaScript; with it, an Attach button, drop onto the composer and paste, each file a chip with
// Remove), and the chips a sent message shows. Only names and sizes ever reach the page's state.

const fieldId = "chat-files";
const megabytes = Math.round(chatAttachmentLimits.messageBytes / (1024 * 1024));

/** A chip's file: one sent (its ref) or one chosen and not yet stored. */
type ChipFile = AttachmentRef | { name: string; bytes: number };

/** What the page checks before sending (the server checks again, and the bytes). */
export function chosenFilesProblem(files: readonly File[]): string | undefined {
  if (files.length > chatAttachmentLimits.perMessage) {
    return `Attach at most ${chatAttachmentLimits.perMessage} files to one message (you chose ${files.length}).`;
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > chatAttachmentLimits.messageBytes) {
    return `These files are too large: a message's files may be ${formatBytes(chatAttachmentLimits.messageBytes)} together. Send fewer or smaller files.`;
  }
  return undefined;
}

export function AttachmentChips({ files, onRemove }: { files: readonly ChipFile[]; onRemove?: (index: number) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={onRemove ? "Files to send" : "Attached files"}>
      {files.map((file, index) => (
        <li
          key={`${index}-${file.name}`}
          className="inline-flex max-w-full items-center gap-2 rounded-lg border border-white/15 bg-slate-950/40 px-2.5 py-1 text-left text-sm text-slate-200"
        >
          <Icon path={"kind" in file && file.kind === "image" ? icons.image : icons.fileUp} className="size-4 shrink-0 text-sky-300" />
          <span className="min-w-0 truncate font-medium text-white">{file.name}</span>
          <span className="shrink-0 text-slate-400">{"kind" in file ? attachmentDetails(file) : formatBytes(file.bytes)}</span>
          {onRemove ? (
            <button
              type="button"
              onClick={() => onRemove(index)}
              className="-mr-1 rounded p-0.5 text-slate-300 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-sky-400"
            >
              <Icon path={icons.x} className="size-4" />
              <span className="sr-only">Remove {file.name}</span>
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The composer's file field. `files` are the chosen files (kept in the field itself, so the form
 * sends them); `onFiles` gets the new list after a pick, a drop, a paste or a Remove. A file dropped
 * anywhere on `target` (the composer: the message box included) or pasted into it is attached.
 */
export function AttachmentComposer({
  target,
  hydrated,
  disabled,
  files,
  onFiles,
  error,
}: {
  target: RefObject<HTMLElement | null>;
  hydrated: boolean;
  disabled: boolean;
  files: readonly File[];
  onFiles: (files: File[]) => void;
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  // Files chosen before the page hydrated count as chosen; once sent (the list emptied), the field is emptied too.
  const mounted = useRef(false);
  useEffect(() => {
    const field = input.current;
    if (!mounted.current) {
      mounted.current = true;
      if (field?.files?.length) onFiles(Array.from(field.files));
    } else if (files.length === 0 && field?.files?.length) field.value = "";
  }, [files, onFiles]);
  const put = (next: File[]) => {
    if (!input.current) return;
    const transfer = new DataTransfer();
    for (const file of next) transfer.items.add(file);
    input.current.files = transfer.files;
    onFiles(next);
  };
  const add = (list: FileList | File[] | undefined) => {
    if (disabled || !list || list.length === 0) return;
    put([...files, ...Array.from(list)]);
  };
  // The listeners read the latest `add` (files and disabled change between renders).
  const addRef = useRef(add);
  useEffect(() => {
    addRef.current = add;
  });
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    const composer = target.current;
    if (!composer) return;
    const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes("Files") ?? false;
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!composer.contains(event.relatedTarget as Node | null)) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      setDragging(false);
      if (!event.dataTransfer?.files.length) return;
      event.preventDefault();
      addRef.current(event.dataTransfer.files);
    };
    // A pasted file (a screenshot, a copied file) is attached; pasted text is typed as ever.
    const paste = (event: ClipboardEvent) => {
      if (!event.clipboardData?.files.length) return;
      event.preventDefault();
      addRef.current(event.clipboardData.files);
    };
    composer.addEventListener("dragover", over);
    composer.addEventListener("dragleave", leave);
    composer.addEventListener("drop", drop);
    composer.addEventListener("paste", paste);
    return () => {
      composer.removeEventListener("dragover", over);
      composer.removeEventListener("dragleave", leave);
      composer.removeEventListener("drop", drop);
      composer.removeEventListener("paste", paste);
    };
  }, [target]);

  return (
    <div
      className={`mt-3 grid gap-2 rounded-xl border-2 border-dashed p-2 transition ${
        dragging ? "border-sky-400 bg-sky-500/10" : error ? "border-rose-400/70" : "border-white/15"
      }`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={fieldId}
          className={
            hydrated
              ? "inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-400"
              : "inline-flex flex-wrap items-center gap-1.5 text-sm font-medium text-slate-200"
          }
        >
          <Icon path={icons.fileUp} className="size-4" />
          Attach files
          <input
            ref={input}
            id={fieldId}
            name={ATTACHMENT_FIELD}
            type="file"
            multiple
            accept={attachmentAccept}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${fieldId}-hint ${fieldId}-error`}
            onChange={(event) => onFiles(Array.from(event.currentTarget.files ?? []))}
            className={
              hydrated
                ? "sr-only"
                : "ml-2 min-w-0 text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-white/10 file:px-3 file:py-1.5 file:font-semibold file:text-white"
            }
          />
        </label>
        {hydrated ? (
          <AttachmentChips
            files={files.map((file) => ({ name: file.name, bytes: file.size }))}
            onRemove={(index) => put(files.filter((_, at) => at !== index))}
          />
        ) : null}
      </div>
      <p id={`${fieldId}-hint`} className="px-1 text-xs text-slate-400">
        {hydrated ? "Drop or paste files here, or attach them: " : ""}
        {attachmentTypesLabel}; up to {chatAttachmentLimits.perMessage} files and {megabytes} MB a message. Files are kept for 24 hours so
        the conversation can refer to them.
      </p>
      <FieldError id={`${fieldId}-error`} message={error} />
    </div>
  );
}
