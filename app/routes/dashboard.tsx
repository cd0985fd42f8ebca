import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SignOutButton } from "~/components/account/sign-out-button";
import { PlanCard } from "~/components/billing/plan-card";
import { UsageMeter } from "~/components/billing/usage-meter";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { PageShell, primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import { dashboardForm } from "~/forms/billing-forms";
import { parseForm, readForm, type FormValues } from "~/forms/parse-form.server";
import { ApiKeysSection } from "~/components/account/api-keys-section";
import { YourDataSection } from "~/components/workspace/your-data-section";
import { AnalyticsSection } from "~/components/workspace/analytics-section";
import { usageAnalytics } from "~/server/workspace/analytics.server";
import { apiKeyAction, apiKeysState } from "~/server/api/api-key-dashboard.server";
import { openBillingPortal } from "~/server/billing/billing-portal.server";
import { notConfiguredMessage, pricedPlans } from "~/server/billing/config.server";
import { dashboardSummary } from "~/server/billing/dashboard.server";
import { currentSubscriber, subscriberFor } from "~/server/billing/subscriber.server";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import { siteOrigin } from "~/server/site-origin.server";
import { accountContext } from "~/server/account/account-middleware.server";
import type { AccountSession } from "~/server/account/sessions.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [
    { title: "Dashboard · ContentForge AI" },
    { name: "description", content: "Your ContentForge AI plan, renewal date and this month's usage of every tool." },
  ];
}

export const headers = personalPageHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const session = context.get(accountContext);
  if (!session) return data({ email: null, summary: null, analytics: null, plans: [], apiKeys: null }, { headers: noStore });
  const subscriber = await subscriberFor(session.email);
  return data(
    {
      email: session.email,
      summary: subscriber ? await dashboardSummary(subscriber) : null,
      analytics: subscriber ? await usageAnalytics(subscriber) : null,
      plans: subscriber ? [] : pricedPlans(),
      apiKeys: await apiKeysState(session.email, subscriber),
    },
    { headers: noStore },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = await readForm(request);
  if (values.intent === "create-key" || values.intent === "revoke-key") return apiKeyFormAction(context.get(accountContext), values);
  const parsed = parseForm(dashboardForm, values);
  if (!parsed.ok) return data({ error: parsed.fieldErrors.intent ?? "Unknown dashboard action." }, { status: 400, headers: noStore });
  const subscriber = await currentSubscriber(request);
  if (!subscriber) return data({ error: "Your session has ended. Sign in again to manage billing." }, { status: 401, headers: noStore });
  const origin = siteOrigin(request);
  if (!origin) return data({ error: notConfiguredMessage }, { status: 503, headers: noStore });
  const portal = await openBillingPortal(subscriber.customerId, `${origin}/dashboard`);
  if (portal.ok) return redirect(portal.url, 303);
  return portal.reason === "not-configured"
    ? data({ error: notConfiguredMessage }, { status: 503, headers: noStore })
    : data({ error: "We could not open the billing portal. Please try again." }, { status: 502, headers: noStore });
}

async function apiKeyFormAction(session: AccountSession | undefined, values: FormValues) {
  if (!session) return data({ error: "Your session has ended. Sign in again to manage API keys." }, { status: 401, headers: noStore });
  const result = await apiKeyAction(session.email, await subscriberFor(session.email), values);
  // After a revoke, a fresh GET shows the list (reloading does not post again).
  if (result.status === 303) return redirect("/dashboard#api-keys", 303);
  return data(result, { status: result.status, headers: noStore });
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { email, summary, analytics, plans, apiKeys } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (!email) return <SignedOutDashboard />;
  return (
    <PageShell width="max-w-4xl">
      <h1 className="text-4xl font-bold text-white">Dashboard</h1>
      {actionData && "error" in actionData && actionData.error ? (
        <p role="alert" className="mt-6 flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200">
          <Icon path={icons.circleAlert} className="mt-0.5 size-5 shrink-0" />
          <span>{actionData.error}</span>
        </p>
      ) : null}
      <AccountSection email={email} />
      <YourDataSection />
      {summary ? (
        <>
          <section aria-labelledby="subscription-heading" className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
            <h2 id="subscription-heading" className="text-sm font-medium uppercase tracking-wide text-slate-400">
              Subscription
            </h2>
            <dl className="mt-4 grid gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-slate-400">Plan</dt>
                <dd className="text-2xl font-bold text-white">{summary.planName}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-400">Status</dt>
                <dd className={`text-lg font-semibold ${summary.status === "active" || summary.status === "trialing" ? "text-emerald-300" : "text-amber-300"}`}>
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
          </section>
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
          {analytics ? <AnalyticsSection analytics={analytics} /> : null}
          {apiKeys ? (
            <ApiKeysSection
              state={apiKeys}
              created={actionData && "created" in actionData ? actionData.created : undefined}
              error={actionData && "keyError" in actionData ? actionData.keyError : undefined}
              busy={busy}
            />
          ) : null}
        </>
      ) : (
        <section aria-labelledby="no-plan-heading" className="mt-8">
          <h2 id="no-plan-heading" className="text-2xl font-bold text-white">
            No plan yet
          </h2>
          <p className="mt-2 text-slate-300">
            Choose a plan to unlock full results and higher limits; it is added to this account. Every tool stays free to try
            in demo mode in the meantime.
          </p>
          <div className="mt-12 grid gap-8 lg:grid-cols-3 lg:items-center">
            {plans.map(({ plan, price }) => (
              <PlanCard key={plan.id} plan={plan} price={price} />
            ))}
          </div>
        </section>
      )}
    </PageShell>
  );
}

/** Who is signed in, and the two ways out. */
function AccountSection({ email }: { email: string }) {
  return (
    <section aria-labelledby="account-heading" className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
      <h2 id="account-heading" className="text-sm font-medium uppercase tracking-wide text-slate-400">
        Account
      </h2>
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
    </section>
  );
}

function SignedOutDashboard() {
  return (
    <PageShell>
      <h1 className="text-4xl font-bold text-white">Dashboard</h1>
      <div className="mt-6 flex items-start gap-3 rounded-2xl border border-white/10 bg-slate-900/60 p-6 text-slate-200">
        <Icon path={icons.info} className="mt-1 size-5 shrink-0 text-violet-300" />
        <div className="grid gap-3">
          <p>Sign in to see your plan, renewal date and usage: we email you a link, no password needed.</p>
          <p className="text-slate-300">
            Not subscribed yet? Choose a plan and pay on Stripe's secure checkout; you come back here signed in. Every tool
            stays free to try in demo mode in the meantime.
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
