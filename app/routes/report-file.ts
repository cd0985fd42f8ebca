import { noStore } from "~/server/personal-page.server";
import { reportFile } from "~/server/reports/report-files.server";
import { ownReport, sharedHeaders, sharedReport } from "~/server/reports/report-pages.server";
import type { Route } from "./+types/report-file";

// A report's files (report.pdf, text.txt, receipt.json): /reports/<id>/<file> for its owner,
// /r/<token>/<file> through a live share link (app/routes.ts registers this module for both).
export async function loader(args: Route.LoaderArgs) {
  const { params, request } = args;
  if (params.token !== undefined) return reportFile(request, await sharedReport(params.token), params.file, sharedHeaders);
  return reportFile(request, await ownReport(args, params.id), params.file, noStore);
}
