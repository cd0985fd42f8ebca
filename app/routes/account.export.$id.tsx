import { accountContext } from "~/server/account/account-middleware.server";
import { data, Link } from "react-router";
import { PageShell, primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import { formatHistoryDate } from "~/components/workspace/history-date";
import { noStore, personalPageHeaders } from "~/server/personal-page.server";
import { ownDataExport } from "~/server/workspace/data-export-page.server";
import type { Route } from "./+types/account.export.$id";

export function meta() {
  return [{ title: "Your data export · ContentForge AI" }];
}

export const headers = personalPageHeaders;

export async function loader({ context, params }: Route.LoaderArgs) {
  return data({ dataExport: await ownDataExport(context.get(accountContext), params.id) }, { headers: noStore });
}

export default function DataExportPage({ loaderData }: Route.ComponentProps) {
  const { dataExport } = loaderData;
  return (
    <PageShell>
      <h1 className="text-4xl font-bold text-white">Your data export</h1>
      {dataExport.status === "ready" ? (
        <>
          <p className="mt-4 text-lg text-slate-300">
            Your export is ready: a JSON file of your account, subscriptions, usage, API keys and history, with links to your images and
            audio. It can be downloaded until {formatHistoryDate(dataExport.expiresAt)}.
          </p>
          <a href={`/account/export/${dataExport.id}/download`} className={`${primaryButtonClass} mt-6`}>
            Download my data
          </a>
        </>
      ) : dataExport.status === "preparing" ? (
        <>
          <p role="status" className="mt-4 text-lg text-slate-300">
            We are preparing your export. We will mail you when it is ready; you can also reload this page.
          </p>
          <Link to="." reloadDocument className={`${secondaryButtonClass} mt-6`}>
            Reload
          </Link>
        </>
      ) : (
        <p role="alert" className="mt-4 text-lg text-rose-200">
          Your export could not be prepared. Please ask for a new one on your{" "}
          <Link to="/dashboard#your-data" className="underline">
            dashboard
          </Link>
          .
        </p>
      )}
    </PageShell>
  );
}
