import { Form, Link } from "react-router";
import { limits } from "~/forms/limits";
import { formatMegabytes } from "~/forms/report-caps";
import { verdictCaptions } from "~/content/detector-verdict";
import { reportTime } from "~/shared/report";
import { CreateReportButton } from "./create-report-form";
import type { ReportSummary } from "~/shared/report";

// /reports: a text field to make a report from any text, this browser's (or this subscriber's)
// reports, newest first, and why one could not be made.

/** 'New report': the same action as the detector result's button, for a text pasted here. */
function NewReportForm({ text, error }: { text?: string; error?: string }) {
  return (
    <Form method="post" action="/reports" className="mt-8 grid gap-3 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
      <label htmlFor="report-text" className="text-lg font-semibold text-white">
        Text to report on
      </label>
      <textarea
        id="report-text"
        name="text"
        rows={6}
        maxLength={limits.detectorText}
        defaultValue={text}
        aria-describedby={error ? "report-error" : "report-text-hint"}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-xl border border-white/15 bg-slate-950 p-4 text-slate-100 placeholder:text-slate-400 focus-visible:[--focus-color:var(--color-cyan-400)]"
        placeholder="Paste the text to analyze..."
      />
      <p id="report-text-hint" className="text-sm text-slate-300">
        Scored by the trained detector, like the AI detector page; up to {limits.detectorText.toLocaleString("en-US")} characters.
      </p>
      <div>
        <CreateReportButton
          label="Create report"
          className="inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-blue-600 to-cyan-600 px-5 py-3 font-semibold text-white transition hover:brightness-110 focus-visible:[--focus-color:var(--color-cyan-400)]"
        />
      </div>
    </Form>
  );
}

/** What a subscriber's reports may take (docs/decisions/056), and how much of it is used. */
type ReportCapsUsage = { madeThisHour: number; perHour: number; storedBytes: number; storedBytesCap: number };

function ReportCaps({ caps }: { caps: ReportCapsUsage }) {
  return (
    <p id="report-caps" className="mt-3 text-slate-300">
      Each report counts as one AI detection scan of your plan. An account makes up to {caps.perHour} reports an hour here and keeps up to{" "}
      {formatMegabytes(caps.storedBytesCap)} of reports: this hour {caps.madeThisHour} of {caps.perHour} made,{" "}
      {formatMegabytes(caps.storedBytes)} of {formatMegabytes(caps.storedBytesCap)} kept.
    </p>
  );
}

export function ReportList({
  reports,
  signedIn,
  caps,
  error,
  text,
  deleted,
}: {
  reports: ReportSummary[];
  signedIn: boolean;
  /** A subscriber's caps; undefined for anyone else (their reports spend the demo allowance). */
  caps?: ReportCapsUsage;
  error?: string;
  text?: string;
  deleted: boolean;
}) {
  return (
    <>
      <h1 className="text-4xl font-bold text-white">Your reports</h1>
      {error ? (
        <div id="report-error" role="alert" className="mt-6 rounded-xl border border-rose-400/50 bg-rose-500/10 p-4 text-rose-100">
          <p className="font-semibold">The report could not be made.</p>
          <p className="mt-1">{error}</p>
          <p className="mt-2">
            <Link to="/ai-detector" className="font-semibold text-cyan-300 underline underline-offset-4">
              Back to the AI detector
            </Link>
          </p>
        </div>
      ) : null}
      {deleted ? (
        <p role="status" className="mt-6 rounded-xl border border-emerald-400/40 bg-emerald-400/10 p-4 text-emerald-100">
          The report was deleted, and its link with it.
        </p>
      ) : null}
      <p className="mt-4 text-slate-300">
        A report shows the detector's verdict sentence by sentence, with a PDF and a signed receipt, private until you share it. Make one
        from a result of the{" "}
        <Link to="/ai-detector" className="font-semibold text-cyan-300 underline underline-offset-4">
          AI detector
        </Link>{" "}
        or from a text pasted here.{" "}
        {signedIn
          ? "A subscriber's reports are kept as long as their history; anyone else's for 24 hours, in this browser only."
          : "Without a subscription, reports are kept for 24 hours and open only in this browser, unless you share them."}
      </p>
      {caps ? <ReportCaps caps={caps} /> : null}
      <NewReportForm text={text} error={error} />
      <h2 className="mt-10 text-2xl font-bold text-white">Reports</h2>
      {reports.length === 0 ? (
        <p className="mt-4 rounded-2xl border border-white/10 bg-slate-900/60 p-6 text-slate-300">No reports yet.</p>
      ) : (
        <ul className="mt-4 grid gap-3">
          {reports.map((report) => (
            <li key={report.id} className="rounded-2xl border border-white/10 bg-slate-900/60 p-5">
              <Link to={`/reports/${report.id}`} className="font-semibold text-white underline-offset-4 hover:underline">
                {verdictCaptions[report.verdict]}
                {report.probability === null ? "" : ` · ${report.probability}% AI probability`}
              </Link>
              {report.fileName ? <p className="mt-1 break-all text-sm font-semibold text-slate-200">{report.fileName}</p> : null}
              <p className="mt-1 line-clamp-2 text-sm text-slate-300">{report.excerpt}</p>
              <p className="mt-1 text-xs text-slate-400">
                {reportTime(report.createdAt)}
                {report.shared ? " · shared by link" : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
