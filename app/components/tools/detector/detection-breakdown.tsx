import type { DetectionResult } from "~/shared/ai-types";
import { DocumentSections } from "./document-sections";
import { ProbabilityGauge } from "./probability-gauge";
import { SentenceHighlights } from "./sentence-highlights";
import { StrictnessReadingNote } from "./strictness-reading";

/**
 * A detection result as a person reads it, on the detector page and in a report alike: the gauge
 * (or why there is no number), the written analysis, a long document's sections, and the text
 * sentence by sentence (`text` is the scored text). `tooShort` says what to do about a text too short to score, which differs
 * between a box one can type more into and a report that is final.
 */
export function DetectionBreakdown({ result, text, tooShort }: { result: DetectionResult; text: string; tooShort: string }) {
  const scanned = result.document;
  return (
    <>
      <div className="mt-4 grid items-center gap-6 md:grid-cols-[auto_1fr]">
        {result.probability === null || result.verdict === "too-short" || result.verdict === "english-only" ? (
          <p className="max-w-64 rounded-xl border border-amber-400/40 bg-amber-400/10 p-4 font-semibold text-amber-200">
            {result.verdict === "english-only"
              ? "English only for now: the detector is trained on English text and gives no score for other languages."
              : tooShort}
          </p>
        ) : (
          <ProbabilityGauge probability={result.probability} verdict={result.verdict} range={result.range} />
        )}
        <pre className="whitespace-pre-wrap break-words rounded-xl bg-slate-950/60 p-4 font-sans text-slate-200 print:bg-white print:p-0">
          {result.report}
        </pre>
      </div>
      {/* Absent on reports stored before levels; null when the text was not scored. */}
      {result.strictness ? <StrictnessReadingNote reading={result.strictness} engine={result.engine} /> : null}
      {scanned ? (
        <div className="mt-6">
          <DocumentSections document={scanned} />
        </div>
      ) : null}
      {/* A long document's sentences scroll in their own box, so the page stays a page; on paper they run on. */}
      <div
        className={
          scanned
            ? "mt-6 max-h-[32rem] overflow-y-auto rounded-xl border border-white/10 p-4 print:max-h-none print:border-0 print:p-0"
            : "mt-6"
        }
        {...(scanned ? { tabIndex: 0, role: "region", "aria-label": `${scanned.name}, sentence by sentence` } : {})}
      >
        <SentenceHighlights text={text} sentences={result.sentences} bands={result.bands} />
      </div>
    </>
  );
}
