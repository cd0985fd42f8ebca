import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { Hero as HeroCopy, Stat } from "~/content/landing";

type HeroProps = { hero: HeroCopy; stats: Stat[] };

/**
 * The landing hero (spec §1): headline, subheadline, the two calls to action and the claimed stats.
 * The headline is the LCP element, so it is painted at once; only the lines around it fade up, in
 * CSS, so they also appear without JavaScript.
 */
export function Hero({ hero, stats }: HeroProps) {
  const highlightAt = hero.highlight ? hero.headline.lastIndexOf(hero.highlight) : -1;
  const lead = highlightAt > 0 ? hero.headline.slice(0, highlightAt) : hero.headline;
  const highlight = highlightAt > 0 ? hero.headline.slice(highlightAt) : "";

  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden pb-12 pt-28 sm:pb-20 sm:pt-36">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_36rem_at_50%_-10%,rgb(139_92_246/0.28),transparent_70%),radial-gradient(40rem_28rem_at_85%_20%,rgb(217_70_239/0.16),transparent_70%)]"
      />
      <div className="mx-auto max-w-7xl px-4 text-center sm:px-6 lg:px-8">
        <p className="animate-fade-up inline-flex items-center gap-2 rounded-full border border-white/10 bg-white/5 px-4 py-1.5 text-sm font-medium text-slate-200">
          <Icon path={icons.sparkles} className="size-4 text-fuchsia-300" />
          {hero.eyebrow}
        </p>
        <h1
          id="hero-title"
          className="mx-auto mt-6 max-w-4xl text-balance text-4xl font-extrabold leading-[1.08] tracking-tight text-white sm:text-6xl lg:text-7xl"
        >
          {lead}
          {highlight ? (
            <span className="bg-gradient-to-r from-violet-300 via-fuchsia-300 to-pink-300 bg-clip-text text-transparent">{highlight}</span>
          ) : null}
        </h1>
        <p
          className="animate-fade-up mx-auto mt-6 max-w-2xl text-pretty text-lg text-slate-300 sm:text-xl"
          style={{ animationDelay: "80ms" }}
        >
          {hero.subheadline}
        </p>
        <div
          className="animate-fade-up mt-10 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center"
          style={{ animationDelay: "160ms" }}
        >
          <Link
            to={hero.primaryCta.to}
            className="group inline-flex items-center justify-center gap-2 rounded-xl bg-gradient-to-r from-violet-600 to-fuchsia-600 px-6 py-3.5 text-base font-semibold text-white shadow-lg shadow-fuchsia-950/40 transition hover:brightness-110"
          >
            {hero.primaryCta.label}
            <Icon path={icons.arrowRight} className="size-5 transition-transform group-hover:translate-x-0.5" />
          </Link>
          <Link
            to={hero.secondaryCta.to}
            className="inline-flex items-center justify-center rounded-xl border border-white/15 bg-white/5 px-6 py-3.5 text-base font-semibold text-white transition hover:border-white/25 hover:bg-white/10"
          >
            {hero.secondaryCta.label}
          </Link>
        </div>
        <dl
          className="animate-fade-up mx-auto mt-16 grid max-w-3xl grid-cols-3 divide-x divide-white/10 rounded-2xl border border-white/10 bg-slate-900/60 py-6"
          style={{ animationDelay: "240ms" }}
        >
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1 px-2">
              <dt className="text-sm text-slate-300 sm:text-base">{stat.label}</dt>
              <dd className="text-2xl font-bold tracking-tight text-white sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
