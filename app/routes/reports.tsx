import { ReportList } from "~/components/reports/report-list";
import { PageShell } from "~/components/ui/page-shell";
import { personalPageHeaders } from "~/server/personal-page.server";
import { createReportAction, reportListState } from "~/server/reports/report-pages.server";
import type { Route } from "./+types/reports";

export function meta() {
  return [{ title: "Your reports · ContentForge AI" }, { name: "robots", content: "noindex" }];
}

export const headers = personalPageHeaders;

export const loader = reportListState;

// The detector result's 'Create a shareable report' posts the text here (components/reports/create-report-form.tsx).
export const action = createReportAction;

export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageShell width="max-w-4xl">
      <ReportList
        reports={loaderData.reports}
        signedIn={loaderData.signedIn}
        caps={loaderData.caps}
        error={actionData?.error}
        text={actionData?.text}
        deleted={loaderData.deleted}
      />
    </PageShell>
  );
}
