import { LinkList, type LinkItem } from "./link-list";
import { company } from "~/content/company";
import { tools } from "~/content/tools";
import { BuilderBadge } from "./builder-badge";
import { CompanyAddressLines } from "./company-address-lines";

const toolLinks: LinkItem[] = [
  ...tools.map((tool) => ({ to: tool.path, label: tool.name })),
  { to: "/pricing", label: "Pricing" },
  { to: "/docs/api", label: "Developer API" },
];

const legalLinks: LinkItem[] = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms and Conditions" },
  { to: "/refund-policy", label: "Refund Policy" },
  { to: "/ai-transparency", label: "AI Transparency" },
  { to: "/accessibility", label: "Accessibility" },
];

/** Footer: tools, legal links, the legal entity and its New Delhi address (spec §1–§2). */
export function Footer() {
  return (
    <footer className="border-t border-white/10 bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-3 lg:px-8">
        <div>
          <p className="text-lg font-bold text-white">{company.productName}</p>
          <p className="mt-3 max-w-xs text-sm text-slate-300">
            AI tools for creators and marketers: detect, humanize, write, voice, imagine and chat.
          </p>
        </div>
        <FooterNav label="Tools" links={toolLinks} />
        <div>
          <FooterNav label="Legal" links={legalLinks} />
          <address className="mt-6 text-sm not-italic text-slate-300">
            <span className="font-medium text-slate-200">{company.legalName}</span>
            <CompanyAddressLines />
          </address>
        </div>
      </div>
      {/* The bottom padding is the fixed badge's room: at the page's end it covers nothing. */}
      <p className="border-t border-white/10 pb-20 pt-6 text-center text-xs text-slate-400">
        {/* oxlint-disable-next-line react/purity -- the year of the render; a page hydrated across New Year repaints it */}©{" "}
        {new Date().getFullYear()} {company.legalName}. All rights reserved.
      </p>
      {/* Fixed to the viewport's corner, but part of the footer landmark. */}
      <BuilderBadge />
    </footer>
  );
}

function FooterNav({ label, links }: { label: string; links: LinkItem[] }) {
  return (
    <nav aria-label={label}>
      <h2 className="text-sm font-semibold text-white">{label}</h2>
      <LinkList links={links} className="mt-3 space-y-2 text-sm" linkClassName="text-slate-300 hover:text-white" />
    </nav>
  );
}
