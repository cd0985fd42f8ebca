import { LegalPage, legalMeta } from "~/components/legal/legal-page";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/refund-policy";

export const meta: Route.MetaFunction = () => legalMeta("refund-policy");

export const loader = () => renderLegalDocument("refund-policy");

export default function RefundPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
