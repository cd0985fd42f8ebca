import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { PageShell, primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";

/** The card every Checkout outcome page shows: a large icon, the heading, what happened, what next. */
export function PaymentResult({ icon, iconClass, title, children }: { icon: string; iconClass: string; title: string; children: ReactNode }) {
  return (
    <PageShell width="max-w-xl">
      <div className="rounded-3xl border border-white/10 bg-slate-900/60 p-8 text-center sm:p-10">
        <Icon path={icon} className={`mx-auto size-14 ${iconClass}`} />
        <h1 className="mt-4 text-3xl font-bold text-white">{title}</h1>
        {children}
      </div>
    </PageShell>
  );
}

/** The way back when no subscription started: the plans again, or home. */
export function BackToPlansLinks() {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/pricing" className={primaryButtonClass}>
        Back to plans
      </Link>
      <Link to="/" className={secondaryButtonClass}>
        Home
      </Link>
    </div>
  );
}
