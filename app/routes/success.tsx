import { accountContext } from "~/server/account/account-middleware.server";
import { data, Link } from "react-router";
import { BackToPlansLinks } from "~/components/billing/back-to-plans-links";
import { ResultCard } from "~/components/ui/result-card";
import * as icons from "~/components/ui/lucide-paths";
import { primaryButtonClass } from "~/components/ui/page-shell";
import { findPlan } from "~/content/plans";
import { verifyCheckout, type CheckoutVerification } from "~/server/billing/checkout.server";
import { answerCheckoutReturn, type CheckoutReturn } from "~/server/billing/checkout-return.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/success";

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta(
    loaderData?.paid ? "Payment Successful" : "Payment not confirmed",
    "The result of your ContentForge AI subscription payment.",
  );
}

// Personal and one-off: never cached, never shared.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const failures: Record<Exclude<CheckoutVerification["kind"], "paid">, { status: number; message: string }> = {
  invalid: {
    status: 400,
    message: "This page needs the checkout session Stripe sends you back with, and none (or a malformed one) was given.",
  },
  "not-found": { status: 404, message: "We could not find this checkout session. It may have expired or belong to another site." },
  unpaid: { status: 402, message: "This checkout has not been paid yet, so no subscription was started." },
  "not-configured": { status: 503, message: "Payments are not configured on this site yet, so no payment could be confirmed." },
  unavailable: {
    status: 502,
    message: "We could not reach our payment provider to confirm your payment. Please reload this page in a moment.",
  },
};

const notes: Record<CheckoutReturn["kind"], string | null> = {
  "own-account": null,
  "other-account":
    "This payment was made while signed in to another account. Sign in with that account's email address to see the subscription on its dashboard.",
  "confirmation-sent": null,
  "already-used":
    "This confirmation page was already opened, and the confirmation link was mailed then. If it did not arrive or has expired, sign in with the email address you paid with.",
  erased: "The account this checkout belonged to has been deleted. Sign in with your email address to start a new account.",
  "no-email": "Your subscription is active. Sign in with the email address you paid with to see it on your dashboard.",
  "sign-in-unavailable": "Your subscription is active, but the dashboard needs configuration on this site before it can show it.",
  "mail-failed":
    "Your subscription is active, but we could not send the confirmation mail just now. Reload this page in a minute to try again.",
};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const noStore = { "Cache-Control": "private, no-store" };
  const verification = await verifyCheckout(url.searchParams.get("session_id"));
  if (verification.kind !== "paid") {
    const { status, message } = failures[verification.kind];
    return data({ paid: false as const, message }, { status, headers: noStore });
  }
  const planName = findPlan(verification.subscription.planId)?.name ?? "";
  const answer = await answerCheckoutReturn(request, context.get(accountContext), verification, planName);
  const sentTo = answer.kind === "confirmation-sent" ? answer.email : null;
  return data({ paid: true as const, planName, sentTo, dashboardNote: notes[answer.kind] }, { headers: noStore });
}

export default function Success({ loaderData }: Route.ComponentProps) {
  if (!loaderData.paid) {
    return (
      <ResultCard icon={icons.circleAlert} iconClass="text-amber-300" title="Payment not confirmed">
        <p className="mt-4 text-slate-300">{loaderData.message}</p>
        <BackToPlansLinks />
      </ResultCard>
    );
  }
  return (
    <ResultCard icon={icons.circleCheck} iconClass="text-emerald-400" title="Payment Successful!">
      <p className="mt-4 text-slate-300">Thank you for your subscription. You now have access to all the features included in your plan.</p>
      {loaderData.planName ? (
        <p className="mt-2 text-slate-300">
          Your plan: <strong className="text-white">{loaderData.planName}</strong>
        </p>
      ) : null}
      {loaderData.sentTo ? (
        <p role="note" className="mt-6 rounded-xl border border-violet-400/40 bg-violet-400/10 px-4 py-3 text-violet-100">
          Your subscription is ready. We sent a confirmation link to <strong className="break-all text-white">{loaderData.sentTo}</strong>.
          Open it and press 'Sign in' to add the subscription to that address's account and see it on your dashboard.
        </p>
      ) : null}
      {loaderData.dashboardNote ? (
        <p role="note" className="mt-6 rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-amber-100">
          {loaderData.dashboardNote}
        </p>
      ) : null}
      <Link to="/dashboard" className={`${primaryButtonClass} mt-8`}>
        Go to Dashboard
      </Link>
    </ResultCard>
  );
}
