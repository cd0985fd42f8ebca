import { LegalPage } from "~/components/legal/legal-page";
import { pageMeta } from "~/components/ui/page-meta";
import { legalPageDescriptions } from "~/content/legal-pages";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () => pageMeta("Privacy Policy", legalPageDescriptions["privacy-policy"]);

export const loader = () => renderLegalDocument("privacy-policy");

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
