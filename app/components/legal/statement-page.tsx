import type { ReactNode } from "react";
import { PageShell } from "~/components/ui/page-shell";
import { DatedTitle, proseClass } from "./legal-page";

/**
 * The frame of a statement the site makes about itself (AI transparency, accessibility): the title,
 * when it was last reviewed, and its sections in the legal pages' prose style.
 */
export function StatementPage({
  title,
  reviewed,
  lead,
  children,
}: {
  title: string;
  reviewed: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageShell width="max-w-4xl">
      <header>
        <DatedTitle title={title} date={`Last reviewed: ${reviewed}`} />
        <p className="mt-6 text-lg leading-[1.6] text-slate-300">{lead}</p>
      </header>
      <article className={`mt-10 rounded-2xl border border-white/10 bg-slate-900/60 p-6 sm:p-10 ${proseClass}`}>{children}</article>
    </PageShell>
  );
}
