import { data, redirect, useNavigation } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { PageShell } from "~/components/ui/page-shell";
import {
  AccountSection,
  NoPlanSection,
  SignedOutDashboard,
  SubscriptionSection,
  UsageSection,
} from "~/components/workspace/dashboard-sections";
import { dashboardForm } from "~/forms/billing-forms";
import { parseForm, type FormValues } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { ApiKeysSection } from "~/components/account/api-keys-section";
import { YourDataSection } from "~/components/workspace/your-data-section";
import { SharedConversationsSection } from "~/components/workspace/shared-conversations-section";
import { listSharedConversations } from "~/server/conversations/shared-conversations.server";
import { AnalyticsSection } from "~/components/workspace/analytics-section";
import { usageAnalytics } from "~/server/workspace/analytics.server";
import { apiKeyAction, apiKeysState } from "~/server/api/api-key-dashboard.server";
import { openBillingPortal } from "~/server/billing/billing-portal.server";
import { notConfiguredMessage, pricedPlans } from "~/server/billing/config.server";
import { dashboardSummary } from "~/server/billing/dashboard.server";
import { accountSubscriber, subscriberFor } from "~/server/billing/subscriber.server";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import { siteOrigin } from "~/server/site-origin.server";
import { accountContext } from "~/server/account/account-middleware.server";
import type { AccountSession } from "~/server/account/sessions.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/dashboard";

export const meta = () => pageMeta("Dashboard", "Your ContentForge AI plan, renewal date and this month's usage of every tool.");

export const headers = personalPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(accountContext);
  if (!session) return data({ email: null, summary: null, analytics: null, plans: [], apiKeys: null, shared: [] }, { headers: noStore });
  const subscriber = await subscriberFor(session.email);
  return data(
    {
      email: session.email,
      summary: subscriber ? await dashboardSummary(subscriber) : null,
      analytics: subscriber ? await usageAnalytics(subscriber) : null,
      plans: subscriber ? [] : pricedPlans(),
      apiKeys: await apiKeysState(session.email, subscriber),
      shared: await listSharedConversations(session.email),
    },
    { headers: noStore },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = await readFormFields(request);
  if (values.intent === "create-key" || values.intent === "revoke-key") return apiKeyFormAction(context.get(accountContext), values);
  const parsed = parseForm(dashboardForm, values);
  if (!parsed.ok) return data({ error: parsed.fieldErrors.intent ?? "Unknown dashboard action." }, { status: 400, headers: noStore });
  const subscriber = await accountSubscriber(context.get(accountContext));
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
  const { email, summary, analytics, plans, apiKeys, shared } = loaderData;
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
      {summary || shared.length > 0 ? <SharedConversationsSection links={shared} /> : null}
      {summary ? (
        <>
          <SubscriptionSection summary={summary} busy={busy} />
          <UsageSection summary={summary} />
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
        <NoPlanSection plans={plans} />
      )}
    </PageShell>
  );
}
