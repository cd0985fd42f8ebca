import { PlanCard } from "~/components/billing/plan-card";
import { webSearchQuotaNote } from "~/content/plans";
import { pricedPlans } from "~/server/billing/config.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/pricing";

export const meta = () => pageMeta("Pricing", "Monthly plans for creators, growing businesses and large organisations.");

export function loader() {
  return { plans: pricedPlans() };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 pb-24 pt-32 sm:px-6 lg:px-8">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">Pricing</h1>
        <p className="mt-4 text-lg text-slate-300">
          Pick the plan that fits your work. Billed monthly, cancel any time from your dashboard.
        </p>
      </header>
      <div className="mt-16 grid gap-8 lg:grid-cols-3 lg:items-center">
        {loaderData.plans.map(({ plan, price }) => (
          <PlanCard key={plan.id} plan={plan} price={price} />
        ))}
      </div>
      <p className="mt-10 text-center text-sm text-slate-300">{webSearchQuotaNote}</p>
    </section>
  );
}
