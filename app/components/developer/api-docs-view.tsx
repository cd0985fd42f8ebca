import { TableHead } from "~/components/ui/table-head";
import { Link } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { PageShell } from "~/components/ui/page-shell";
import { formatMegabytes, reportCaps } from "~/forms/report-caps";
import type { ApiDocsData } from "~/shared/api-docs";

// The developer API's documentation page (routes/docs.api.tsx loads what it shows).

const code = "rounded bg-slate-800 px-1.5 py-0.5 font-mono text-sm text-slate-100";
// Long commands wrap instead of scrolling: a scrolling block would need its own keyboard focus.
const block =
  "mt-3 whitespace-pre-wrap [overflow-wrap:anywhere] rounded-xl border border-white/10 bg-slate-950 p-4 font-mono text-sm leading-6 text-slate-100";

export function ApiDocsView({ docs }: { docs: ApiDocsData }) {
  const { baseUrl, rateLimit, accountRateLimit, endpoints, problems } = docs;
  return (
    <PageShell width="max-w-4xl">
      <h1 className="text-4xl font-bold text-white">Developer API</h1>
      <div className="mt-6 grid gap-4 text-slate-200">
        <p>
          Every tool on the site as JSON over HTTPS, for the Pro and Startup plans. Calls spend the same monthly quotas as the web tools, so
          your{" "}
          <Link to="/dashboard" className="font-semibold text-violet-300 underline underline-offset-4">
            dashboard
          </Link>{" "}
          shows them. The machine-readable description is the OpenAPI 3.1 document at{" "}
          <a href="/api/v1/openapi.json" className="font-semibold text-violet-300 underline underline-offset-4">
            /api/v1/openapi.json
          </a>
          .
        </p>
      </div>

      <section aria-labelledby="start-heading" className="mt-10">
        <h2 id="start-heading" className="text-2xl font-bold text-white">
          Getting started
        </h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-200">
          <li>
            On a Pro or Startup plan, open the{" "}
            <Link to="/dashboard#api-keys" className="font-semibold text-violet-300 underline underline-offset-4">
              dashboard
            </Link>
            , name a key and press 'Create key'. Copy it: it is shown once. You may have 10 live keys; revoking one stops it at once.
          </li>
          <li>
            Send it on every call as <code className={code}>Authorization: Bearer cf_live_…</code>. Only keys authenticate here; a browser's
            sign-in cookie is ignored.
          </li>
          <li>
            Send bodies as <code className={code}>Content-Type: application/json</code> (at most 64 KB; chat 1 MB); image edits take{" "}
            <code className={code}>multipart/form-data</code> (curl's <code className={code}>-F</code>; an image of up to 10 MB and 4096
            pixels a side). The base URL is <code className={code}>{baseUrl}</code>.
          </li>
        </ol>
        <CodeBlock label="Your key in the shell" code="export CONTENTFORGE_API_KEY=cf_live_…" />
      </section>

      <section aria-labelledby="endpoints-heading" className="mt-10">
        <h2 id="endpoints-heading" className="text-2xl font-bold text-white">
          Endpoints
        </h2>
        {endpoints.map((endpoint) => (
          <article
            key={endpoint.name}
            id={`endpoint-${endpoint.name}`}
            className="mt-6 rounded-2xl border border-white/10 bg-slate-900/60 p-6"
          >
            <h3 className="text-xl font-semibold text-white">
              <code className="font-mono">{`${endpoint.method} /api/v1/${endpoint.name}`}</code>
            </h3>
            <p className="mt-2 text-slate-300">{endpoint.summary}.</p>
            {endpoint.fields.length > 0 ? (
              <table className="mt-4 w-full text-left text-sm">
                <caption className="sr-only">Fields of {endpoint.name}</caption>
                <TableHead columns={["Field", "Value"]} rowClassName="text-slate-400" cell="py-1 font-medium" gap="pr-4" />
                <tbody>
                  {endpoint.fields.map((field) => (
                    <tr key={field.name} className="border-t border-white/10 align-top">
                      <td className="py-2 pr-4 font-mono text-slate-100">
                        {field.name}
                        {field.required ? <span className="ml-1 font-sans text-xs text-amber-200">required</span> : null}
                      </td>
                      <td className="py-2 text-slate-300">{field.rule}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <CodeBlock label={`Request: ${endpoint.title}`} code={endpoint.curl} />
            {endpoint.response ? <CodeBlock label="Response (200)" code={endpoint.response} /> : null}
          </article>
        ))}
        <p className="mt-6 text-slate-300">
          With <code className={code}>"stream": true</code>, chat answers Server-Sent Events: <code className={code}>event: delta</code>{" "}
          with <code className={code}>{'{"text": …}'}</code> as the reply is written, then one <code className={code}>event: message</code>{" "}
          with the whole reply (or one <code className={code}>event: error</code> with a problem document). Media URLs from speech and
          images expire after 24 hours. An image edit takes the same fields as the site's Edit form: the area to change is{" "}
          <code className={code}>strokes</code> (the brush's JSON) or a <code className={code}>mask</code> PNG of the image's size,
          transparent where the image should change (as OpenAI's edits endpoint takes it); with neither, the whole image is edited. Without
          a provider the offline editor applies the words it understands and answers which it used and which it ignored.
        </p>
      </section>

      <section aria-labelledby="limits-heading" className="mt-10">
        <h2 id="limits-heading" className="text-2xl font-bold text-white">
          Quotas, rate limits and retries
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-200">
          <li>
            Each call takes its units from your plan's monthly quota for that tool (voiceover counts minutes of speech), the same counter as
            the web tools; a call the provider fails is not counted. <code className={code}>GET /api/v1/usage</code> shows where you are.
          </li>
          <li>
            An account keeps up to {formatMegabytes(reportCaps.storedBytes)} of reports (a batch's documents included, each report its text
            and result): a document that does not fit is its own problem in the batch's answer, not scanned and not counted. Deleting
            reports on <code className={code}>/reports</code> makes room.
          </li>
          <li>
            Each key may make {rateLimit > 0 ? `${rateLimit} requests a minute` : "unlimited requests"}, and all of your account's keys
            together {accountRateLimit > 0 ? `${accountRateLimit} a minute` : "an unlimited number"}. Answers carry{" "}
            <code className={code}>RateLimit-Policy</code> and <code className={code}>RateLimit</code> (requests left and seconds to the
            next window); a refusal carries <code className={code}>Retry-After</code>.
          </li>
          <li>
            Send an <code className={code}>Idempotency-Key</code> header (any 1–255 visible characters, e.g. a UUID) on a POST you may
            retry: for 24 hours, a retry with the same key and body gets the first answer again and spends quota once.
          </li>
        </ul>
      </section>

      <section aria-labelledby="errors-heading" className="mt-10">
        <h2 id="errors-heading" className="text-2xl font-bold text-white">
          Errors
        </h2>
        <p className="mt-3 text-slate-200">
          Refusals are RFC 9457 problem documents (<code className={code}>application/problem+json</code>) with{" "}
          <code className={code}>type</code>, <code className={code}>title</code>, <code className={code}>status</code> and{" "}
          <code className={code}>detail</code>. Invalid requests add <code className={code}>errors</code> by field, with the same messages
          as the web forms; a used-up quota adds <code className={code}>resetsAt</code>; a plan refusal adds{" "}
          <code className={code}>reason</code>.
        </p>
        <dl className="mt-4 grid gap-3">
          {problems.map((problem) => (
            <div key={problem.type} id={`problem-${problem.type}`} className="rounded-xl border border-white/10 p-4">
              <dt className="font-mono text-sm text-slate-100">
                {problem.status} {problem.uri}
              </dt>
              <dd className="mt-1 text-slate-300">{problem.title}</dd>
            </div>
          ))}
        </dl>
      </section>
    </PageShell>
  );
}

/** A code example with its label and, with JavaScript, a button that copies it. */
function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="mt-4">
      <div className="flex items-center justify-between gap-3">
        <figcaption className="text-sm font-medium text-slate-300">{label}</figcaption>
        <CopyButton text={code} label="Copy" />
      </div>
      <pre className={block.replace("mt-3 ", "mt-2 ")}>{code}</pre>
    </figure>
  );
}
