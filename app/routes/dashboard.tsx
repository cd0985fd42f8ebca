import { data, Form, Link, redirect, useNavigation } from "react-router";
import { UsageMeter } from "~/components/billing/usage-meter";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { PageShell, primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import { dashboardForm } from "~/forms/billing-forms";
import { parseForm, readForm } from "~/forms/parse-form.server";
import { openBillingPortal } from "~/server/billing/billing-portal.server";
import { notConfiguredMessage } from "~/server/billing/config.server";
import { dashboardSummary } from "~/server/billing/dashboard.server";
import { clearedSessionCookie, readSession } from "~/server/billing/session-cookie.server";
import { currentSubscriber } from "~/server/billing/subscriber.server";
import type { Route } from "./+types/dashboard";

export function meta() {
  return [
    { title: "Dashboard · ContentForge AI" },
    { name: "description", content: "Your ContentForge AI plan, renewal date and this month's usage of every tool." },
  ];
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

const noStore = { "Cache-Control": "private, no-store" };

export async function loader({ request }: Route.LoaderArgs) {
  const subscriber = await currentSubscriber(request);
  return data({ summary: subscriber ? await dashboardSummary(subscriber) : null }, { headers: noStore });
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(dashboardForm, await readForm(request));
  if (!parsed.ok) return data({ error: parsed.fieldErrors.intent ?? "Unknown dashboard action." }, { status: 400, headers: noStore });
  if (parsed.data.intent === "sign-out") {
    return redirect("/dashboard", { status: 303, headers: { "Set-Cookie": clearedSessionCookie() } });
  }
  const session = await readSession(request);
  if (!session) return data({ error: "Your session has ended. Open the dashboard from your payment confirmation again." }, { status: 401, headers: noStore });
  const portal = await openBillingPortal(session.customerId, `${new URL(request.url).origin}/dashboard`);
  if (portal.ok) return redirect(portal.url, 303);
  return portal.reason === "not-configured"
    ? data({ error: notConfiguredMessage }, { status: 503, headers: noStore })
    : data({ error: "We could not open the billing portal. Please try again." }, { status: 502, headers: noStore });
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { summary } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (!summary) {
    return (
      <PageShell>
        <h1 className="text-4xl font-bold text-white">Dashboard</h1>
        <div className="mt-6 flex items-start gap-3 rounded-2xl border border-white/10 bg-slate-900/60 p-6 text-slate-200">
          <Icon path={icons.info} className="mt-1 size-5 shrink-0 text-violet-300" />
          <div className="grid gap-3">
            <p>
              Your dashboard appears once you subscribe: choose a plan, pay on Stripe's secure checkout, and you come back
              here signed in on this browser with your plan, renewal date and usage.
            </p>
            <p className="text-slate-300">Every tool stays free to try in demo mode in the meantime.</p>
          </div>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/pricing" className={primaryButtonClass}>
            See plans and pricing
          </Link>
          <Link to="/" className={secondaryButtonClass}>
            Explore the tools
          </Link>
        </div>
      </PageShell>
    );
  }
  return (
    <PageShell width="max-w-4xl">
      <h1 className="text-4xl font-bold text-white">Dashboard</h1>
      {actionData && "error" in actionData ? (
        <p role="alert" className="mt-6 flex items-start gap-2 rounded-xl border border-rose-500/40 bg-rose-500/10 px-4 py-3 text-rose-200">
          <Icon path={icons.circleAlert} className="mt-0.5 size-5 shrink-0" />
          <span>{actionData.error}</span>
        </p>
      ) : null}
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
        <div className="mt-6 flex flex-wrap gap-3">
          <Form method="post">
            <input type="hidden" name="intent" value="manage-billing" />
            <button type="submit" disabled={busy} className={`${primaryButtonClass} disabled:opacity-70`}>
              Manage billing
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" disabled={busy} className={`${secondaryButtonClass} disabled:opacity-70`}>
              Sign out
            </button>
          </Form>
        </div>
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
    </PageShell>
  );
}
