import { Form, Link } from "react-router";
import { secondaryButtonClass } from "~/components/ui/page-shell";

/** The dashboard's way into the workspace and the data rights: history, export, delete, cookies. */
export function YourDataSection() {
  return (
    <section id="your-data" aria-labelledby="your-data-heading" className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6">
      <h2 id="your-data-heading" className="text-sm font-medium uppercase tracking-wide text-slate-400">
        Your data
      </h2>
      <p className="mt-3 text-slate-300">
        Your results are kept in your history. You can export everything we hold about you, or delete your account.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/history" className={secondaryButtonClass}>
          History
        </Link>
        <Form method="post" action="/account/export">
          <input type="hidden" name="intent" value="export" />
          <button type="submit" className={secondaryButtonClass}>
            Export my data
          </button>
        </Form>
        <Link to="/account/delete" className={secondaryButtonClass}>
          Delete my account
        </Link>
        <Link to="/cookies" className={secondaryButtonClass}>
          Cookies
        </Link>
      </div>
    </section>
  );
}
