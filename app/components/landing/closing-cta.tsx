import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { Cta } from "~/content/landing";

/** The closing call to action: the hero's two links again, for visitors who read to the end. */
export function ClosingCta({ primary, secondary }: { primary: Cta; secondary: Cta }) {
  return (
    <section aria-labelledby="closing-cta-title" className="pb-24 pt-8 sm:pb-32 render-when-visible">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="relative isolate overflow-hidden rounded-3xl border border-white/10 bg-slate-900 px-6 py-14 text-center sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_50%_120%,rgb(192_38_211/0.35),transparent_70%),radial-gradient(30rem_16rem_at_10%_-20%,rgb(124_58_237/0.3),transparent_70%)]"
          />
          <h2 id="closing-cta-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Ready to create your best work yet?
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-slate-200">
            Start with any tool in demo mode today, and upgrade when you need more.
          </p>
          <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
            <Link
              to={primary.to}
              className="group inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-3.5 font-semibold text-white shadow-lg shadow-fuchsia-950/40 transition hover:brightness-110"
            >
              {primary.label}
              <Icon path={icons.arrowRight} className="size-5 transition-transform group-hover:translate-x-0.5" />
            </Link>
            <Link
              to={secondary.to}
              className="inline-flex items-center justify-center rounded-xl border border-white/15 bg-white/5 px-6 py-3.5 font-semibold text-white transition hover:border-white/25 hover:bg-white/10"
            >
              {secondary.label}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
