import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { Plan } from "~/content/plans";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";

/** One plan on /pricing: name, price a month, every feature line, and 'Choose plan'. */
export function PlanCard({ plan, price }: { plan: Plan; price: string }) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-3xl border p-7 ${
        plan.popular
          ? "border-violet-400/60 bg-slate-900 shadow-2xl shadow-violet-900/40 lg:-my-4 lg:py-11"
          : "border-white/10 bg-slate-900/60"
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 whitespace-nowrap rounded-full bg-gradient-to-r from-violet-600 to-fuchsia-600 px-4 py-1 text-sm font-semibold text-white">
          <Icon path={icons.sparkles} className="size-4" />
          Most popular
        </p>
      ) : null}
      <h2 id={headingId} className="text-2xl font-bold text-white">
        {plan.name}
      </h2>
      <p className="mt-2 text-slate-300">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-white">{price}</span>
        <span className="text-slate-300">/month</span>
      </p>
      <ul className="mt-6 grid gap-3 text-slate-200" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Icon path={icons.check} className="mt-0.5 size-5 shrink-0 text-emerald-400" />
            {/* The API has its own guide; the feature links to it. */}
            {feature === "API Access" ? (
              <Link to="/docs/api" className="underline underline-offset-4 hover:text-white">
                {feature}
              </Link>
            ) : (
              <span>{feature}</span>
            )}
          </li>
        ))}
      </ul>
      <Link
        to={`/payment-methods?plan=${plan.id}`}
        aria-label={`Choose plan ${plan.name}`}
        className={`${plan.popular ? primaryButtonClass : secondaryButtonClass} mt-8 w-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400`}
      >
        Choose plan
      </Link>
    </article>
  );
}
