import { LegalPage } from "~/components/legal/legal-page";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/terms";

export function meta() {
  return [
    { title: "Terms and Conditions · ContentForge AI" },
    {
      name: "description",
      content:
        "The terms for using ContentForge AI: account requirements, acceptable use, subscriptions and renewal, refunds, intellectual property, liability and governing law.",
    },
  ];
}

export function loader() {
  return renderLegalDocument("terms");
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
