import { LegalPage } from "~/components/legal/legal-page";
import { pageMeta } from "~/components/ui/page-meta";
import { legalPageDescriptions } from "~/content/legal-pages";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => pageMeta("Terms and Conditions", legalPageDescriptions.terms);

export const loader = () => renderLegalDocument("terms");

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
