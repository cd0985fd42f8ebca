import { lazy, Suspense } from "react";
import { DemoModal, SignInLink } from "~/components/ui/demo-modal";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { FileDropZone } from "~/components/ui/file-drop-zone";
import { useHydrated } from "~/components/ui/use-hydrated";
import { defaultImageSize } from "~/content/media-catalogs";
import { mediaLimits } from "~/forms/media-limits";
import type { ImageEditResult, ImageView } from "~/shared/image-edit";
import type { ToolActionData } from "~/shared/tool-action-data";
import { Card, FieldError, FieldLabel } from "../form-parts";
import { MainTextArea } from "../tool-form-fields";
import { SubmitRow } from "../submit-row";
import { useToolState } from "../tool-state";
import { ToolForm, useMainText } from "../tool-form";
import { EditResult } from "./image-edit-result";
import { ImageSizeSelect } from "./image-size-select";
import { StoredImage } from "./stored-image";
import { usePickedImage } from "./use-picked-image";
import { offlineEditWords } from "~/content/offline-edit-words";

// The brush is the only heavy part and only Edit mode needs it: loaded when the page has hydrated.
const MaskPainter = lazy(() => import("./mask-painter"));

type Source = ImageView & { id: string };

/** Edit mode of /imagine-ai: an image, 'Describe the change', an optional painted area, the output shape. */
export function ImageEditTool({
  actionData,
  source: loadedSource,
  offline,
}: {
  actionData?: ToolActionData<ImageEditResult>;
  source?: Source;
  offline: boolean;
}) {
  // The action keeps the page's ?source=, so the answer's page has the same key (routes/imagine-ai.tsx)
  // and this form is not mounted afresh over it, which would reopen a demo modal already closed.
  const formAction = loadedSource ? `/imagine-ai?mode=edit&source=${encodeURIComponent(loadedSource.id)}` : "/imagine-ai?mode=edit";
  const state = useToolState(actionData, formAction);
  const { busy, fieldErrors } = state;
  const hydrated = useHydrated();
  const values = actionData?.values;
  const prompt = useMainText(values?.prompt, mediaLimits.imagePrompt);
  const { picked, fileError, fileInput, chooseSize, pick, take } = usePickedImage(busy, Boolean(values?.size));

  // The image being edited: one just picked, the one the last answer used, or the one the page started from.
  const answeredSource = actionData?.state === "done" ? actionData.result.original : undefined;
  const sourceId = answeredSource?.id ?? values?.source ?? loadedSource?.id;
  const source: Partial<ImageView> | undefined = picked
    ? { url: picked }
    : (answeredSource ?? (loadedSource?.id === sourceId ? loadedSource : sourceId ? { url: `/media/${sourceId}` } : undefined));
  // An upload is stored only once the whole form is valid, so a form sent back for another field
  // no longer has it: say so beside the field (with JavaScript the chosen file simply stays).
  const imageError =
    fileError ??
    (picked ? undefined : fieldErrors.image) ??
    (actionData?.state === "invalid" && values?.uploaded === "1" && !picked && !sourceId
      ? "Choose the image again: an upload is kept only once the whole form is complete."
      : undefined);
  const selectedSize = values?.size ?? defaultImageSize;
  // The whole photo by default: fitted inside the size, never cut.
  const selectedFit = values?.fit ?? "extend";

  return (
    <>
      <ToolForm
        tool="imagine"
        state={state}
        text={prompt}
        action={formAction}
        encType="multipart/form-data"
        id="imagine-edit-form"
        onSubmit={(event) => {
          // A file already refused is not sent: the error beside the field says why.
          if (!fileError) return;
          event.preventDefault();
          fileInput.current?.focus();
        }}
        className="mt-6 grid gap-6"
      >
        <Card>
          {sourceId && !picked ? <input type="hidden" name="source" value={sourceId} /> : null}
          <div className="grid gap-2">
            <FieldLabel htmlFor="imagine-edit-image">{source ? "Replace the image (optional)" : "Image to edit"}</FieldLabel>
            {/* The drop zone: the file field itself, in a dashed box that also takes a dropped file. */}
            <FileDropZone
              onFiles={take}
              className="grid gap-3 p-5 text-center"
              dragging="border-pink-400 bg-pink-500/10"
              invalid={Boolean(imageError)}
            >
              <Icon path={icons.image} className="mx-auto size-8 text-pink-300" />
              <p className="text-sm text-slate-300">
                {hydrated ? "Drop an image here, paste one (Ctrl+V), or choose a file:" : "Choose a file:"}
              </p>
              <input
                id="imagine-edit-image"
                name="image"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                disabled={busy}
                aria-invalid={imageError ? true : undefined}
                aria-describedby="imagine-edit-image-hint imagine-edit-image-error"
                ref={fileInput}
                onChange={(event) => pick(event.currentTarget.files?.[0])}
                className="mx-auto block w-full max-w-sm text-sm text-slate-300 file:mr-4 file:rounded-lg file:border-0 file:bg-white/10 file:px-4 file:py-2 file:font-semibold file:text-white hover:file:bg-white/15"
              />
            </FileDropZone>
            <p id="imagine-edit-image-hint" className="text-sm text-slate-400">
              PNG, JPEG or WebP, up to 10 MB and {mediaLimits.imageSide} pixels a side. Location and camera details are removed.
            </p>
            <FieldError id="imagine-edit-image-error" message={imageError} />
          </div>

          {source?.url ? (
            <div className="mt-6">
              {hydrated ? (
                <Suspense fallback={<SourcePreview source={source} />}>
                  <MaskPainter key={source.url} imageUrl={source.url} width={source.width} height={source.height} disabled={busy} />
                </Suspense>
              ) : (
                <>
                  <SourcePreview source={source} />
                  <p className="mt-2 text-sm text-slate-400">Without JavaScript there is no brush: the whole image is edited.</p>
                </>
              )}
            </div>
          ) : null}

          <label className="mt-4 flex items-center gap-2 text-slate-200">
            <input
              type="checkbox"
              name="whole"
              defaultChecked={values?.whole === "on"}
              disabled={busy}
              className="size-4 accent-pink-500"
            />
            Edit the whole image (ignore the painted area)
          </label>

          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            <div className="grid gap-2">
              <div className="contents" onChange={chooseSize}>
                <ImageSizeSelect id="imagine-edit-size" label="Output size" selected={selectedSize} busy={busy} error={fieldErrors.size} />
              </div>
            </div>
            <fieldset disabled={busy} className="grid gap-2">
              <legend className="font-semibold text-white">Fit</legend>
              {(
                [
                  ["extend", "Fit the whole image (transparent edges)"],
                  ["crop", "Crop to fill the size"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="mt-2 flex items-center gap-2 text-slate-200">
                  <input type="radio" name="fit" value={value} defaultChecked={selectedFit === value} className="size-4 accent-pink-500" />
                  {label}
                </label>
              ))}
              <FieldError id="imagine-edit-fit-error" message={fieldErrors.fit} />
            </fieldset>
          </div>

          <MainTextArea
            className="mt-6"
            id="imagine-edit-prompt"
            countId="imagine-edit-count"
            name="prompt"
            label="Describe the change"
            rows={3}
            placeholder={offline ? "Warmer and brighter" : "Replace the sky with a sunset"}
          >
            {offline ? (
              <p className="text-sm text-slate-400">
                The offline editor changes colours and shapes; it understands: {offlineEditWords.join("; ")}.
              </p>
            ) : null}
            <FieldError id="imagine-edit-form-error" message={fieldErrors.source ?? fieldErrors.strokes ?? fieldErrors.whole} />
          </MainTextArea>

          <SubmitRow className="mt-4" countId="imagine-edit-count" label="Edit Image" busyLabel="Editing..." icon={icons.wandSparkles} />
        </Card>
      </ToolForm>

      <EditResult state={state} />

      <DemoModal answer={actionData} busy={busy}>
        The images below are examples. <SignInLink>Sign in</SignInLink> to edit your own images!
      </DemoModal>
    </>
  );
}

function SourcePreview({ source }: { source: Partial<ImageView> }) {
  return (
    <StoredImage
      image={source}
      alt="The image to edit"
      className="mx-auto h-auto max-h-[60vh] w-auto max-w-full rounded-xl border border-white/10"
    />
  );
}
