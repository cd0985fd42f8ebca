import { redirect } from "react-router";
import { signOutForm } from "~/forms/account-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { endAllSessions, endSession } from "~/server/account/sessions.server";
import { accountContext } from "~/server/account/account-middleware.server";
import type { Route } from "./+types/sign-out";

// Signing out is a POST (the global cross-site check applies): this device, or every device.
export function loader() {
  return redirect("/dashboard");
}

export async function action({ context, request }: Route.ActionArgs) {
  const parsed = parseForm(signOutForm, await readFormFields(request));
  if (!parsed.ok) return new Response(parsed.fieldErrors.scope, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { scope } = parsed.data;
  const session = context.get(accountContext);
  if (scope === "all-devices" && session) await endAllSessions(session.email);
  const cookie = await endSession(request);
  return redirect(`/sign-in?signed-out=${scope}`, { status: 303, headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}
