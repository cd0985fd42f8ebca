import { Form, Link } from "react-router";
import { SignOutButton } from "~/components/account/sign-out-button";
import { PlanCard } from "~/components/billing/plan-card";
import { UsageMeter } from "~/components/billing/usage-meter";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { PageShell, primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import type { Plan } from "~/content/plans";
import type { DashboardSummary } from "~/shared/dashboard-summary";
import { Panel } from "./panel";

// The dashboard's sections (routes/dashboard.tsx composes them with the analytics, data and API
// key sections).

/** The plan, its status and renewal, and the way to Stripe's billing portal. */
export function SubscriptionSection({ summary, busy }: { summary: DashboardSummary; busy: boolean }) {
  return (
    <Panel id="subscription-heading" title="Subscription">
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-400">Plan</dt>
          <dd className="text-2xl font-bold text-white">{summary.planName}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Status</dt>
          <dd
            className={`text-lg font-semibold ${summary.status === "active" || summary.status === "trialing" ? "text-emerald-300" : "text-amber-300"}`}
          >
            {summary.statusLabel}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-400">Billing</dt>
          <dd className="text-lg text-slate-100">{summary.dateLine ?? "Date not known yet"}</dd>
        </div>
      </dl>
      <Form method="post" className="mt-6">
        <input type="hidden" name="intent" value="manage-billing" />
        <button type="submit" disabled={busy} className={`${primaryButtonClass} disabled:opacity-70`}>
          Manage billing
        </button>
      </Form>
      <p className="mt-3 text-sm text-slate-400">Change your payment method, see invoices or cancel on Stripe's billing portal.</p>
    </Panel>
  );
}

/** This period's use of every tool against the plan's quota. */
export function UsageSection({ summary }: { summary: DashboardSummary }) {
  return (
    <section aria-labelledby="usage-heading" className="mt-8">
      <h2 id="usage-heading" className="text-2xl font-bold text-white">
        Usage this period
      </h2>
      <p className="mt-2 text-slate-300">{summary.periodLine}</p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {summary.usage.map((item) => (
          <UsageMeter key={item.tool} id={item.tool} label={item.label} unit={item.unit} used={item.used} quota={item.quota} />
        ))}
      </ul>
    </section>
  );
}

/** A signed-in account without a plan: the plans to choose from. */
export function NoPlanSection({ plans }: { plans: { plan: Plan; price: string }[] }) {
  return (
    <section aria-labelledby="no-plan-heading" className="mt-8">
      <h2 id="no-plan-heading" className="text-2xl font-bold text-white">
        No plan yet
      </h2>
      <p className="mt-2 text-slate-300">
        Choose a plan to unlock full results and higher limits; it is added to this account. Every tool stays free to try in demo mode in
        the meantime.
      </p>
      <div className="mt-12 grid gap-8 lg:grid-cols-3 lg:items-center">
        {plans.map(({ plan, price }) => (
          <PlanCard key={plan.id} plan={plan} price={price} />
        ))}
      </div>
    </section>
  );
}

/** Who is signed in, and the two ways out. */
export function AccountSection({ email }: { email: string }) {
  return (
    <Panel id="account-heading" title="Account">
      <p className="mt-3 flex items-center gap-2 text-lg text-white">
        <Icon path={icons.userRound} className="size-5 shrink-0 text-violet-300" />
        <span className="break-all">{email}</span>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <SignOutButton className={secondaryButtonClass} />
        <SignOutButton scope="all-devices" className={secondaryButtonClass}>
          Sign out of all devices
        </SignOutButton>
      </div>
    </Panel>
  );
}

export function SignedOutDashboard() {
  return (
    <PageShell>
      <h1 className="text-4xl font-bold text-white">Dashboard</h1>
      <div className="mt-6 flex items-start gap-3 rounded-2xl border border-white/10 bg-slate-900/60 p-6 text-slate-200">
        <Icon path={icons.info} className="mt-1 size-5 shrink-0 text-violet-300" />
        <div className="grid gap-3">
          <p>Sign in to see your plan, renewal date and usage: we email you a link, no password needed.</p>
          <p className="text-slate-300">
            Not subscribed yet? Choose a plan and pay on Stripe's secure checkout; you come back here signed in. Every tool stays free to
            try in demo mode in the meantime.
          </p>
        </div>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/sign-in" className={primaryButtonClass}>
          Sign in
        </Link>
        <Link to="/pricing" className={secondaryButtonClass}>
          See plans and pricing
        </Link>
      </div>
    </PageShell>
  );
}
