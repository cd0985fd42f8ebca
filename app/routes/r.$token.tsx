import { data } from "react-router";
import { ReportDocument } from "~/components/reports/report-document";
import { PageShell } from "~/components/ui/page-shell";
import { sharedHeaders, sharedReport } from "~/server/reports/report-pages.server";
import type { Route } from "./+types/r.$token";

// A report opened by its share link: read-only, for anyone, never indexed, no owner controls.
export function meta() {
  return [{ title: "AI detection report · ContentForge AI" }, { name: "robots", content: "noindex, nofollow" }];
}

export function headers() {
  return sharedHeaders;
}

export async function loader({ params }: Route.LoaderArgs) {
  return data({ report: await sharedReport(params.token), token: params.token }, { headers: sharedHeaders });
}

export default function SharedReport({ loaderData }: Route.ComponentProps) {
  const { report, token } = loaderData;
  return (
    <PageShell width="max-w-4xl">
      <p className="mb-6 rounded-xl border border-white/10 bg-slate-900/60 px-4 py-3 text-sm text-slate-300 print:hidden">
        A report shared with you by link. Its owner can revoke the link at any time.
      </p>
      <ReportDocument report={report} filesBase={`/r/${token}`} />
    </PageShell>
  );
}
