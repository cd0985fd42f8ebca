import { Form, useNavigation } from "react-router";
import type { ScannedDocument } from "~/shared/ai-types";
import type { Strictness } from "~/shared/strictness";

/** A submit button of a form posting to /reports, saying so while the report is being made (JavaScript on). */
export function CreateReportButton({ label, className }: { label: string; className: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/reports";
  return (
    <button type="submit" disabled={busy} className={`${className} disabled:cursor-wait`}>
      {busy ? "Creating the report..." : label}
    </button>
  );
}

/**
 * 'Create a shareable report' under a detector result: posts the text (a long document's text with
 * the seal the server made of its facts, and the strictness level it was read at) to /reports, where the server scores it again with the
 * trained detector and stores the report (no verdict or file name travels from the browser), then
 * opens it. A plain form, so it works without JavaScript.
 */
export function CreateReportForm({ text, document, strictness }: { text: string; document?: ScannedDocument; strictness?: Strictness }) {
  const reported = document?.text ?? text;
  if (reported.trim() === "") return null;
  // Without SESSION_SECRET the server seals nothing, and a document's report could not name its file.
  if (document && !document.seal) {
    return (
      <p className="text-sm text-slate-300">Reports of documents are not available on this server; paste a part of the text instead.</p>
    );
  }
  return (
    <Form method="post" action="/reports" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="text" value={reported} />
      {document?.seal ? <input type="hidden" name="seal" value={document.seal} /> : null}
      {/* The level the result was read at: the report is scored again at it. */}
      {strictness ? <input type="hidden" name="strictness" value={strictness} /> : null}
      <CreateReportButton
        label="Create a shareable report"
        className="inline-flex items-center justify-center gap-2 rounded-xl border border-cyan-400/50 px-4 py-2.5 font-semibold text-cyan-100 transition hover:bg-cyan-400/10 focus-visible:[--focus-color:var(--color-cyan-400)] disabled:text-slate-300"
      />
      <span className="text-sm text-slate-300">A page with a PDF and a signed receipt, private until you share it.</span>
    </Form>
  );
}
