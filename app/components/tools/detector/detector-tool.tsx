import { CreateReportForm } from "~/components/reports/create-report-form";
import { Link } from "react-router";
import { DemoModal } from "~/components/ui/demo-modal";
import { FadeUp, usePreloadMotion } from "~/components/ui/fade-up";
import * as icons from "~/components/ui/lucide-paths";
import { limits } from "~/forms/limits";
import type { ToolActionData } from "~/shared/tool-action-data";
import type { DetectionResult } from "~/shared/ai-types";
import { ActionError, Card } from "../form-parts";
import { MainTextArea } from "../tool-form-fields";
import { SubmitRow } from "../submit-row";
import { useToolState } from "../tool-state";
import { DocumentField } from "../document-field";
import { ToolForm, useChosenDocument, useMainText } from "../tool-form";
import { AccuracyNote } from "./accuracy-note";
import { DetectionBreakdown } from "./detection-breakdown";
import { StrictnessChoice } from "./strictness-choice";

/** Spec §2 tool 1: paste text, 'Analyze Text', the report as preformatted text, errors in a red box. */
export function DetectorTool({ actionData }: { actionData?: ToolActionData<DetectionResult> }) {
  const state = useToolState(actionData);
  const { busy, shown, result, error, fieldErrors } = state;
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
          <StrictnessChoice answered={actionData?.values.strictness} error={fieldErrors.strictness} disabled={busy} />
          <SubmitRow label="Analyze Text" busyLabel="Analyzing..." icon={icons.scanSearch} />
        </ToolForm>
      </Card>

      <ActionError id="detector-error" message={error} answer={shown} />

      {result ? (
        <FadeUp>
          <Card>
            <h2 className="text-xl font-semibold text-white">Analysis Result</h2>
            <DetectionBreakdown
              result={result}
              text={scanned?.text ?? actionData?.values.text ?? ""}
              tooShort={`Too short for a reliable verdict: paste at least ${limits.detectorMinWords} words.`}
            />
            {/* A report of the text box's text, or of the long document scored by sections. */}
            <div className="mt-6">
              <CreateReportForm text={actionData?.values.text ?? ""} document={scanned} strictness={result.strictness?.level} />
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

      <DemoModal answer={actionData} busy={busy} />
    </div>
  );
}
