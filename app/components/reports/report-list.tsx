import { Link } from "react-router";
import { verdictCaptions } from "~/content/detector-verdict";
import { reportTime } from "~/shared/report";
import type { ReportSummary } from "~/server/reports/reports.server";

// /reports: this browser's (or this subscriber's) reports, newest first, and why one could not be made.

export function ReportList({
  reports,
  signedIn,
  error,
  deleted,
}: {
  reports: ReportSummary[];
  signedIn: boolean;
  error?: string;
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
        Make a report from a result of the{" "}
        <Link to="/ai-detector" className="font-semibold text-cyan-300 underline underline-offset-4">
          AI detector
        </Link>
        .{" "}
        {signedIn
          ? "A subscriber's reports are kept as long as their history; anyone else's for 24 hours, in this browser only."
          : "Without a subscription, reports are kept for 24 hours and open only in this browser, unless you share them."}
      </p>
      {reports.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6 text-slate-300">No reports yet.</p>
      ) : (
        <ul className="mt-8 grid gap-3">
          {reports.map((report) => (
            <li key={report.id} className="rounded-2xl border border-white/10 bg-slate-900/60 p-5">
              <Link to={`/reports/${report.id}`} className="font-semibold text-white underline-offset-4 hover:underline">
                {verdictCaptions[report.verdict]}
                {report.probability === null ? "" : ` · ${report.probability}% AI probability`}
              </Link>
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
