import { Form } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { reportTime, type ReportView } from "~/shared/report";

// The owner's part of a report page: who can open it, Share (a new unguessable link, shown once),
// Revoke, Delete. Plain forms: all of it works without JavaScript.

const card = "rounded-2xl border border-white/10 bg-slate-900/60 p-6 print:hidden";
const button =
  "inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 font-semibold transition focus-visible:[--focus-color:var(--color-cyan-400)]";
const primary = `${button} bg-gradient-to-r from-blue-600 to-cyan-600 text-white hover:brightness-110`;
const secondary = `${button} border border-white/15 text-slate-100 hover:bg-white/5`;
const danger = `${button} border border-rose-400/50 text-rose-200 hover:bg-rose-500/10`;

function IntentButton({ intent, label, className }: { intent: string; label: string; className: string }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={className}>
        {label}
      </button>
    </Form>
  );
}

export function ReportOwnerControls({ report, sharedLink, revoked }: { report: ReportView; sharedLink?: string; revoked: boolean }) {
  const { sharing } = report;
  return (
    <section aria-labelledby="sharing-heading" className={card}>
      <h2 id="sharing-heading" className="text-xl font-semibold text-white">
        Who can open this report
      </h2>
      <p className="mt-3 text-slate-200" role="status">
        {sharing.state === "shared" ? (
          <>
            <strong className="text-white">Anyone with the link</strong> can open it, signed in or not, without your controls (shared{" "}
            {reportTime(sharing.sharedAt)}).
          </>
        ) : sharing.state === "revoked" ? (
          <>
            <strong className="text-white">Only you.</strong> {revoked ? "The link is revoked" : "The last link was revoked"} (
            {reportTime(sharing.revokedAt)}): it no longer opens the report.
          </>
        ) : (
          <>
            <strong className="text-white">Only you.</strong> Share it to make a link anyone can open.
          </>
        )}
      </p>

      {sharedLink ? (
        <div className="mt-4 rounded-xl border border-cyan-400/40 bg-cyan-400/10 p-4">
          <label htmlFor="share-link" className="font-semibold text-white">
            The link to this report
          </label>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              id="share-link"
              readOnly
              value={sharedLink}
              aria-describedby="share-link-note"
              className="min-w-0 flex-1 rounded-lg border border-white/15 bg-slate-950 px-3 py-2 font-mono text-sm text-slate-100"
            />
            <CopyButton text={sharedLink} label="Copy link" />
          </div>
          <p id="share-link-note" className="mt-2 text-sm text-slate-200">
            Copy it now: it is shown only this once (we keep only a fingerprint of it). A new link stops this one.
          </p>
        </div>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-3">
        {sharing.state === "shared" ? (
          <>
            <IntentButton intent="share" label="Make a new link" className={secondary} />
            <IntentButton intent="revoke" label="Revoke the link" className={danger} />
          </>
        ) : (
          <IntentButton intent="share" label="Share" className={primary} />
        )}
        <IntentButton intent="delete" label="Delete report" className={danger} />
      </div>
      <p className="mt-4 text-sm text-slate-400">Kept until {reportTime(report.expiresAt)}, then deleted with its link.</p>
    </section>
  );
}
