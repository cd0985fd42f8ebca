import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { PageShell } from "~/components/ui/page-shell";
import { CompanyAddressLines } from "~/components/layout/company-address-lines";
import { pageMeta } from "~/components/layout/page-meta";
import { company } from "~/content/company";

// What each legal page is, for its title and for search results (its description); the pages'
// text is the markdown in app/content/legal/.
const legalPages = {
  "privacy-policy": {
    title: "Privacy Policy",
    description:
      "What ContentForge AI collects, why, how it is secured and stored, who it is shared with (never sold), and your rights to access, export and delete your data.",
  },
  terms: {
    title: "Terms and Conditions",
    description:
      "The terms for using ContentForge AI: account requirements, acceptable use, subscriptions and renewal, refunds, intellectual property, liability and governing law.",
  },
  "refund-policy": {
    title: "Refund Policy",
    description:
      "When ContentForge AI subscriptions can be refunded, how to ask, how long it takes (14 days at most) and how to cancel from your dashboard.",
  },
};

/** A legal page's `meta`. */
export function legalMeta(slug: keyof typeof legalPages) {
  const { title, description } = legalPages[slug];
  return pageMeta(title, description);
}

// Spec §2: the same date on every legal page.
const lastUpdated = "December 2024";

// No typography plugin: the rendered markdown (and the statement pages' JSX) is styled through its container.
export const proseClass = [
  "text-base leading-[1.6] text-slate-300 sm:text-lg",
  "[&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-white [&_h2:first-child]:mt-0",
  "[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-100",
  "[&_p]:mt-4 [&_strong]:font-semibold [&_strong]:text-slate-100",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-slate-400",
  "[&_a]:break-words [&_a]:font-medium [&_a]:text-violet-300 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-violet-200",
].join(" ");

/**
 * The shared frame of the legal pages (spec §2): title, last-updated badge, the document and the
 * company's contact details. `html` must come from the markdown sanitizer, never from raw input.
 */
export function LegalPage({ title, html }: { title: string; html: string }) {
  return (
    <PageShell width="max-w-4xl">
      <header>
        <DatedTitle title={title} date={`Last Updated: ${lastUpdated}`} />
      </header>

      <article
        className={`mt-10 rounded-2xl border border-white/10 bg-slate-900/60 p-6 sm:p-10 ${proseClass}`}
        dangerouslySetInnerHTML={{ __html: html }}
      />

      <aside aria-labelledby="legal-contact-heading" className="mt-8 rounded-2xl border border-white/10 bg-slate-900/60 p-6 sm:p-8">
        <h2 id="legal-contact-heading" className="text-xl font-semibold text-white">
          Contact Information
        </h2>
        <address className="mt-5 grid gap-4 text-base not-italic leading-[1.6] text-slate-300">
          <p className="flex gap-3">
            <Icon path={icons.building2} className="mt-1 size-5 shrink-0 text-violet-300" />
            <span className="font-medium text-slate-100">{company.legalName}</span>
          </p>
          <p className="flex gap-3">
            <Icon path={icons.mapPin} className="mt-1 size-5 shrink-0 text-violet-300" />
            <span>
              <CompanyAddressLines />
            </span>
          </p>
          <p className="flex gap-3">
            <Icon path={icons.mail} className="mt-1 size-5 shrink-0 text-violet-300" />
            <a
              href={`mailto:${company.legalEmail}`}
              className="break-all font-medium text-violet-300 underline underline-offset-4 hover:text-violet-200"
            >
              {company.legalEmail}
            </a>
          </p>
        </address>
      </aside>
    </PageShell>
  );
}

/** A document's title with its date in a badge below it (the legal pages, the statements). */
export function DatedTitle({ title, date }: { title: string; date: string }) {
  return (
    <>
      <h1 className="text-4xl font-bold tracking-tight text-white sm:text-5xl">{title}</h1>
      <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-violet-400/30 bg-violet-500/10 px-3 py-1 text-sm font-medium text-violet-200">
        <Icon path={icons.calendarDays} className="size-4" />
        {date}
      </p>
    </>
  );
}
