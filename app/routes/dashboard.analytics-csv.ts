import { accountContext } from "~/server/account/account-middleware.server";
import { data } from "react-router";
import { accountSubscriber } from "~/server/billing/subscriber.server";
import { noStore } from "~/server/personal-page.server";
import { analyticsCsv, usageAnalytics } from "~/server/workspace/analytics.server";
import type { Route } from "./+types/dashboard.analytics-csv";

// GET /dashboard/analytics.csv: the Advanced analytics' figures (Pro and Startup).
export async function loader({ context }: Route.LoaderArgs) {
  const subscriber = await accountSubscriber(context.get(accountContext));
  if (!subscriber) throw data("Sign in to download your analytics.", { status: 401, headers: noStore });
  const analytics = await usageAnalytics(subscriber);
  if (!analytics.advanced)
    throw data("The CSV download comes with Advanced analytics on the Pro and Startup plans.", { status: 403, headers: noStore });
  return new Response(analyticsCsv(analytics), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="contentforge-analytics-${analytics.days[0]?.date ?? "period"}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
