import { data, Form, redirect } from "react-router";
import { SignInForm } from "~/components/account/sign-in-form";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { PageShell, secondaryButtonClass } from "~/components/ui/page-shell";
import { signInForm } from "~/forms/account-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { requestSignInLink, signInAvailable, signInNotConfiguredMessage } from "~/server/account/sign-in.server";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import { accountContext } from "~/server/account/account-middleware.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/sign-in";

export const meta = () => pageMeta("Sign in", "Sign in to ContentForge AI on any device with a link we email you.");

export const headers = personalPageHeaders;

const signedOutNotes: Record<string, string> = {
  "this-device": "You are signed out on this device.",
  "all-devices": "You are signed out on every device.",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  if (context.get(accountContext)) throw redirect("/dashboard");
  const signedOut = url.searchParams.get("signed-out");
  return data(
    { note: signedOut ? (signedOutNotes[signedOut] ?? null) : null, notice: signInAvailable() ? null : signInNotConfiguredMessage },
    { headers: noStore },
  );
}

type SignInActionData = { sent: true; email: string } | { sent: false; email: string; error: string };

export async function action({ request }: Route.ActionArgs) {
  const values = await readFormFields(request);
  const parsed = parseForm(signInForm, values);
  if (!parsed.ok) {
    const error = parsed.fieldErrors.email ?? "Enter your email address.";
    return data<SignInActionData>({ sent: false, email: values.email ?? "", error }, { status: 400, headers: noStore });
  }
  const { email } = parsed.data;
  const outcome = await requestSignInLink(request, email);
  switch (outcome.kind) {
    case "sent":
      return data<SignInActionData>({ sent: true, email }, { headers: noStore });
    case "limited":
      return data<SignInActionData>(
        { sent: false, email, error: outcome.message },
        { status: 429, headers: { ...noStore, "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    case "not-configured":
      return data<SignInActionData>({ sent: false, email, error: outcome.message }, { status: 503, headers: noStore });
    case "failed":
      return data<SignInActionData>({ sent: false, email, error: outcome.message }, { status: 502, headers: noStore });
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.sent) return <CheckYourInbox email={actionData.email} />;
  return (
    <PageShell width="max-w-md">
      <h1 className="text-4xl font-bold text-white">Sign in</h1>
      {loaderData.note ? (
        <p
          role="status"
          className="mt-6 flex items-start gap-2 rounded-xl border border-emerald-400/40 bg-emerald-400/10 px-4 py-3 text-emerald-100"
        >
          <Icon path={icons.circleCheck} className="mt-0.5 size-5 shrink-0" />
          <span>{loaderData.note}</span>
        </p>
      ) : null}
      {loaderData.notice ? (
        <p role="note" className="mt-6 rounded-xl border border-amber-400/40 bg-amber-400/10 px-4 py-3 text-amber-100">
          {loaderData.notice}
        </p>
      ) : null}
      <p className="mt-4 text-slate-300">Enter your email address and we will send you a link that signs you in on this device.</p>
      <SignInForm email={actionData?.email} error={actionData?.error} />
    </PageShell>
  );
}

/** The same answer for every address, customer or not: the form never tells who has an account. */
function CheckYourInbox({ email }: { email: string }) {
  return (
    <PageShell width="max-w-md">
      <Icon path={icons.mail} className="size-12 text-violet-300" />
      <h1 className="mt-4 text-4xl font-bold text-white">Check your inbox</h1>
      <p className="mt-4 text-slate-300">
        We sent a sign-in link to <strong className="break-all text-white">{email}</strong>. Open it on this device within 15 minutes; it
        works once.
      </p>
      <p className="mt-3 text-slate-400">Nothing arrived? Look in your spam folder, or send it again.</p>
      <Form method="post" action="/sign-in" className="mt-6">
        <input type="hidden" name="email" value={email} />
        <button type="submit" className={secondaryButtonClass}>
          Send the link again
        </button>
      </Form>
      <p className="mt-6">
        <a href="/sign-in" className="text-violet-300 underline underline-offset-4 hover:text-violet-200">
          Use a different email address
        </a>
      </p>
    </PageShell>
  );
}
