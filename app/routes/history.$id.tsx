import { data, Link, redirect } from "react-router";
import { DeleteHistoryItem, HistoryResult, RunAgain } from "~/components/workspace/history-item-view";
import { formatHistoryDate } from "~/components/workspace/history-date";
import { PageShell } from "~/components/ui/page-shell";
import { toolById } from "~/content/tools";
import { historyItemForm } from "~/forms/history-forms";
import { parseForm } from "~/forms/parse-form.server";
import { readFormFields } from "~/server/request-body/read-body.server";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import { deleteOwnItem, ownHistoryItem, shownHistoryItem } from "~/server/workspace/history-page.server";
import { accountContext } from "~/server/account/account-middleware.server";
import type { Route } from "./+types/history.$id";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.item.title ?? "History item"} · History · ContentForge AI` }];
}

export const headers = personalPageHeaders;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { item } = await ownHistoryItem(context.get(accountContext), params.id);
  return data({ item: shownHistoryItem(item) }, { headers: noStore });
}

// Delete is scoped to the signed-in account: a stranger's id, or one deleted already, changes nothing.
export async function action({ context, request, params }: Route.ActionArgs) {
  const parsed = parseForm(historyItemForm, await readFormFields(request));
  if (!parsed.ok) throw data(parsed.fieldErrors.intent ?? "Unknown action.", { status: 400, headers: noStore });
  const session = context.get(accountContext);
  if (!session) throw data("Sign in to manage your history.", { status: 401, headers: noStore });
  if (params.id) await deleteOwnItem(session.email, params.id);
  return redirect("/history?deleted=1", { status: 303, headers: noStore });
}

export default function HistoryItemPage({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData;
  return (
    <PageShell width="max-w-4xl">
      <Link to="/history" className="text-violet-300 underline underline-offset-4">
        ← History
      </Link>
      <h1 className="mt-4 break-words text-3xl font-bold text-white">{item.title}</h1>
      <p className="mt-2 text-slate-300">
        {toolById(item.tool).name}
        {item.source === "api" ? " · through the API" : ""} ·{" "}
        <time dateTime={new Date(item.updatedAt * 1000).toISOString()}>{formatHistoryDate(item.updatedAt)}</time>
      </p>
      <HistoryResult item={item} />
      <RunAgain item={item} />
      <DeleteHistoryItem />
    </PageShell>
  );
}
