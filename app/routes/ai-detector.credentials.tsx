import { data } from "react-router";
import { CredentialsCheckForm } from "~/components/credentials/credentials-check-form";
import { CredentialsReportView } from "~/components/credentials/credentials-report-view";
import { PageShell } from "~/components/ui/page-shell";
import { pageMeta } from "~/components/layout/page-meta";
import { checkCredentialsRequest } from "~/server/credentials/credentials-check.server";
import type { Route } from "./+types/ai-detector.credentials";

export const meta = () =>
  pageMeta("Check Content Credentials", "Read the C2PA Content Credentials and IPTC AI-source label of an image or PDF.");

// The detector page's credentials form posts here: the report, or the refusal beside the file field (decision 068).
export async function action({ request }: Route.ActionArgs) {
  const check = await checkCredentialsRequest(request, "form");
  return check.ok ? { report: check.report } : data({ error: check.message }, { status: check.status });
}

export default function CredentialsCheck({ actionData }: Route.ComponentProps) {
  return (
    <PageShell>
      <h1 className="text-3xl font-bold text-white">Content Credentials check</h1>
      <CredentialsCheckForm error={actionData && "error" in actionData ? actionData.error : undefined} />
      {actionData && "report" in actionData ? <CredentialsReportView report={actionData.report} /> : null}
    </PageShell>
  );
}
