import Download from "lucide-react/icons/download";
import ImageIcon from "lucide-react/icons/image";
import { useState } from "react";
import { Form } from "react-router";
import { DemoModal } from "~/components/ui/demo-modal";
import { FadeUp, usePreloadMotion } from "~/components/ui/fade-up";
import { defaultImageSize, defaultImageStyle, imageSizes, imageStyles } from "~/content/media-catalogs";
import { mediaLimits } from "~/forms/media-limits";
import type { ToolActionData } from "~/server/tools/tool-action-data";
import { Card, CharacterCount, ErrorBox, FieldError, SubmitButton, textAreaClass, useToolState } from "../form-parts";

export type ImagineResult = {
  url: string;
  width: number;
  height: number;
  alt: string;
  fileName: string;
  notice?: string;
};

/** The form's starting values when the visitor picked an example generation's prompt. */
export type ImagineStart = { prompt: string; style: string };

/** Spec §2 tool 5: style cards, Image Size, 'Describe your image', 'Generate Image', the image. */
export function ImagineTool({ actionData, start }: { actionData?: ToolActionData<ImagineResult>; start?: ImagineStart }) {
  const { busy, shown, result, error, fieldErrors } = useToolState(actionData);
  usePreloadMotion();
  const [prompt, setPrompt] = useState(actionData?.values.prompt ?? start?.prompt ?? "");
  const selectedStyle = actionData?.values.style ?? start?.style ?? defaultImageStyle;
  const selectedSize = actionData?.values.size ?? defaultImageSize;

  return (
    <>
      <Form method="post" id="imagine-form" className="mt-10 grid gap-6">
        <Card>
          <fieldset disabled={busy}>
            <legend className="font-semibold text-white">Style</legend>
            <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {imageStyles.map((style) => (
                <label key={style.id} className="cursor-pointer">
                  <input
                    type="radio"
                    name="style"
                    value={style.id}
                    defaultChecked={style.id === selectedStyle}
                    className="peer sr-only"
                  />
                  <span className="block h-full rounded-xl border border-white/10 bg-slate-950/40 p-4 transition peer-checked:border-pink-400 peer-checked:bg-pink-500/15 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-pink-400 hover:bg-white/5">
                    <span className="block font-semibold text-white">{style.name}</span>
                    <span className="mt-1 block text-sm text-slate-300">{style.description}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id="imagine-style-error" message={fieldErrors.style} />
          </fieldset>

          <div className="mt-6 grid gap-2 sm:max-w-xs">
            <label htmlFor="imagine-size" className="font-semibold text-white">
              Image Size
            </label>
            <select
              id="imagine-size"
              name="size"
              defaultValue={selectedSize}
              disabled={busy}
              aria-invalid={fieldErrors.size ? true : undefined}
              aria-describedby="imagine-size-error"
              className={textAreaClass}
            >
              {imageSizes.map((size) => (
                <option key={size.id} value={size.id}>
                  {size.id} ({size.name})
                </option>
              ))}
            </select>
            <FieldError id="imagine-size-error" message={fieldErrors.size} />
          </div>

          <div className="mt-6 grid gap-2">
            <label htmlFor="imagine-prompt" className="font-semibold text-white">
              Describe your image
            </label>
            <textarea
              id="imagine-prompt"
              name="prompt"
              rows={4}
              required
              maxLength={mediaLimits.imagePrompt}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              disabled={busy}
              placeholder="A quiet alpine lake at sunrise, mist drifting over the water..."
              aria-invalid={fieldErrors.prompt ? true : undefined}
              aria-describedby="imagine-count imagine-field-error"
              className={textAreaClass}
            />
            <FieldError id="imagine-field-error" message={fieldErrors.prompt} />
          </div>

          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <CharacterCount id="imagine-count" count={prompt.length} max={mediaLimits.imagePrompt} />
            <SubmitButton
              label="Generate Image"
              busyLabel="Generating..."
              busy={busy}
              blank={prompt.trim() === ""}
              gradient="from-pink-600 to-rose-600"
              icon={<ImageIcon className="size-5" aria-hidden="true" />}
            />
          </div>
        </Card>
      </Form>

      <div className="mt-6" aria-live="polite">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {busy ? (
          <Card>
            <p className="text-slate-300">Generating your image...</p>
          </Card>
        ) : null}
        {result ? (
          <FadeUp>
            <Card>
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 className="text-xl font-semibold text-white">Generated Image</h2>
                <a
                  href={result.url}
                  download={result.fileName}
                  className="inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5"
                >
                  <Download className="size-4" aria-hidden="true" />
                  Download image
                </a>
              </div>
              <img
                src={result.url}
                width={result.width}
                height={result.height}
                alt={result.alt}
                className="mx-auto mt-4 h-auto max-h-[80vh] w-auto max-w-full rounded-xl border border-white/10"
              />
              <p className="mt-3 text-sm text-slate-400">
                {result.width} × {result.height} pixels
                {result.notice ? ` · ${result.notice}` : ""}
              </p>
            </Card>
          </FadeUp>
        ) : null}
      </div>

      <DemoModal openOnLoad={actionData?.state === "done" || actionData?.state === "failed"} openWhen={busy}>
        The images below are examples. Sign in to generate your own custom images!
      </DemoModal>
    </>
  );
}
