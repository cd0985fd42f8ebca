import { data, Form, Link } from "react-router";
import { PageShell, primaryButtonClass } from "~/components/ui/page-shell";
import { TextField } from "~/components/ui/text-field";
import { formatResetDateText } from "~/components/workspace/history-date";
import { deleteAccountForm } from "~/forms/account-data-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { expiredSessionCookie } from "~/server/account/sessions.server";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import { deleteAccount } from "~/server/workspace/account-deletion.server";
import { accountContext } from "~/server/account/account-middleware.server";
import type { Route } from "./+types/account.delete";

export function meta() {
  return [{ title: "Delete my account · ContentForge AI" }];
}

export const headers = personalPageHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const session = context.get(accountContext);
  return data({ email: session?.email ?? null }, { headers: noStore });
}

export async function action({ context, request }: Route.ActionArgs) {
  const parsed = parseForm(deleteAccountForm, await readFormFields(request));
  const session = context.get(accountContext);
  if (!session) return data({ state: "signed-out" as const }, { status: 401, headers: noStore });
  if (!parsed.ok || parsed.data.confirmEmail !== session.email) {
    const error = parsed.ok
      ? "That is not your email address. Type it exactly to confirm."
      : (parsed.fieldErrors.confirmEmail ?? "Type your email address to confirm.");
    return data({ state: "invalid" as const, error }, { status: 400, headers: noStore });
  }
  const result = await deleteAccount(session.email);
  if (!result.ok) return data({ state: "invalid" as const, error: result.message }, { status: result.status, headers: noStore });
  const headers = new Headers(noStore);
  headers.append("Set-Cookie", expiredSessionCookie());
  return data({ state: "deleted" as const, subscriptionEndsAt: result.subscriptionEndsAt }, { headers });
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.state === "deleted") {
    return (
      <PageShell>
        <h1 className="text-4xl font-bold text-white">Your account is deleted</h1>
        <p role="status" className="mt-4 text-lg text-slate-300">
          Your history, images, audio, exports, API keys, sessions and usage are gone.
          {actionData.subscriptionEndsAt
            ? ` Your subscription will not renew: it ends on ${formatResetDateText(actionData.subscriptionEndsAt)}, and you will not be charged again.`
            : ""}
        </p>
        <p className="mt-3 text-slate-300">
          We keep only what billing records require: the payment processor's customer and subscription records and invoices, without your
          email address on our side. See the{" "}
          <Link to="/privacy-policy" className="text-violet-300 underline">
            privacy policy
          </Link>
          .
        </p>
      </PageShell>
    );
  }
  if (!loaderData.email || actionData?.state === "signed-out") {
    return (
      <PageShell>
        <h1 className="text-4xl font-bold text-white">Delete my account</h1>
        <p className="mt-4 text-lg text-slate-300">Sign in to delete your account.</p>
        <Link to="/sign-in" className={`${primaryButtonClass} mt-6`}>
          Sign in
        </Link>
      </PageShell>
    );
  }
  const error = actionData?.state === "invalid" ? actionData.error : undefined;
  return (
    <PageShell>
      <h1 className="text-4xl font-bold text-white">Delete my account</h1>
      <p className="mt-4 text-lg text-slate-300">
        This deletes your history, images, audio, data exports, API keys and sessions at once, and cannot be undone. A running subscription
        is set to end with its current period, so you are not charged again. Only billing records required by law are kept.
      </p>
      <p className="mt-3 text-slate-300">
        Want a copy first?{" "}
        <Link to="/dashboard#your-data" className="text-violet-300 underline">
          Export your data
        </Link>
        .
      </p>
      <Form method="post" className="mt-6 rounded-2xl border border-rose-400/30 bg-slate-900/60 p-6">
        <TextField
          id="confirm-email"
          label={
            <>
              Type your email address, <span className="font-semibold">{loaderData.email}</span>, to confirm
            </>
          }
          name="confirmEmail"
          type="email"
          autoComplete="off"
          required
          error={error}
        />
        <button type="submit" className="mt-4 inline-flex rounded-xl bg-rose-700 px-5 py-3 font-semibold text-white hover:bg-rose-600">
          Delete my account
        </button>
      </Form>
    </PageShell>
  );
}
