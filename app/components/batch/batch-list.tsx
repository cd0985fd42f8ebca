import { Link } from "react-router";
import { scannedSummary, type BatchView } from "~/shared/batch";
import { reportTime } from "~/shared/report";

/** A subscriber's newest batches, each opening its table again. */
export function BatchList({ batches }: { batches: BatchView[] }) {
  if (batches.length === 0) return null;
  return (
    <section aria-labelledby="batch-list-heading" className="mt-10">
      <h2 id="batch-list-heading" className="text-2xl font-bold text-white">
        Your batches
      </h2>
      <ul className="mt-4 grid gap-3">
        {batches.map((batch) => (
          <li key={batch.id} className="rounded-2xl border border-white/10 bg-slate-900/60 p-4">
            <Link to={`/ai-detector/batch/${batch.id}`} className="font-semibold text-white underline-offset-4 hover:underline">
              {`${reportTime(batch.createdAt)} · ${scannedSummary(batch)}`}
            </Link>
            <p className="mt-1 line-clamp-1 text-sm text-slate-300">{batch.rows.map((row) => row.name).join(", ")}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
