import { Link } from "react-router";
import { PageShell, primaryButtonClass } from "./page-shell";

/** An honest notice for a page whose feature has not shipped yet: it never pretends to work. */
export function NotYetAvailable({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <PageShell>
      <h1 className="text-4xl font-bold text-white">{title}</h1>
      <div role="note" className="mt-6 rounded-2xl border border-amber-400/30 bg-amber-400/10 p-6 text-amber-100">
        {children}
      </div>
      <Link to="/" className={`${primaryButtonClass} mt-8`}>
        Explore the free demo tools
      </Link>
    </PageShell>
  );
}
