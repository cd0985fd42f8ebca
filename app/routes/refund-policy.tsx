import { LegalPage } from "~/components/legal/legal-page";
import { pageMeta } from "~/components/ui/page-meta";
import { legalPageDescriptions } from "~/content/legal-pages";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/refund-policy";

export const meta: Route.MetaFunction = () => pageMeta("Refund Policy", legalPageDescriptions["refund-policy"]);

export const loader = () => renderLegalDocument("refund-policy");

export default function RefundPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
