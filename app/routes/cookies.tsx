import { TableHead } from "~/components/ui/table-head";
import { Link } from "react-router";
import { pageMeta } from "~/components/layout/page-meta";
import { PageShell } from "~/components/ui/page-shell";
import { siteCookies } from "~/content/cookies";
import type { Route } from "./+types/cookies";

export const meta: Route.MetaFunction = () => pageMeta("Cookies", "Every cookie ContentForge AI sets, and why.");

export default function Cookies() {
  return (
    <PageShell>
      <h1 className="text-4xl font-bold text-white">Cookies</h1>
      <p className="mt-4 text-lg text-slate-300">
        We set only the cookies below, and only when you sign in. There are no analytics, advertising or third-party cookies, so there is
        nothing to consent to beyond signing in. To remove them, sign out or clear this site's cookies in your browser.
      </p>
      <table className="mt-8 w-full border-collapse text-left text-slate-200">
        <caption className="sr-only">Cookies set by ContentForge AI</caption>
        <TableHead
          columns={["Name", "Why", "How long", "Kind"]}
          rowClassName="border-b border-white/15 text-sm text-slate-300"
          cell="py-2"
          gap="pr-4"
        />
        <tbody>
          {siteCookies.map((cookie) => (
            <tr key={cookie.name} className="border-b border-white/10 align-top">
              <th scope="row" className="py-3 pr-4 font-mono text-sm break-all text-white">
                {cookie.name}
              </th>
              <td className="py-3 pr-4">{cookie.purpose}</td>
              <td className="py-3 pr-4">{cookie.lifetime}</td>
              <td className="py-3">{cookie.kind}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6 text-slate-300">
        Stripe sets its own cookies on its checkout and billing pages, which are on Stripe's site. More in our{" "}
        <Link to="/privacy-policy" className="text-violet-300 underline">
          privacy policy
        </Link>
        .
      </p>
    </PageShell>
  );
}
