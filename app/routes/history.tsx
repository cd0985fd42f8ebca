import { accountContext } from "~/server/account/account-middleware.server";
import { Link } from "react-router";
import { HistoryFilters, HistoryList, HistoryPaging } from "~/components/workspace/history-list";
import { PageShell, primaryButtonClass } from "~/components/ui/page-shell";
import { personalPageHeaders } from "~/server/personal-page.server";
import { historyListState } from "~/server/workspace/history-page.server";
import { pageMeta } from "~/components/layout/page-meta";
import type { Route } from "./+types/history";

export const meta = () => pageMeta("History", "Every result you produced with ContentForge AI: search it, open it, run it again.");

export const headers = personalPageHeaders;

export async function loader({ context, url }: Route.LoaderArgs) {
  return historyListState(context.get(accountContext), url);
}

export default function History({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <PageShell>
        <h1 className="text-4xl font-bold text-white">History</h1>
        <p className="mt-4 text-lg text-slate-300">Sign in to see the results you produced. Demo results are never stored.</p>
        <Link to="/sign-in" className={`${primaryButtonClass} mt-6`}>
          Sign in
        </Link>
      </PageShell>
    );
  }
  const { tool, q, firstPage, page, keepsHistory } = loaderData;
  const filtered = Boolean(tool || q);
  return (
    <PageShell width="max-w-4xl">
      <h1 className="text-4xl font-bold text-white">History</h1>
      <p className="mt-3 text-slate-300">
        {keepsHistory
          ? "Every result you produce, on the site or through the API, is kept here for a year (images and audio for 30 days)."
          : "History is kept while you have an active plan. Results you produce without one are not stored."}{" "}
        <Link to="/dashboard#your-data" className="text-violet-300 underline underline-offset-4">
          Export or delete your data
        </Link>
        . Detection reports and batch scans have their own pages:{" "}
        <Link to="/reports" className="text-violet-300 underline underline-offset-4">
          your reports
        </Link>{" "}
        and{" "}
        <Link to="/ai-detector/batch" className="text-violet-300 underline underline-offset-4">
          your batches
        </Link>
        .
      </p>
      <HistoryFilters tool={tool} q={q} />
      {page.items.length ? (
        <HistoryList items={page.items} />
      ) : (
        <p className="mt-6 rounded-2xl border border-white/10 bg-slate-900/60 p-6 text-slate-300">
          {filtered
            ? "Nothing in your history matches this search."
            : "Nothing here yet. Results you produce with the tools will appear here."}
        </p>
      )}
      <HistoryPaging tool={tool} q={q} firstPage={firstPage} nextCursor={page.nextCursor} />
    </PageShell>
  );
}
