import { DemoModal, SignInLink } from "~/components/ui/demo-modal";
import { usePreloadMotion } from "~/components/ui/fade-up";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { defaultImageSize, defaultImageStyle, imageStyles } from "~/content/media-catalogs";
import { mediaLimits } from "~/forms/media-limits";
import type { ToolActionData } from "~/shared/tool-action-data";
import { Card } from "../form-parts";
import { ChoiceCards, MainTextArea } from "../tool-form-fields";
import { SubmitRow } from "../submit-row";
import { useToolState } from "../tool-state";
import { ToolResult } from "../tool-result";
import { ToolForm, useMainText } from "../tool-form";
import { DownloadImageLink, imageResultLinkClass } from "./download-image-link";
import { ImageSizeSelect } from "./image-size-select";
import { StoredImage } from "./stored-image";

export type ImagineResult = {
  url: string;
  width: number;
  height: number;
  alt: string;
  fileName: string;
  notice?: string;
  /** The stored image's id when the editor can read it ('Edit this image'). */
  editId?: string;
};

/** The form's starting values when the visitor picked an example generation (`id`: its ?example=). */
export type ImagineStart = { id: string; prompt: string; style: string };

/** Spec §2 tool 5: style cards, Image Size, 'Describe your image', 'Generate Image', the image. */
export function ImagineTool({ actionData, start }: { actionData?: ToolActionData<ImagineResult>; start?: ImagineStart }) {
  // The action keeps the page's ?example=, so the answer's page has the same key (routes/imagine-ai.tsx)
  // and this form is not mounted afresh over it, which would reopen a demo modal already closed.
  const formAction = start ? `/imagine-ai?example=${encodeURIComponent(start.id)}` : "/imagine-ai";
  const state = useToolState(actionData, formAction);
  const { busy, fieldErrors } = state;
  usePreloadMotion();
  const prompt = useMainText(actionData?.values.prompt ?? start?.prompt, mediaLimits.imagePrompt);
  const selectedStyle = actionData?.values.style ?? start?.style ?? defaultImageStyle;
  const selectedSize = actionData?.values.size ?? defaultImageSize;

  return (
    <>
      <ToolForm tool="imagine" state={state} text={prompt} action={formAction} id="imagine-form" className="mt-10 grid gap-6">
        <Card>
          <ChoiceCards legend="Style" name="style" options={imageStyles} selected={selectedStyle} />

          <div className="mt-6 grid gap-2 sm:max-w-xs">
            <ImageSizeSelect id="imagine-size" label="Image Size" selected={selectedSize} busy={busy} error={fieldErrors.size} />
          </div>

          <MainTextArea
            className="mt-6"
            name="prompt"
            label="Describe your image"
            rows={4}
            placeholder="A quiet alpine lake at sunrise, mist drifting over the water..."
          />

          <SubmitRow className="mt-4" label="Generate Image" busyLabel="Generating..." icon={icons.image} />
        </Card>
      </ToolForm>

      <ToolResult
        state={state}
        busyText="Generating your image..."
        title="Generated Image"
        actions={(result) => (
          <div className="flex flex-wrap gap-2">
            {result.editId ? (
              <a href={`/imagine-ai?mode=edit&source=${result.editId}`} className={imageResultLinkClass}>
                <Icon path={icons.image} className="size-4" />
                Edit this image
              </a>
            ) : null}
            <DownloadImageLink image={result} />
          </div>
        )}
      >
        {(result, aiLabelId) => (
          <>
            <StoredImage
              image={result}
              alt={result.alt}
              describedBy={aiLabelId}
              className="mx-auto mt-4 h-auto max-h-[80vh] w-auto max-w-full rounded-xl border border-white/10"
            />
            <p className="mt-3 text-sm text-slate-400">
              {result.width} × {result.height} pixels
              {result.notice ? ` · ${result.notice}` : ""}
            </p>
          </>
        )}
      </ToolResult>

      <DemoModal answer={actionData} busy={busy}>
        The images below are examples. <SignInLink>Sign in</SignInLink> to generate your own custom images!
      </DemoModal>
    </>
  );
}
