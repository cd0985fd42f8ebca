import { data, Link } from "react-router";
import { LinkList } from "~/components/layout/link-list";
import { pageMeta } from "~/components/layout/page-meta";
import { PageShell, primaryButtonClass } from "~/components/ui/page-shell";
import { tools } from "~/content/tools";
import type { Route } from "./+types/not-found";

// Unknown paths render inside the layout with status 404.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Page not found", "This page does not exist. Open one of the six AI tools or go back to the home page.");

export default function NotFound() {
  return (
    <PageShell>
      <p className="text-sm font-semibold uppercase tracking-wider text-violet-300">Error 404</p>
      <h1 className="mt-2 text-4xl font-bold text-white">Page not found</h1>
      <p className="mt-4 text-lg text-slate-300">We could not find that page. It may have moved, or the address may be mistyped.</p>
      <Link to="/" className={`${primaryButtonClass} mt-8`}>
        Back to the home page
      </Link>
      <h2 className="mt-12 text-lg font-semibold text-white">Or open a tool</h2>
      <LinkList
        links={tools.map((tool) => ({ to: tool.path, label: tool.name }))}
        className="mt-4 grid gap-2 sm:grid-cols-2"
        linkClassName="text-slate-200 underline decoration-white/30 underline-offset-4 hover:text-white"
      />
    </PageShell>
  );
}
