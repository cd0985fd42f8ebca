import { Link } from "react-router";
import { verdictCaptions } from "~/content/detector-verdict";
import { formatCount } from "~/forms/format-count";
import { scannedSummary, type BatchSort, type BatchSortKey, type BatchView } from "~/shared/batch";
import { reportTime } from "~/shared/report";
import { strictnessLevels } from "~/shared/strictness";

const columns: { key: BatchSortKey; label: string; numeric?: true }[] = [
  { key: "file", label: "File" },
  { key: "words", label: "Words", numeric: true },
  { key: "verdict", label: "Verdict" },
  { key: "probability", label: "AI probability", numeric: true },
];

/**
 * A column heading as a link that sorts by it (again: the other way), so sorting needs no JavaScript;
 * with it, `preventScrollReset` keeps the table where it was (reactrouter.com/api/components/Link, read 2026-11-26).
 */
function SortHeading({ column, sort }: { column: (typeof columns)[number]; sort: BatchSort }) {
  const active = sort.key === column.key;
  // Numbers start from the largest (the most AI-like first); names and verdicts from the top.
  const firstDescending = column.numeric === true;
  const descending = active ? !sort.descending : firstDescending;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
      className="py-2 pr-3 font-medium last:pr-0"
    >
      <Link
        to={`?sort=${column.key}&dir=${descending ? "desc" : "asc"}`}
        preventScrollReset
        className="inline-flex items-center gap-1 underline-offset-4 hover:text-white hover:underline"
      >
        {column.label}
        <span aria-hidden="true">{active ? (sort.descending ? "↓" : "↑") : "↕"}</span>
        <span className="sr-only">, sort {descending ? "descending" : "ascending"}</span>
      </Link>
    </th>
  );
}

/** The batch's results: one row a file, each scanned file's name opening its report; a file not scanned says why. */
export function BatchTable({ batch, sort, csvHref }: { batch: BatchView; sort: BatchSort; csvHref: string }) {
  return (
    <section aria-labelledby="batch-results-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="batch-results-heading" className="text-2xl font-bold text-white">
            Results
          </h2>
          <p className="mt-1 text-slate-300">
            {`${reportTime(batch.createdAt)} · ${scannedSummary(batch)}${batch.strictness ? ` · read at ${strictnessLevels[batch.strictness].label}` : ""}${batch.channel === "api" ? " · through the API" : ""}`}
          </p>
        </div>
        <a
          href={csvHref}
          className="inline-flex items-center justify-center gap-2 rounded-xl border border-white/15 px-4 py-2.5 font-semibold text-slate-100 transition hover:bg-white/5"
        >
          Download CSV
        </a>
      </div>
      {/* relative: the headings' visually hidden text (absolutely positioned) scrolls with the table instead of widening the page. */}
      <div className="relative overflow-x-auto rounded-2xl border border-white/10 bg-slate-900/60 p-4">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">Each file's verdict; the column headings sort the table.</caption>
          <thead>
            <tr className="text-slate-400">
              {columns.map((column) => (
                <SortHeading key={column.key} column={column} sort={sort} />
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-white/10 text-slate-200">
            {batch.rows.map((row, index) => (
              <tr key={`${row.reportId ?? row.name}-${index}`}>
                <th scope="row" className="max-w-64 break-all py-2 pr-3 font-medium">
                  {row.reportId ? (
                    <Link to={`/reports/${row.reportId}`} className="text-cyan-300 underline underline-offset-4">
                      {row.name}
                    </Link>
                  ) : (
                    row.name
                  )}
                </th>
                {row.problem ? (
                  <td colSpan={3} className="py-2 text-amber-200">
                    Not scanned: {row.problem}
                  </td>
                ) : (
                  <>
                    <td className="py-2 pr-3 tabular-nums">{row.words === null ? "" : formatCount(row.words)}</td>
                    <td className="py-2 pr-3">{row.verdict ? verdictCaptions[row.verdict] : ""}</td>
                    <td className="py-2 tabular-nums">{row.probability === null ? "not scored" : `${row.probability}%`}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
