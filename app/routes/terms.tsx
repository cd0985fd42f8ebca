import { LegalPage, legalMeta } from "~/components/legal/legal-page";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = () => legalMeta("terms");

export const loader = () => renderLegalDocument("terms");

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
