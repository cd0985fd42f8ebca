import { Link } from "react-router";
import { BatchTable } from "~/components/batch/batch-table";
import { PageShell } from "~/components/ui/page-shell";
import { personalPageHeaders } from "~/server/personal-page.server";
import { batchResultState } from "~/server/reports/batch-pages.server";
import type { Route } from "./+types/ai-detector.batch.$id";

export function meta() {
  return [{ title: "Batch results · ContentForge AI" }, { name: "robots", content: "noindex" }];
}

export const headers = personalPageHeaders;

// The table, sorted by ?sort=file|words|verdict|probability&dir=asc|desc (links, so without JavaScript too).
export function loader(args: Route.LoaderArgs) {
  return batchResultState(args, args.params.id);
}

export default function BatchResults({ loaderData }: Route.ComponentProps) {
  const { batch, sort } = loaderData;
  return (
    <PageShell width="max-w-4xl">
      <p className="text-sm font-semibold uppercase tracking-wide text-cyan-300">
        <Link to="/ai-detector/batch" className="underline-offset-4 hover:underline">
          Batch scans
        </Link>
      </p>
      <h1 className="mt-2 text-4xl font-bold text-white">Batch results</h1>
      <p className="mt-3 text-slate-300">
        Each scanned file's name opens its report, where you can share it by a link and check its receipt.
      </p>
      <div className="mt-8">
        <BatchTable batch={batch} sort={sort} csvHref={`/ai-detector/batch/${batch.id}/results.csv`} />
      </div>
    </PageShell>
  );
}
