import { data, redirect } from "react-router";
import { exportForm } from "~/forms/account-data-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { noStore } from "~/server/personal-page.server";
import { siteOrigin } from "~/server/site-origin.server";
import { startDataExport } from "~/server/workspace/data-export.server";
import { waitUntilOf } from "~/server/router-context.server";
import { accountContext } from "~/server/account/account-middleware.server";
import type { Route } from "./+types/account.export";

// POST /account/export: starts building the export after the answer and shows its page.
export function loader() {
  return redirect("/dashboard#your-data");
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(exportForm, await readFormFields(request));
  if (!parsed.ok) throw data(parsed.fieldErrors.intent ?? "Unknown action.", { status: 400, headers: noStore });
  const session = context.get(accountContext);
  if (!session) throw data("Sign in to export your data.", { status: 401, headers: noStore });
  const { id, work } = await startDataExport(session.email, siteOrigin(request));
  waitUntilOf(context)(work);
  return redirect(`/account/export/${id}`, { status: 303, headers: noStore });
}
