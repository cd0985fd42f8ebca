import { CreateReportForm } from "~/components/reports/create-report-form";
import { Link } from "react-router";
import { DemoModal } from "~/components/ui/demo-modal";
import { FadeUp, usePreloadMotion } from "~/components/ui/fade-up";
import * as icons from "~/components/ui/lucide-paths";
import { limits } from "~/forms/limits";
import type { ToolActionData } from "~/shared/tool-action-data";
import type { DetectionResult } from "~/shared/ai-types";
import { ActionError, Card, MainTextArea, SubmitRow, useToolState } from "../form-parts";
import { DocumentField } from "../document-field";
import { ToolForm, useChosenDocument, useMainText } from "../tool-form";
import { DocumentSections } from "./document-sections";
import { AccuracyNote } from "./accuracy-note";
import { ProbabilityGauge } from "./probability-gauge";
import { SentenceHighlights } from "./sentence-highlights";

/** Spec §2 tool 1: paste text, 'Analyze Text', the report as preformatted text, errors in a red box. */
export function DetectorTool({ actionData }: { actionData?: ToolActionData<DetectionResult> }) {
  const state = useToolState(actionData);
  const { busy, shown, result, error } = state;
  usePreloadMotion();
  const text = useMainText(actionData?.values.text, limits.detectorText);
  const document = useChosenDocument();
  const scanned = result?.document;

  return (
    <div className="mt-10 grid gap-6">
      <Card>
        <ToolForm
          tool="detector"
          state={state}
          text={text}
          document={document}
          className="grid gap-4"
          aria-describedby={error ? "detector-error" : undefined}
        >
          <MainTextArea label="Text to analyze" rows={10} placeholder="Paste your text here to analyze..." />
          <DocumentField
            answered={actionData?.values}
            note="A document takes the place of the pasted text; one longer than the box is scored section by section."
          />
          <SubmitRow label="Analyze Text" busyLabel="Analyzing..." icon={icons.scanSearch} />
        </ToolForm>
      </Card>

      <ActionError id="detector-error" message={error} answer={shown} />

      {result ? (
        <FadeUp>
          <Card>
            <h2 className="text-xl font-semibold text-white">Analysis Result</h2>
            <div className="mt-4 grid items-center gap-6 md:grid-cols-[auto_1fr]">
              {result.verdict === "too-short" || result.verdict === "english-only" || result.probability === null ? (
                <p className="max-w-56 rounded-xl border border-amber-400/40 bg-amber-400/10 p-4 font-semibold text-amber-200">
                  {result.verdict === "english-only"
                    ? "English only for now: the detector is trained on English text and gives no score for other languages."
                    : `Too short for a reliable verdict: paste at least ${limits.detectorMinWords} words.`}
                </p>
              ) : (
                <ProbabilityGauge probability={result.probability} verdict={result.verdict} range={result.range} />
              )}
              <pre className="whitespace-pre-wrap break-words rounded-xl bg-slate-950/60 p-4 font-sans text-slate-200">{result.report}</pre>
            </div>
            {scanned ? (
              <div className="mt-6">
                <DocumentSections document={scanned} />
              </div>
            ) : null}
            {/* A long document's sentences scroll in their own box, so the page stays a page. */}
            <div
              className={scanned ? "mt-6 max-h-[32rem] overflow-y-auto rounded-xl border border-white/10 p-4" : "mt-6"}
              {...(scanned ? { tabIndex: 0, role: "region", "aria-label": `${scanned.name}, sentence by sentence` } : {})}
            >
              <SentenceHighlights text={scanned?.text ?? actionData?.values.text ?? ""} sentences={result.sentences} bands={result.bands} />
            </div>
            {/* A report of the text box's text, or of the long document scored by sections. */}
            <div className="mt-6">
              <CreateReportForm text={actionData?.values.text ?? ""} document={scanned} />
            </div>
          </Card>
        </FadeUp>
      ) : null}

      <p className="text-center text-slate-300">
        Many documents to check?{" "}
        <Link to="/ai-detector/batch" className="font-semibold text-cyan-300 underline underline-offset-4">
          Scan up to 20 files at once
        </Link>{" "}
        and get a table of verdicts with a report for each.
      </p>

      <AccuracyNote />

      {/* Subscribers get real results: no demo modal for them. */}
      <DemoModal
        openOnLoad={(actionData?.state === "done" || actionData?.state === "failed") && !actionData.subscriber}
        openWhen={busy && !actionData?.subscriber}
      />
    </div>
  );
}
