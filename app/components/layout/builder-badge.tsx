import { builderBadge } from "~/content/company";

/** The small fixed badge on every page, linking the site builder in a new tab (spec §1). */
export function BuilderBadge() {
  return (
    <a
      href={builderBadge.href}
      target="_blank"
      rel="noopener noreferrer"
      className="fixed bottom-2 left-2 z-30 rounded-full border border-white/10 bg-slate-900/90 px-2.5 py-1 text-[11px] font-medium text-slate-200 shadow-lg hover:text-white sm:bottom-4 sm:left-4 sm:px-3 sm:py-1.5 sm:text-xs"
    >
      {builderBadge.label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
