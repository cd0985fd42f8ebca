import { data, Link, redirect } from "react-router";
import { PaymentMethodForm } from "~/components/billing/payment-method-form";
import { defaultPlanId, findPlan, formatPlanPrice } from "~/content/plans";
import { checkoutForm } from "~/forms/billing-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { startCheckout } from "~/server/billing/checkout.server";
import { findCustomerId } from "~/server/billing/subscriptions.server";
import { checkoutConfigured, notConfiguredMessage, planCurrency } from "~/server/billing/config.server";
import { siteOrigin } from "~/server/site-origin.server";
import { accountContext } from "~/server/account/account-middleware.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/payment-methods";

export const meta = () =>
  pageMeta("Choose Payment Method", "Pay for your ContentForge AI plan by card (Visa, Mastercard, AMEX) or US bank account (ACH).");

export function loader({ url }: Route.LoaderArgs) {
  const plan = findPlan(url.searchParams.get("plan")) ?? findPlan(defaultPlanId)!;
  const configured = checkoutConfigured(plan.id);
  return {
    notice: configured ? null : notConfiguredMessage,
    plan,
    price: formatPlanPrice(plan.priceMinor, planCurrency()),
    configured,
  };
}

type PaymentActionData = { error: string } | { notice: string };

export async function action({ context, request }: Route.ActionArgs) {
  const parsed = parseForm(checkoutForm, await readFormFields(request));
  if (!parsed.ok) {
    const error = Object.values(parsed.fieldErrors).join(" ");
    return data<PaymentActionData>({ error }, { status: 400 });
  }
  const { plan, method } = parsed.data;
  if (!checkoutConfigured(plan)) return data<PaymentActionData>({ notice: notConfiguredMessage }, { status: 503 });
  const origin = siteOrigin(request);
  if (!origin) return data<PaymentActionData>({ notice: notConfiguredMessage }, { status: 503 });
  const session = context.get(accountContext);
  const buyer = session ? { email: session.email, customerId: await findCustomerId(session.email) } : undefined;
  const checkout = await startCheckout({ plan, method, origin, buyer });
  if (!checkout.ok) {
    return checkout.reason === "not-configured"
      ? data<PaymentActionData>({ notice: notConfiguredMessage }, { status: 503 })
      : data<PaymentActionData>({ error: "Payment failed. Please try again." }, { status: 502 });
  }
  // 303: the browser follows with a GET to Stripe's hosted checkout.
  return redirect(checkout.url, 303);
}

export default function PaymentMethods({ loaderData, actionData }: Route.ComponentProps) {
  const { plan, price, configured } = loaderData;
  const notice = loaderData.notice ?? (actionData && "notice" in actionData ? actionData.notice : undefined);
  return (
    <section className="mx-auto max-w-3xl px-4 pb-24 pt-32 sm:px-6 lg:px-8">
      <h1 className="text-4xl font-bold tracking-tight text-white">Choose Payment Method</h1>
      <div className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6" aria-labelledby="chosen-plan">
        <p className="text-sm font-medium uppercase tracking-wide text-slate-400">Your plan</p>
        <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="chosen-plan" className="text-2xl font-bold text-white">
            {plan.name}
            {plan.popular ? <span className="ml-3 align-middle text-sm font-semibold text-fuchsia-300">Most popular</span> : null}
          </h2>
          <p className="text-slate-200">
            <span className="text-2xl font-bold text-white">{price}</span> /month
          </p>
        </div>
        <p className="mt-2 text-slate-300">{plan.description}</p>
        <Link to="/pricing" className="mt-3 inline-block text-violet-300 underline underline-offset-4 hover:text-violet-200">
          Change plan
        </Link>
      </div>
      <PaymentMethodForm
        planId={plan.id}
        configured={configured}
        error={actionData && "error" in actionData ? actionData.error : undefined}
        notice={notice}
      />
    </section>
  );
}
