import { data } from "react-router";
import { ReportDocument } from "~/components/reports/report-document";
import { ReportOwnerControls } from "~/components/reports/report-owner-controls";
import { PageShell } from "~/components/ui/page-shell";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import { ownReport, reportOwnerAction } from "~/server/reports/report-pages.server";
import type { Route } from "./+types/reports.$id";

export function meta() {
  return [{ title: "AI detection report · ContentForge AI" }, { name: "robots", content: "noindex" }];
}

export const headers = personalPageHeaders;

export async function loader(args: Route.LoaderArgs) {
  const report = await ownReport(args, args.params.id);
  return data({ report, revoked: args.url.searchParams.has("revoked") }, { headers: noStore });
}

// Share, Revoke and Delete, for the report's owner only (another owner's id is a 404).
export function action(args: Route.ActionArgs) {
  return reportOwnerAction(args, args.params.id);
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { report, revoked } = loaderData;
  const sharedLink = actionData && "sharedLink" in actionData ? actionData.sharedLink : undefined;
  return (
    <PageShell width="max-w-4xl">
      <ReportDocument report={report} filesBase={`/reports/${report.id}`}>
        <ReportOwnerControls report={report} sharedLink={sharedLink} revoked={revoked} />
      </ReportDocument>
    </PageShell>
  );
}
