import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Card, ErrorBox } from "~/components/tools/form-parts";
import { FileDropZone } from "~/components/ui/file-drop-zone";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { useHydrated } from "~/components/ui/use-hydrated";
import { batchLimits } from "~/forms/batch-limits";
import { documentAccept, documentLimits, documentTypesLabel } from "~/forms/document-limits";
import { formatCount } from "~/forms/format-count";
import type { BatchRow } from "~/shared/batch";
import { StrictnessChoice } from "~/components/tools/detector/strictness-choice";

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/** What a batch takes, as the page states it (the server enforces the same values, forms/batch-limits.ts). */
export const batchLimitsText =
  `Up to ${batchLimits.files} files (${documentTypesLabel}), ${megabytes(batchLimits.totalBytes)} MB in all and ${megabytes(documentLimits.fileBytes)} MB and ${documentLimits.pdfPages} pages a file; ` +
  `${formatCount(batchLimits.characters)} characters of text a batch. Each file scanned uses one AI Detection scan of your plan; a file that cannot be read is not charged.`;

/**
 * The batch form: one file field with `multiple` in a drop zone (drop files on it, or choose them;
 * without JavaScript a plain multipart form). The server answers with the table's page. <Form>'s
 * encType "multipart/form-data" sends every chosen file under the one name, as the browser would
 * (reactrouter.com/api/components/Form, read 2026-11-26).
 */
export function BatchForm({
  error,
  errorField,
  refusedRows,
  scansLeft,
  strictness,
}: {
  error?: string;
  /** The field the error is about when it is not the files. */
  errorField?: "strictness";
  refusedRows: BatchRow[];
  scansLeft: number | null;
  /** The level of the last post, kept chosen when the form comes back. */
  strictness?: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/ai-detector/batch";
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const take = (files: FileList | null | undefined) => {
    if (!files || !input.current || busy) return;
    const transfer = new DataTransfer();
    for (const file of files) transfer.items.add(file);
    input.current.files = transfer.files;
    setChosen([...files].map((file) => file.name));
  };
  const over = chosen.length > batchLimits.files;
  return (
    <Card>
      <Form method="post" action="/ai-detector/batch" encType="multipart/form-data" className="grid gap-4">
        <label htmlFor="batch-files" className="font-semibold text-white">
          Documents to scan
        </label>
        <FileDropZone
          onFiles={take}
          className="grid gap-3 px-4 py-6"
          dragging="border-sky-400 bg-sky-500/10"
          invalid={Boolean(error) || over}
        >
          <span className="flex items-center gap-3 text-slate-300">
            <Icon path={icons.fileUp} className="size-6 shrink-0" />
            {hydrated ? "Drop up to 20 files here, or choose them:" : "Choose up to 20 files:"}
          </span>
          <input
            ref={input}
            id="batch-files"
            name="files"
            type="file"
            multiple
            required
            accept={documentAccept}
            disabled={busy}
            aria-describedby="batch-files-hint"
            onChange={(event) => take(event.currentTarget.files)}
            className="w-full min-w-0 text-sm text-slate-300 file:mr-4 file:rounded-lg file:border-0 file:bg-white/10 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-white/15"
          />
          {chosen.length > 0 ? (
            <p className={`text-sm ${over ? "text-rose-300" : "text-slate-300"}`} aria-live="polite">
              {chosen.length} file{chosen.length === 1 ? "" : "s"} chosen
              {over ? `: a batch takes up to ${batchLimits.files}, remove ${chosen.length - batchLimits.files}.` : `: ${chosen.join(", ")}`}
            </p>
          ) : null}
        </FileDropZone>
        <p id="batch-files-hint" className="text-sm text-slate-400">
          {batchLimitsText}
          {scansLeft === null
            ? " Your plan has no limit on scans."
            : ` You have ${formatCount(scansLeft)} scan${scansLeft === 1 ? "" : "s"} left this period; a batch larger than that is not scanned.`}
        </p>
        <StrictnessChoice answered={strictness} disabled={busy} error={errorField === "strictness" ? error : undefined} />
        <div>
          <button
            type="submit"
            disabled={hydrated && (busy || over)}
            className="inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-sky-600 to-cyan-600 px-6 py-3 font-semibold text-white shadow-lg transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <Icon path={icons.scanSearch} className="size-5" />
            {busy ? "Scanning the files..." : "Scan the files"}
          </button>
        </div>
      </Form>
      {error && errorField !== "strictness" ? (
        <div className="mt-4 grid gap-2">
          <ErrorBox id="batch-error">{error}</ErrorBox>
          {refusedRows.some((row) => row.problem) ? (
            <ul className="list-disc pl-6 text-sm text-slate-300">
              {refusedRows
                .filter((row) => row.problem)
                .map((row, index) => (
                  <li key={`${row.name}-${index}`}>
                    <span className="font-semibold text-slate-100">{row.name}</span>: {row.problem}
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
