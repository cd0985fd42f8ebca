import { LegalPage, legalMeta } from "~/components/legal/legal-page";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () => legalMeta("privacy-policy");

export const loader = () => renderLegalDocument("privacy-policy");

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
