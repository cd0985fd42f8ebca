import { useId } from "react";
import { RadioOptions } from "~/components/ui/radio-options";
import { DemoModal } from "~/components/ui/demo-modal";
import { AiGeneratedLabel } from "~/components/ui/ai-generated-label";
import { CopyButton } from "~/components/ui/copy-button";
import { FadeUp, usePreloadMotion } from "~/components/ui/fade-up";
import * as icons from "~/components/ui/lucide-paths";
import { defaultHumanizerTone, humanizerTones } from "~/content/catalogs";
import { formatCount } from "~/forms/format-count";
import { limits } from "~/forms/limits";
import type { HumanizePass } from "~/shared/ai-types";
import type { ToolActionData } from "~/shared/tool-action-data";
import type { DiffPart } from "~/shared/word-diff";
import { ActionError, Card, CharacterCount, FieldError } from "../form-parts";
import { MainTextArea } from "../tool-form-fields";
import { SubmitButton } from "../submit-row";
import { useToolState } from "../tool-state";
import { DocumentField } from "../document-field";
import { ToolForm, useChosenDocument, useMainText } from "../tool-form";

/** The trained detector's probability (0–100) of the input and of the rewrite. */
export type DetectorScores = { before: number; after: number; reliable: boolean };

/** `passes`: the provider loop's calls (none offline: one deterministic rewrite). */
export type HumanizerResult = { text: string; diff: DiffPart[]; scores: DetectorScores; notice?: string; passes?: HumanizePass[] };

/** Spec §2 tool 2: 'Original AI Text' and 'Humanized Version' panes, tone chips, a live count. */
export function HumanizerTool({ actionData }: { actionData?: ToolActionData<HumanizerResult> }) {
  const state = useToolState(actionData);
  const { busy, shown, result, error, fieldErrors } = state;
  const aiLabelId = useId();
  usePreloadMotion();
  const text = useMainText(actionData?.values.text, limits.humanizerText);
  const document = useChosenDocument();
  const selectedTone = actionData?.values.tone ?? defaultHumanizerTone;

  return (
    <>
      <ToolForm tool="humanizer" state={state} text={text} document={document} className="mt-10 grid gap-6">
        <fieldset disabled={busy}>
          <legend className="font-semibold text-white">Tone</legend>
          <div className="mt-3 flex flex-wrap gap-2">
            <RadioOptions
              name="tone"
              options={humanizerTones}
              selected={selectedTone}
              boxClassName="inline-flex rounded-full border border-white/15 px-4 py-2 text-sm font-medium text-slate-200 transition peer-checked:border-emerald-400 peer-checked:bg-emerald-500/15 peer-checked:text-emerald-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-emerald-400 hover:bg-white/5"
            >
              {(tone) => tone.name}
            </RadioOptions>
          </div>
          <FieldError id="humanizer-tone-error" message={fieldErrors.tone} />
        </fieldset>

        <div className="grid gap-6 md:grid-cols-2">
          <Card>
            <MainTextArea label="Original AI Text" rows={12} placeholder="Paste the AI-generated text you want to humanize..." />
            <div className="mt-3">
              <CharacterCount />
            </div>
            <div className="mt-4">
              <DocumentField
                answered={actionData?.values}
                note={`Its text takes the place of the pasted text and comes back in the box; the humanizer rewrites up to ${formatCount(limits.humanizerText)} characters at a time.`}
              />
            </div>
          </Card>

          <Card>
            <div className="flex items-center justify-between gap-3">
              <h2 className="font-semibold text-white">Humanized Version</h2>
              {result ? <CopyButton text={result.text} /> : null}
            </div>
            <div aria-live="polite" className="mt-3 min-h-72 rounded-xl border border-white/10 bg-slate-950/60 px-4 py-3">
              {busy ? (
                <p className="text-slate-300">Humanizing...</p>
              ) : error ? (
                <ActionError message={error} answer={shown} />
              ) : result ? (
                <FadeUp>
                  <AiGeneratedLabel id={aiLabelId} explain className="mb-3" />
                  <p aria-describedby={aiLabelId} className="whitespace-pre-wrap text-slate-100">
                    {result.text}
                  </p>
                  <ScoresLine scores={result.scores} />
                  {result.passes && result.passes.length > 0 ? <PassesList passes={result.passes} /> : null}
                  {result.notice ? <p className="mt-3 text-xs text-slate-400">{result.notice}</p> : null}
                </FadeUp>
              ) : (
                <p className="text-slate-400">Humanized text will appear here...</p>
              )}
            </div>
            {result ? <ChangesView diff={result.diff} /> : null}
          </Card>
        </div>

        <div className="flex justify-center">
          <SubmitButton label="Humanize Text" busyLabel="Humanizing..." icon={icons.wandSparkles} />
        </div>
      </ToolForm>
      <DemoModal answer={actionData} busy={busy} />
    </>
  );
}

function ScoresLine({ scores }: { scores: DetectorScores }) {
  return (
    <p className="mt-3 text-sm text-slate-300">
      Our AI detector: <strong className="text-white">{scores.before}%</strong> before,{" "}
      <strong className="text-white">{scores.after}%</strong> after
      {scores.reliable ? "." : ` (no verdict: under ${limits.detectorMinWords} words, or not English).`}
    </p>
  );
}

/** What each provider pass did and what the detector made of it; server-rendered, no script needed. */
function PassesList({ passes }: { passes: HumanizePass[] }) {
  return (
    <ol aria-label="Rewrite passes" className="mt-3 space-y-1 text-sm text-slate-300">
      {passes.map((pass) => (
        <li key={pass.pass}>{describePass(pass)}</li>
      ))}
    </ol>
  );
}

function describePass(pass: HumanizePass): string {
  const what =
    pass.action === "paraphrase"
      ? `Pass ${pass.pass}: paraphrased in the tone`
      : `Pass ${pass.pass}: asked to rewrite ${pass.rewrote ?? 0} flagged ${pass.rewrote === 1 ? "sentence" : "sentences"}`;
  if (pass.note) return `${what}; ${pass.note}, so the previous version stands.`;
  const score = pass.probability === null ? "" : `, detector ${pass.probability}%`;
  const flagged = `${pass.flagged} ${pass.flagged === 1 ? "sentence" : "sentences"} still flagged`;
  const lost = pass.kept && pass.lost.length > 0 ? ` It lacks ${pass.lost.join(", ")} from your text.` : "";
  const kept = pass.action === "paraphrase" || pass.kept ? "" : " Not kept: it scored no better or lost something of your text.";
  return `${what}${score}, ${flagged}.${lost}${kept}`;
}

/** Word-level changes, folded away until asked for (a <details>, so it works without JavaScript). */
function ChangesView({ diff }: { diff: DiffPart[] }) {
  const changed = diff.filter((part) => part.kind !== "same" && part.text.trim()).length;
  return (
    <details className="mt-4 rounded-xl border border-white/10 px-4 py-3">
      <summary className="cursor-pointer font-medium text-slate-200">
        {`Show changes (${changed} ${changed === 1 ? "edit" : "edits"})`}
      </summary>
      <p className="mt-3 whitespace-pre-wrap leading-7">
        {diff.map((part, index) =>
          part.kind === "same" ? (
            <span key={index} className="text-slate-300">
              {part.text}
            </span>
          ) : part.kind === "added" ? (
            <ins key={index} className="rounded bg-emerald-500/20 text-emerald-100 no-underline">
              <span className="sr-only">added: </span>
              {part.text}
            </ins>
          ) : (
            <del key={index} className="rounded bg-rose-500/20 text-rose-200">
              <span className="sr-only">removed: </span>
              {part.text}
            </del>
          ),
        )}
      </p>
    </details>
  );
}
