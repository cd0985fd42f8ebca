import { LegalPage } from "~/components/legal/legal-page";
import { renderLegalDocument } from "~/server/content/legal.server";
import type { Route } from "./+types/privacy-policy";

export function meta() {
  return [
    { title: "Privacy Policy · ContentForge AI" },
    {
      name: "description",
      content:
        "What ContentForge AI collects, why, how it is secured and stored, who it is shared with (never sold), and your rights to access, export and delete your data.",
    },
  ];
}

export function loader() {
  return renderLegalDocument("privacy-policy");
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
