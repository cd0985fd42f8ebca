import { useEffect, useRef } from "react";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { FileDropZone } from "~/components/ui/file-drop-zone";
import { useHydrated } from "~/components/ui/use-hydrated";
import { documentAccept, documentLimits, documentTypesLabel } from "~/forms/document-limits";
import { formatCount } from "~/forms/format-count";
import { FieldError } from "./form-parts";
import type { FormValues } from "~/shared/tool-action-data";
import { useToolForm } from "./tool-form";

const megabytes = Math.round(documentLimits.fileBytes / (1024 * 1024));

/**
 * 'Or upload a document': a file field in a drop zone (drop a file on it, or choose one; without
 * JavaScript it is a plain file field). The server reads the file's text, which takes the place of
 * the pasted text; a refusal comes back beside the field with everything typed kept.
 */
export function DocumentField({ note, answered }: { note: string; answered?: FormValues }) {
  const { tool, busy, fieldErrors, document, text } = useToolForm();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const id = `${tool}-document`;
  const error = fieldErrors.document;
  const choose = (file: File | undefined) => document?.onChange(file ? file.name : null);
  // A file chosen before the page hydrated counts as chosen (once, on hydration).
  const onChange = document?.onChange;
  useEffect(() => {
    const file = input.current?.files?.[0];
    if (file) onChange?.(file.name);
  }, [onChange]);
  // A document whose text came back in the box (it fitted) is done with: the box holds its text
  // now, and sending the form again sends what the box says.
  const setText = text.onChange;
  useEffect(() => {
    if (!answered?.document || !answered.text) return;
    setText(answered.text);
    if (input.current) input.current.value = "";
    onChange?.(null);
  }, [answered, setText, onChange]);
  const take = (files: FileList | undefined) => {
    const file = files?.[0];
    if (!file || !input.current || busy) return;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    input.current.files = transfer.files;
    choose(file);
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="font-semibold text-white">
        Or upload a document
      </label>
      <FileDropZone
        onFiles={take}
        className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-3 px-4 py-3"
        dragging="border-sky-400 bg-sky-500/10"
        invalid={Boolean(error)}
      >
        <Icon path={icons.fileUp} className="size-6 shrink-0 text-slate-300" />
        <input
          ref={input}
          id={id}
          name="document"
          type="file"
          accept={documentAccept}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint ${id}-error`}
          onChange={(event) => choose(event.currentTarget.files?.[0])}
          className="w-full min-w-0 text-sm text-slate-300 file:mr-4 file:rounded-lg file:border-0 file:bg-white/10 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-white/15"
        />
        {hydrated && document?.name ? (
          <button
            type="button"
            onClick={() => {
              if (input.current) input.current.value = "";
              choose(undefined);
              input.current?.focus();
            }}
            className="col-start-2 justify-self-start rounded-lg px-3 py-1.5 text-sm font-semibold text-slate-200 hover:bg-white/10"
          >
            Remove<span className="sr-only"> {document.name}</span>
          </button>
        ) : null}
      </FileDropZone>
      <p id={`${id}-hint`} className="text-sm text-slate-400">
        {hydrated ? "Drop a file here or choose one: " : ""}
        {documentTypesLabel}, up to {megabytes} MB and {documentLimits.pdfPages} pages; the text is read, never kept as a file (at most{" "}
        {formatCount(documentLimits.characters)} characters). {note}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
