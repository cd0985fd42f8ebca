import type { ReactNode } from "react";

/**
 * A boxed section with a small caps title, as the dashboard's account, plan and data rights. `id`
 * is the title's, which names the section; `sectionId` the section's own, for a link to it.
 */
export function Panel({ id, sectionId, title, children }: { id: string; sectionId?: string; title: string; children: ReactNode }) {
  return (
    <section id={sectionId} aria-labelledby={id} className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
      <h2 id={id} className="text-sm font-medium uppercase tracking-wide text-slate-400">
        {title}
      </h2>
      {children}
    </section>
  );
}
