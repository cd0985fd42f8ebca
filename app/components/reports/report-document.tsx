import type { ReactNode } from "react";
import { Link } from "react-router";
import { DetectionBreakdown } from "~/components/tools/detector/detection-breakdown";
import { verdictCaptions } from "~/content/detector-verdict";
import { limits } from "~/forms/limits";
import { reportAccuracy, reportEngineNames, reportTime, type ReportView } from "~/shared/report";
import { strictnessLineText } from "~/shared/strictness-wording";
import { PrintButton } from "./print-button";

// The report as a person reads it, the same for its owner and through a share link: verdict, the
// text sentence by sentence, the engine and its measured error rates, the date, the text's SHA-256
// and the signed receipt. On paper ('Save as PDF') it prints dark on white without the site around it.

const card =
  "rounded-2xl border border-white/10 bg-slate-900/60 p-6 print:break-inside-avoid print:rounded-none print:border-0 print:border-t print:border-slate-300 print:bg-white print:px-0";
const mono = "font-mono text-sm break-all text-slate-100 print:text-black";

/** Where a report's files are: /reports/<id> for its owner, /r/<token> through a link. */
export function ReportDocument({ report, filesBase, children }: { report: ReportView; filesBase: string; children?: ReactNode }) {
  const { result, file } = report;
  return (
    <article
      data-print-document
      aria-labelledby="report-heading"
      className="grid gap-6 [print-color-adjust:exact] print:gap-4 print:text-black print:[&_:not(svg_*)]:text-black print:[&_svg_text]:fill-black"
    >
      <header>
        <h1 id="report-heading" className="text-3xl font-bold text-white sm:text-4xl">
          AI detection report
        </h1>
        {file ? (
          <p className="mt-2 break-all text-lg font-semibold text-slate-100">
            <span className="sr-only">File: </span>
            {file.name}
          </p>
        ) : null}
        <p className="mt-2 text-slate-300">
          Scanned <time dateTime={new Date(report.createdAt * 1000).toISOString()}>{reportTime(report.createdAt)}</time> ·{" "}
          {report.words.toLocaleString("en-US")} words
        </p>
      </header>

      <section aria-labelledby="verdict-heading" className={card}>
        <h2 id="verdict-heading" className="text-xl font-semibold text-white">
          Verdict
        </h2>
        <DetectionBreakdown
          result={result}
          text={report.text}
          tooShort={`${verdictCaptions["too-short"]}: the text has ${report.words} words; a verdict needs at least ${limits.detectorMinWords}.`}
        />
      </section>

      <section aria-labelledby="engine-heading" className={card}>
        <h2 id="engine-heading" className="text-xl font-semibold text-white">
          Engine and accuracy
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-slate-200 sm:grid-cols-[max-content_1fr]">
          <dt className="text-slate-400">Engine</dt>
          <dd>{reportEngineNames[report.engine] ?? report.engine}</dd>
          <dt className="text-slate-400">Detector version</dt>
          <dd className={mono}>{report.detectorVersion}</dd>
          {result.strictness ? (
            <>
              <dt className="text-slate-400">Strictness</dt>
              <dd>{strictnessLineText(result.strictness)}</dd>
            </>
          ) : null}
          <dt className="text-slate-400">SHA-256 of the text</dt>
          <dd className={mono}>{report.sha256}</dd>
          <dt className="text-slate-400">Report</dt>
          <dd className={mono}>{report.id}</dd>
        </dl>
        <p className="mt-4 text-sm text-slate-300">{reportAccuracy(report.figures, result.bands.likelyAi)}</p>
        <p className="mt-2 text-sm text-slate-300 print:hidden">
          What these figures mean and how they were measured: 'How accurate is this?' on the{" "}
          <Link to="/ai-detector" className="font-semibold text-cyan-300 underline underline-offset-4">
            AI detector
          </Link>{" "}
          page.
        </p>
      </section>

      <ReceiptSection report={report} filesBase={filesBase} />

      <section aria-labelledby="downloads-heading" className={`${card} print:hidden`}>
        <h2 id="downloads-heading" className="text-xl font-semibold text-white">
          Download
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          <a href={`${filesBase}/report.pdf`} className={linkButton}>
            Download PDF
          </a>
          <a href={`${filesBase}/text.txt`} className={linkButton}>
            Download the text
          </a>
          <a href={`${filesBase}/receipt.json`} className={linkButton}>
            Download the receipt
          </a>
          <PrintButton className={linkButton} />
        </div>
      </section>

      {children}
    </article>
  );
}

const linkButton =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-white/15 px-4 py-2.5 font-semibold text-slate-100 transition hover:bg-white/5 focus-visible:[--focus-color:var(--color-cyan-400)]";

function ReceiptSection({ report, filesBase }: { report: ReportView; filesBase: string }) {
  const { receipt } = report;
  return (
    <section aria-labelledby="receipt-heading" className={card}>
      <h2 id="receipt-heading" className="text-xl font-semibold text-white">
        Scan receipt
      </h2>
      {receipt ? (
        <>
          <p className="mt-3 text-slate-300">
            Signed with Ed25519 by key <code className="font-mono text-slate-100">{receipt.keyId}</code>. Anyone can check that this text
            (by its SHA-256) got this verdict from this engine version at this time, and that nothing was changed since:{" "}
            <Link to="/docs/receipts" className="font-semibold text-cyan-300 underline underline-offset-4">
              how to verify a receipt
            </Link>
            .
          </p>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-300">Signed bytes (UTF-8)</h3>
          <pre className={`mt-2 whitespace-pre-wrap rounded-xl bg-slate-950/60 p-4 print:bg-white print:p-0 ${mono}`}>
            {receipt.payload}
          </pre>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-300">Signature (base64)</h3>
          <pre className={`mt-2 whitespace-pre-wrap rounded-xl bg-slate-950/60 p-4 print:bg-white print:p-0 ${mono}`}>
            {receipt.signature}
          </pre>
          <p className="mt-3 text-sm text-slate-300 print:hidden">
            As a file:{" "}
            <a href={`${filesBase}/receipt.json`} className="font-semibold text-cyan-300 underline underline-offset-4">
              receipt.json
            </a>
            ; the public key:{" "}
            <a href="/.well-known/contentforge-receipt-keys.json" className="font-semibold text-cyan-300 underline underline-offset-4">
              /.well-known/contentforge-receipt-keys.json
            </a>
            .
          </p>
        </>
      ) : (
        <p className="mt-3 text-slate-300">Receipts are not configured on this server: this report carries no signature.</p>
      )}
    </section>
  );
}
