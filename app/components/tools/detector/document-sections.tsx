import { TableHead } from "~/components/ui/table-head";
import { verdictCaptions } from "~/content/detector-verdict";
import { formatCount } from "~/forms/format-count";
import type { ScannedDocument } from "~/shared/ai-types";

const kindNames: Record<ScannedDocument["kind"], string> = { pdf: "PDF", docx: "Word document", txt: "text file", md: "Markdown file" };
const verdictTones = { "likely-ai": "bg-rose-400", mixed: "bg-amber-300", "likely-human": "bg-emerald-400" } as const;

/** Which parts of an uploaded document read as AI: one row per section the detector scored on its own. */
export function DocumentSections({ document }: { document: ScannedDocument }) {
  return (
    <section aria-labelledby="document-sections-heading" className="grid gap-3">
      <div>
        <h3 id="document-sections-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-300">
          Section by section
        </h3>
        <p className="mt-1 text-sm text-slate-400">
          {document.name}: {kindNames[document.kind]}
          {document.pages ? `, ${formatCount(document.pages)} page${document.pages === 1 ? "" : "s"}` : ""}, {formatCount(document.words)}{" "}
          words in {document.sections.length} section{document.sections.length === 1 ? "" : "s"}, each scored on its own.
          {document.truncated
            ? ` Only its first ${formatCount(document.characters)} characters were read: the rest is past the limit.`
            : ""}
        </p>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm">
          <TableHead
            columns={["Part", "Words", "Verdict", "AI probability"]}
            rowClassName="text-slate-400"
            cell="py-2 font-medium"
            gap="pr-3"
          />
          <tbody className="divide-y divide-white/10 text-slate-200">
            {document.sections.map((section) => (
              <tr key={section.start}>
                <th scope="row" className="py-2 pr-3 font-medium">
                  {section.label}
                </th>
                <td className="py-2 pr-3 tabular-nums">{formatCount(section.words)}</td>
                <td className="py-2 pr-3">{verdictCaptions[section.verdict]}</td>
                <td className="py-2">
                  {section.probability === null ? (
                    "not scored"
                  ) : (
                    <span className="flex items-center gap-2">
                      <span className="tabular-nums">{section.probability}%</span>
                      <span className="h-1.5 w-24 overflow-hidden rounded-full bg-white/10" aria-hidden="true">
                        <span
                          className={`block h-full ${verdictTones[section.verdict as keyof typeof verdictTones] ?? "bg-slate-400"}`}
                          style={{ width: `${section.probability}%` }}
                        />
                      </span>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
