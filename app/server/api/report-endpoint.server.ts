import { isoTime } from "../clock.server";
import type { ReportView } from "~/shared/report";
import type { Subscriber } from "../billing/subscriber.server";
import { findAccountReport } from "../reports/reports.server";
import { reportResponse } from "./detection-responses.server";
import { problem } from "./problem.server";
import { json } from "./tool-endpoint.server";

// GET /api/v1/reports/{id}: one of the key's account's detection reports, receipt included.
// Another account's id is the same 404 as a made-up one.
export async function reportJson(subscriber: Subscriber, id: string | undefined, origin: string): Promise<Response> {
  const report = id ? await findAccountReport(subscriber.email, id) : undefined;
  if (!report) {
    return problem(
      "not-found",
      "No report of this account has this id: it never existed, it expired or was deleted, or it is another account's.",
    );
  }
  return json(reportResponse.parse(reportBody(report, origin)));
}

function reportBody(report: ReportView, origin: string) {
  const { sharing } = report;
  return {
    id: report.id,
    url: `${origin}/reports/${report.id}`,
    createdAt: isoTime(report.createdAt),
    expiresAt: isoTime(report.expiresAt),
    text: report.text,
    sha256: report.sha256,
    words: report.words,
    ...(report.file ? { file: report.file } : {}),
    engine: report.engine,
    detectorVersion: report.detectorVersion,
    result: report.result,
    figures: report.figures,
    receipt: report.receipt,
    sharing: {
      state: sharing.state,
      since: sharing.state === "shared" ? isoTime(sharing.sharedAt) : sharing.state === "revoked" ? isoTime(sharing.revokedAt) : null,
    },
  };
}
