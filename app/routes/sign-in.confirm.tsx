import { data, Form, Link, redirect, useNavigation } from "react-router";
import * as icons from "~/components/ui/lucide-paths";
import { ResultCard } from "~/components/ui/result-card";
import { primaryButtonClass } from "~/components/ui/page-shell";
import { confirmSignInForm } from "~/forms/account-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { startSession } from "~/server/account/sessions.server";
import { bindCustomer } from "~/server/billing/subscriptions.server";
import { signInNotConfiguredMessage } from "~/server/account/sign-in.server";
import { consumeSignInToken, inspectSignInToken, type TokenState } from "~/server/account/sign-in-tokens.server";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import type { Route } from "./+types/sign-in.confirm";

// The emailed link opens this page; only its button (a POST) uses the token, so a mail scanner
// that fetches the link cannot sign anyone in or use the link up. A link mailed for a visitor's
// checkout also adds that subscription to the account, on the same POST (docs/decisions/055).

export function meta() {
  return [{ title: "Sign in · ContentForge AI" }, { name: "robots", content: "noindex" }];
}

export const headers = personalPageHeaders;

type Unusable = Extract<TokenState, { usable: false }>["reason"];

const unusable: Record<Unusable, { status: number; title: string; message: string }> = {
  expired: {
    status: 410,
    title: "This sign-in link has expired",
    message: "Sign-in links work for 15 minutes. Ask for a new one and open it soon.",
  },
  used: {
    status: 410,
    title: "This sign-in link was already used",
    message: "Each sign-in link works once. Ask for a new one to sign in again.",
  },
  unknown: {
    status: 400,
    title: "This sign-in link is not valid",
    message: "It may be incomplete: copy the whole link from the mail, or ask for a new one.",
  },
};

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const state = await inspectSignInToken(token);
  if (!state.usable) return data({ state: state.reason } as const, { status: unusable[state.reason].status, headers: noStore });
  return data(
    { state: "ready" as const, token: token!, email: state.email, claims: state.claimsCustomerId !== null },
    { headers: noStore },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = parseForm(confirmSignInForm, await readFormFields(request));
  if (!parsed.ok) return data({ state: "unknown" as const }, { status: 400, headers: noStore });
  const state = await consumeSignInToken(parsed.data.token);
  if (!state.usable) return data({ state: state.reason }, { status: unusable[state.reason].status, headers: noStore });
  if (state.claimsCustomerId) await bindCustomer(state.claimsCustomerId, state.email);
  const cookie = await startSession(state.email);
  if (!cookie) return data({ state: "not-configured" as const, message: signInNotConfiguredMessage }, { status: 503, headers: noStore });
  return redirect("/dashboard", { status: 303, headers: { "Set-Cookie": cookie } });
}

export default function ConfirmSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData?.state === "not-configured") {
    return (
      <ResultCard icon={icons.circleAlert} iconClass="text-amber-300" title="Signing in is not available">
        <p className="mt-4 text-slate-300">{actionData.message}</p>
      </ResultCard>
    );
  }
  // The button's answer if it was pressed, else what the link would do.
  const problem = actionData ? actionData.state : loaderData.state === "ready" ? undefined : loaderData.state;
  if (problem || loaderData.state !== "ready") {
    const { title, message } = unusable[problem ?? "unknown"];
    return (
      <ResultCard icon={icons.circleAlert} iconClass="text-amber-300" title={title}>
        <p className="mt-4 text-slate-300">{message}</p>
        <Link to="/sign-in" className={`${primaryButtonClass} mt-8`}>
          Send a new link
        </Link>
      </ResultCard>
    );
  }
  return (
    <ResultCard icon={icons.userRound} iconClass="text-violet-300" title="Sign in to ContentForge AI">
      <p className="mt-4 text-slate-300">
        Sign in as <strong className="break-all text-white">{loaderData.email}</strong> on this device.
      </p>
      {loaderData.claims ? (
        <p className="mt-2 text-slate-300">This also adds the subscription paid for with this address to its account.</p>
      ) : null}
      <Form method="post" className="mt-8">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" autoFocus disabled={navigation.state !== "idle"} className={`${primaryButtonClass} disabled:opacity-70`}>
          Sign in
        </button>
      </Form>
      <p className="mt-6 text-sm text-slate-400">Not you, or did not ask for this? Close this page: nothing happens without the button.</p>
    </ResultCard>
  );
}
