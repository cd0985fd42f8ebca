import { CopyButton } from "~/components/ui/copy-button";
import { DemoModal } from "~/components/ui/demo-modal";
import { usePreloadMotion } from "~/components/ui/fade-up";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { markdownWithDisclosure } from "~/content/markdown-disclosure";
import { contentTypes, defaultContentType } from "~/content/catalogs";
import { limits } from "~/forms/limits";
import type { ToolActionData } from "~/shared/tool-action-data";
import { Card, FieldError, FieldLabel } from "../form-parts";
import { ChoiceCards, MainTextArea, textAreaClass } from "../tool-form-fields";
import { SubmitRow } from "../submit-row";
import { useToolState } from "../tool-state";
import { ToolResult } from "../tool-result";
import { ToolForm, useMainText } from "../tool-form";

export type WriterResult = { markdown: string; html: string };

/** Spec §2 tool 3: content types, keywords, the topic, 'Generate Content', the draft under 'Generated Content'. */
export function WriterTool({ actionData }: { actionData?: ToolActionData<WriterResult> }) {
  const state = useToolState(actionData);
  const { busy, fieldErrors } = state;
  usePreloadMotion();
  const text = useMainText(actionData?.values.text, limits.writerText);
  const selectedType = actionData?.values.type ?? defaultContentType;

  return (
    <>
      <ToolForm tool="writer" state={state} text={text} className="mt-10 grid gap-6">
        <Card>
          <ChoiceCards legend="Content type" name="type" options={contentTypes} selected={selectedType} />

          <div className="mt-6 grid gap-2">
            <FieldLabel htmlFor="writer-keywords">Keywords</FieldLabel>
            <input
              id="writer-keywords"
              name="keywords"
              type="text"
              maxLength={limits.writerKeywords}
              defaultValue={actionData?.values.keywords ?? ""}
              disabled={busy}
              placeholder="Enter keywords separated by commas..."
              aria-invalid={fieldErrors.keywords ? true : undefined}
              aria-describedby="writer-keywords-error"
              className={textAreaClass}
            />
            <FieldError id="writer-keywords-error" message={fieldErrors.keywords} />
          </div>

          <MainTextArea
            className="mt-6"
            label="What would you like to write about?"
            rows={6}
            placeholder="Describe the topic, the audience and anything the draft must mention..."
          />

          <SubmitRow className="mt-4" label="Generate Content" busyLabel="Generating..." icon={icons.penLine} />
        </Card>
      </ToolForm>

      <ToolResult
        state={state}
        title="Generated Content"
        actions={(result) => (
          <div className="flex gap-2">
            <CopyButton text={result.markdown} />
            <a
              href={`data:text/markdown;charset=utf-8,${encodeURIComponent(markdownWithDisclosure(result.markdown))}`}
              download="draft.md"
              className="inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5"
            >
              <Icon path={icons.download} className="size-4" />
              Download .md
            </a>
          </div>
        )}
      >
        {(result, aiLabelId) => (
          <article
            aria-label="Generated content"
            aria-describedby={aiLabelId}
            className="mt-4 text-slate-200 [&_a]:text-violet-300 [&_a]:underline [&_em]:text-slate-300 [&_h2]:mt-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-white [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:text-white [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
            dangerouslySetInnerHTML={{ __html: result.html }}
          />
        )}
      </ToolResult>

      <DemoModal answer={actionData} busy={busy} />
    </>
  );
}
