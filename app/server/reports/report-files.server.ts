import { data } from "react-router";
import type { ReportView } from "~/shared/report";
import { noStore } from "../personal-page.server";
import { siteOrigin } from "../site-origin.server";
import { reportPdf } from "./pdf/report-pdf.server";

// A report's downloads, for its owner (/reports/<id>/<file>) and through a live share link
// (/r/<token>/<file>): the PDF made here, the scanned text byte for byte (what the SHA-256 is of),
// and the receipt as JSON (what /docs/receipts verifies).

export const reportFileNames = ["report.pdf", "text.txt", "receipt.json"] as const;
type ReportFileName = (typeof reportFileNames)[number];

const isReportFile = (name: string | undefined): name is ReportFileName => reportFileNames.includes(name as ReportFileName);

/** The file, or a thrown 404 for a name that is not one. */
export function reportFile(request: Request, report: ReportView, name: string | undefined, extraHeaders: Record<string, string> = noStore) {
  if (!isReportFile(name)) throw data("A report has report.pdf, text.txt and receipt.json.", { status: 404, headers: extraHeaders });
  const origin = siteOrigin(request) ?? new URL(request.url).origin;
  const base = `contentforge-report-${report.id.slice(0, 12)}`;
  const headers = (type: string, file: string) => ({
    ...extraHeaders,
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${file}"`,
  });
  switch (name) {
    case "report.pdf":
      return new Response(reportPdf(report, origin), { headers: headers("application/pdf", `${base}.pdf`) });
    case "text.txt":
      return new Response(report.text, { headers: headers("text/plain; charset=utf-8", `${base}.txt`) });
    case "receipt.json": {
      const body = report.receipt
        ? { ...report.receipt, publicKeys: `${origin}/.well-known/contentforge-receipt-keys.json`, howToVerify: `${origin}/docs/receipts` }
        : { receipt: null, reason: "Receipts are not configured on this server: this report carries no signature." };
      return new Response(`${JSON.stringify(body, null, 2)}\n`, { headers: headers("application/json", `${base}-receipt.json`) });
    }
  }
}
