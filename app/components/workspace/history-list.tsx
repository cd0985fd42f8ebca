import { Form, Link } from "react-router";
import { tools, toolById, type ToolId } from "~/content/tools";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/page-shell";
import { formatHistoryDate } from "./history-date";

type Summary = { id: string; tool: ToolId; source: "web" | "api"; title: string; updatedAt: number };

const fieldClass =
  "mt-1 w-full rounded-xl border border-white/15 bg-slate-950/60 px-3 py-2 text-slate-100 placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-violet-400";

/** The filter and search form: a plain GET, so the list's address says what it shows. */
export function HistoryFilters({ tool, q }: { tool: string; q: string }) {
  return (
    <Form
      method="get"
      role="search"
      className="mt-6 grid gap-4 rounded-2xl border border-white/10 bg-slate-900/60 p-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
    >
      <label className="block text-sm font-medium text-slate-200">
        Search your history
        <input
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder="Words from an input or a result"
          className={fieldClass}
        />
      </label>
      <label className="block text-sm font-medium text-slate-200">
        Tool
        <select name="tool" defaultValue={tool} className={fieldClass}>
          <option value="">All tools</option>
          {tools.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={primaryButtonClass}>
        Show
      </button>
    </Form>
  );
}

export function HistoryList({ items }: { items: Summary[] }) {
  return (
    <ol className="mt-6 divide-y divide-white/10 overflow-hidden rounded-2xl border border-white/10 bg-slate-900/60">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3">
          <Link
            to={`/history/${item.id}`}
            className="min-w-0 flex-1 font-medium text-white underline-offset-4 hover:underline focus-visible:underline"
          >
            {item.title}
          </Link>
          <span className="text-sm text-slate-300">
            {toolById(item.tool).name}
            {item.source === "api" ? " · API" : ""} ·{" "}
            <time dateTime={new Date(item.updatedAt * 1000).toISOString()}>{formatHistoryDate(item.updatedAt)}</time>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Keyset paging: 'Newer' goes back to the first page (newest first), 'Older' follows the cursor. */
export function HistoryPaging({
  tool,
  q,
  firstPage,
  nextCursor,
}: {
  tool: string;
  q: string;
  firstPage: boolean;
  nextCursor: string | null;
}) {
  const query = (cursor?: string) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (tool) params.set("tool", tool);
    if (cursor) params.set("cursor", cursor);
    const text = params.toString();
    return text ? `/history?${text}` : "/history";
  };
  if (firstPage && !nextCursor) return null;
  return (
    <nav aria-label="History pages" className="mt-6 flex gap-3">
      {firstPage ? null : (
        <Link to={query()} className={secondaryButtonClass}>
          Newest
        </Link>
      )}
      {nextCursor ? (
        <Link to={query(nextCursor)} className={secondaryButtonClass}>
          Older
        </Link>
      ) : null}
    </nav>
  );
}
