import { BatchForm } from "~/components/batch/batch-form";
import { BatchIntro } from "~/components/batch/batch-intro";
import { BatchList } from "~/components/batch/batch-list";
import { PageShell } from "~/components/ui/page-shell";
import { personalPageHeaders } from "~/server/personal-page.server";
import { batchAction, batchPageState } from "~/server/reports/batch-pages.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/ai-detector.batch";

export const meta = () =>
  pageMeta(
    "Batch AI detection",
    "Scan up to 20 PDF, DOCX, TXT or Markdown documents at once: a sortable table of verdicts, a CSV and a report per file.",
  );

export const headers = personalPageHeaders;

export const loader = batchPageState;

// Up to 20 files as one multipart post, with or without JavaScript; 303 to the table (batch-pages.server.ts).
export const action = batchAction;

export default function Batch({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageShell width="max-w-4xl">
      <BatchIntro subscriber={loaderData.subscriber} signedIn={loaderData.signedIn} />
      {loaderData.subscriber ? (
        <div className="mt-8">
          <BatchForm
            error={actionData?.error}
            errorField={actionData && "field" in actionData ? (actionData.field as "strictness") : undefined}
            refusedRows={actionData?.rows ?? []}
            scansLeft={loaderData.scansLeft}
            strictness={actionData && "strictness" in actionData ? actionData.strictness : undefined}
          />
        </div>
      ) : actionData?.error ? (
        <p role="alert" className="mt-6 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200">
          {actionData.error}
        </p>
      ) : null}
      <BatchList batches={loaderData.batches} />
    </PageShell>
  );
}
