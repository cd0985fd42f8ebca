import { Card } from "~/components/tools/form-parts";
import type { CredentialsReport, SourceTypeReading } from "~/shared/credentials-report";

// The credentials check's answer, as a person reads it: found or not, the validation state in
// words, the signer, the generator, the actions, the AI source, the ingredients, the XMP label.

const stateTone: Record<CredentialsReport["state"], string> = {
  valid: "border-emerald-500/40 bg-emerald-500/10 text-emerald-100",
  tampered: "border-rose-500/40 bg-rose-500/10 text-rose-100",
  untrusted: "border-amber-500/40 bg-amber-500/10 text-amber-100",
  none: "border-white/10 bg-white/5 text-slate-200",
};

const source = (reading: SourceTypeReading) => `${reading.words} (${reading.uri.split("/").at(-1)})`;

// Each line one string, so it reads as one sentence (and is found as one) wherever it is shown.
const actionLine = ({ action, source: made, softwareAgent }: CredentialsReport["actions"][number]) =>
  [action, made ? `: ${source(made)}` : "", softwareAgent ? `, by ${softwareAgent}` : ""].join("");

const ingredientLine = ({ title, relationship, claimGenerator, signer }: CredentialsReport["ingredients"][number]) =>
  [
    title ?? "untitled",
    relationship ? ` (${relationship})` : "",
    claimGenerator ? `, its own credentials from ${claimGenerator}` : "",
    signer ? `, signed by ${signer}` : "",
  ].join("");

export function CredentialsReportView({ report }: { report: CredentialsReport }) {
  return (
    <section aria-labelledby="credentials-report-heading" className="mt-6">
      <Card>
        <h2 id="credentials-report-heading" tabIndex={-1} autoFocus className="text-xl font-semibold text-white">
          Content Credentials report
        </h2>
        <p className={`mt-3 rounded-xl border px-4 py-3 ${stateTone[report.state]}`}>
          {report.found ? `Content Credentials found. ${report.stateWords}` : report.stateWords}
        </p>
        {report.note ? <p className="mt-3 text-slate-200">{report.note}</p> : null}
        <dl className="mt-4 grid gap-3 text-slate-200 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
          {report.found ? (
            <>
              <dt className="font-semibold text-white">Signed by</dt>
              <dd>{report.signer ?? "no signer named"}</dd>
              <dt className="font-semibold text-white">Claim generator</dt>
              <dd>{report.claimGenerator ?? "not named"}</dd>
              <dt className="font-semibold text-white">AI source</dt>
              <dd>{report.aiSource ? source(report.aiSource) : "the credentials name no source type"}</dd>
              <dt className="font-semibold text-white">Actions</dt>
              <dd>
                <Lines lines={report.actions.map(actionLine)} none="none recorded" />
              </dd>
              <dt className="font-semibold text-white">Ingredients</dt>
              <dd>
                <Lines lines={report.ingredients.map(ingredientLine)} none="none" />
              </dd>
            </>
          ) : null}
          <dt className="font-semibold text-white">IPTC metadata (XMP)</dt>
          <dd>
            {report.xmpSourceTypes.length
              ? report.xmpSourceTypes.map((reading) => `Digital source type: ${source(reading)}`).join("; ")
              : "no AI-source label in the file's metadata"}
          </dd>
        </dl>
      </Card>
    </section>
  );
}

function Lines({ lines, none }: { lines: string[]; none: string }) {
  if (!lines.length) return <>{none}</>;
  return (
    <ul className="grid gap-1">
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}
