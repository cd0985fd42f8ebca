import type { ReactNode } from "react";
import { Icon } from "./icon";
import { PageShell } from "./page-shell";

/** The card an outcome page shows (a checkout's result, a sign-in link's): a large icon, the heading, what happened, what next. */
export function ResultCard({ icon, iconClass, title, children }: { icon: string; iconClass: string; title: string; children: ReactNode }) {
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
