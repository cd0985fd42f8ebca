import type { ReactNode } from "react";

/** The centred column used by the simple pages (payment results, 404, notices). */
export function PageShell({ children, width = "max-w-3xl" }: { children: ReactNode; width?: string }) {
  return <section className={`mx-auto ${width} px-4 pb-24 pt-32 sm:px-6 lg:px-8`}>{children}</section>;
}

export const primaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-5 py-3 font-semibold text-white shadow-lg shadow-violet-900/30 transition hover:brightness-110";

export const secondaryButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-xl border border-white/15 px-5 py-3 font-semibold text-slate-100 transition hover:bg-white/5";
