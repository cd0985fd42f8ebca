import { LegalPage } from "~/components/legal/legal-page";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/refund-policy";

export function meta() {
  return [
    { title: "Refund Policy · ContentForge AI" },
    {
      name: "description",
      content:
        "When ContentForge AI subscriptions can be refunded, how to ask, how long it takes (14 days at most) and how to cancel from your dashboard.",
    },
  ];
}

export function loader() {
  return renderLegalDocument("refund-policy");
}

export default function RefundPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
