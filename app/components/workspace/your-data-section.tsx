import { Form, Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { secondaryButtonClass } from "~/components/ui/page-shell";
import { Panel } from "./panel";

/** The dashboard's way into the workspace and the data rights: history, export, delete, cookies. */
export function YourDataSection() {
  return (
    <Panel id="your-data-heading" sectionId="your-data" title="Your data">
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
        {/* Destructive: red, apart from the everyday links. */}
        <Link
          to="/account/delete"
          className="inline-flex items-center justify-center gap-2 rounded-xl border border-rose-400/60 px-5 py-3 font-semibold text-rose-200 transition hover:bg-rose-500/10 sm:order-last sm:ml-auto"
        >
          <Icon path={icons.trash2} className="size-4" />
          Delete my account
        </Link>
        <Link to="/cookies" className={secondaryButtonClass}>
          Cookies
        </Link>
      </div>
    </Panel>
  );
}
