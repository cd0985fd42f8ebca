import { Link } from "react-router";
import { company, companyAddressLines } from "~/content/company";
import { tools } from "~/content/tools";
import { BuilderBadge } from "./builder-badge";

const legalLinks = [
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms and Conditions" },
  { to: "/refund-policy", label: "Refund Policy" },
] as const;

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
        <nav aria-label="Tools">
          <h2 className="text-sm font-semibold text-white">Tools</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {tools.map((tool) => (
              <li key={tool.id}>
                <Link to={tool.path} className="text-slate-300 hover:text-white">
                  {tool.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/pricing" className="text-slate-300 hover:text-white">
                Pricing
              </Link>
            </li>
            <li>
              <Link to="/docs/api" className="text-slate-300 hover:text-white">
                Developer API
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          <nav aria-label="Legal">
            <h2 className="text-sm font-semibold text-white">Legal</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-slate-300 hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <address className="mt-6 text-sm not-italic text-slate-300">
            <span className="font-medium text-slate-200">{company.legalName}</span>
            {companyAddressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
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
