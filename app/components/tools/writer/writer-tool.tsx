import { useState } from "react";
import { Form } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { UpgradeLink } from "~/components/billing/upgrade-link";
import { DemoModal } from "~/components/ui/demo-modal";
import { FadeUp, usePreloadMotion } from "~/components/ui/fade-up";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { contentTypes, defaultContentType } from "~/content/catalogs";
import { limits } from "~/forms/limits";
import type { ToolActionData } from "~/shared/tool-action-data";
import {
  Card,
  CharacterCount,
  ChoiceCards,
  ErrorBox,
  FieldError,
  MainTextArea,
  SubmitButton,
  textAreaClass,
  useToolState,
} from "../form-parts";

export type WriterResult = { markdown: string; html: string };

/** Spec §2 tool 3: content types, keywords, the topic, 'Generate Content', the draft under 'Generated Content'. */
export function WriterTool({ actionData }: { actionData?: ToolActionData<WriterResult> }) {
  const { busy, shown, result, error, fieldErrors } = useToolState(actionData);
  usePreloadMotion();
  const [text, setText] = useState(actionData?.values.text ?? "");
  const selectedType = actionData?.values.type ?? defaultContentType;

  return (
    <>
      <Form method="post" className="mt-10 grid gap-6">
        <Card>
          <ChoiceCards
            legend="Content type"
            name="type"
            options={contentTypes.map((type) => ({ id: type.id, name: type.name, detail: type.description }))}
            selected={selectedType}
            disabled={busy}
            accent="peer-checked:border-violet-400 peer-checked:bg-violet-500/15 peer-focus-visible:outline-violet-400"
            errorId="writer-type-error"
            error={fieldErrors.type}
          />

          <div className="mt-6 grid gap-2">
            <label htmlFor="writer-keywords" className="font-semibold text-white">
              Keywords
            </label>
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

          <div className="mt-6 grid gap-2">
            <MainTextArea
              tool="writer"
              id="writer-text"
              name="text"
              label="What would you like to write about?"
              rows={6}
              maxLength={limits.writerText}
              value={text}
              onChange={setText}
              disabled={busy}
              placeholder="Describe the topic, the audience and anything the draft must mention..."
              error={fieldErrors.text}
            />
          </div>

          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <CharacterCount id="writer-count" count={text.length} max={limits.writerText} />
            <SubmitButton
              label="Generate Content"
              busyLabel="Generating..."
              busy={busy}
              blank={text.trim() === ""}
              gradient="from-violet-600 to-purple-600"
              icon={<Icon path={icons.penLine} className="size-5" />}
            />
          </div>
        </Card>
      </Form>

      <div className="mt-6" aria-live="polite">
        {error ? (
          <ErrorBox>
            {error}
            <UpgradeLink actionData={shown} />
          </ErrorBox>
        ) : null}
        {result ? (
          <FadeUp>
            <Card>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-xl font-semibold text-white">Generated Content</h2>
                <div className="flex gap-2">
                  <CopyButton text={result.markdown} />
                  <a
                    href={`data:text/markdown;charset=utf-8,${encodeURIComponent(result.markdown)}`}
                    download="draft.md"
                    className="inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5"
                  >
                    <Icon path={icons.download} className="size-4" />
                    Download .md
                  </a>
                </div>
              </div>
              <article
                className="mt-4 text-slate-200 [&_a]:text-violet-300 [&_a]:underline [&_em]:text-slate-300 [&_h2]:mt-2 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-white [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-white [&_h4]:mt-4 [&_h4]:font-semibold [&_h4]:text-white [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_strong]:text-white [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6"
                dangerouslySetInnerHTML={{ __html: result.html }}
              />
            </Card>
          </FadeUp>
        ) : null}
      </div>

      {/* Subscribers get real results: no demo modal for them. */}
      <DemoModal
        openOnLoad={(actionData?.state === "done" || actionData?.state === "failed") && !actionData.subscriber}
        openWhen={busy && !actionData?.subscriber}
      />
    </>
  );
}
