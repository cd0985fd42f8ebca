import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from "react";
import { DemoModal, SignInLink } from "~/components/ui/demo-modal";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { FileDropZone } from "~/components/ui/file-drop-zone";
import { useHydrated } from "~/components/ui/use-hydrated";
import { defaultImageSize } from "~/content/media-catalogs";
import { imageTooLargeMessage, mediaLimits } from "~/forms/media-limits";
import type { ImageEditResult, ImageView } from "~/shared/image-edit";
import type { ToolActionData } from "~/shared/tool-action-data";
import { Card, FieldError, FieldLabel, ResultRegion } from "../form-parts";
import { MainTextArea } from "../tool-form-fields";
import { SubmitRow } from "../submit-row";
import { useToolState } from "../tool-state";
import { ResultPanel } from "../result-panel";
import { ToolForm, useMainText } from "../tool-form";
import { DownloadImageLink } from "./download-image-link";
import { ImageSizeSelect } from "./image-size-select";
import { StoredImage } from "./stored-image";
import { offlineEditWords } from "~/content/offline-edit-words";

// The brush is the only heavy part and only Edit mode needs it: loaded when the page has hydrated.
const MaskPainter = lazy(() => import("./mask-painter"));

type Source = ImageView & { id: string };

const buttonLink =
  "inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5";

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
  const { busy, result, error, fieldErrors } = state;
  const hydrated = useHydrated();
  const values = actionData?.values;
  const prompt = useMainText(values?.prompt, mediaLimits.imagePrompt);
  const [picked, setPicked] = useState<string | undefined>();
  useEffect(() => () => (picked ? URL.revokeObjectURL(picked) : undefined), [picked]);
  const fileInput = useRef<HTMLInputElement>(null);
  // What the browser can tell before sending: a file that is not a PNG, JPEG or WebP image, or too large.
  const [fileError, setFileError] = useState<string>();
  const sizeChosen = useRef(Boolean(values?.size));
  const pick = (file: File | undefined) => {
    setFileError(undefined);
    setPicked(undefined);
    if (!file) return;
    const refusal = refuseFile(file);
    if (refusal) {
      setFileError(refusal);
      if (fileInput.current) fileInput.current.value = "";
      return;
    }
    const url = URL.createObjectURL(file);
    // A file named .png that is not an image: say so instead of showing a broken picture.
    const probe = new Image();
    probe.onload = () => {
      setPicked(url);
      // The output takes the photo's own orientation unless the visitor already chose one.
      const size = document.getElementById("imagine-edit-size");
      if (size instanceof HTMLSelectElement && !sizeChosen.current) {
        const ratio = probe.naturalWidth / probe.naturalHeight;
        size.value = ratio > 1.2 ? "landscape" : ratio < 1 / 1.2 ? "portrait" : "square";
      }
    };
    probe.onerror = () => {
      URL.revokeObjectURL(url);
      setFileError(notAnImage);
      if (fileInput.current) fileInput.current.value = "";
    };
    probe.src = url;
  };
  // Dropped or pasted files go into the form's file field, so the form sends them like a chosen one.
  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file || !fileInput.current || busy) return false;
    const transfer = new DataTransfer();
    transfer.items.add(file);
    fileInput.current.files = transfer.files;
    pick(file);
    return true;
  };
  // A file chosen before the page hydrated (hydrate-after-paint.server.ts) is shown, and painted on, as if chosen now.
  useEffect(() => pick(fileInput.current?.files?.[0]), []);
  // A pasted image (Ctrl+V anywhere on the page while Edit mode shows) becomes the image to edit.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const form = document.getElementById("imagine-edit-form");
      if (!form || form.offsetParent === null || !event.clipboardData?.files.length) return;
      if (take(event.clipboardData.files)) event.preventDefault();
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  });

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
              <div className="contents" onChange={() => (sizeChosen.current = true)}>
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

      <ResultRegion error={error} busy={busy} busyText="Editing your image..." answer={actionData}>
        {result ? <EditResult result={result} /> : null}
      </ResultRegion>

      <DemoModal answer={actionData} busy={busy}>
        The images below are examples. <SignInLink>Sign in</SignInLink> to edit your own images!
      </DemoModal>
    </>
  );
}

const notAnImage = "This file is not a PNG, JPEG or WebP image. Choose one of those.";
const editableTypes = ["image/png", "image/jpeg", "image/webp"];

/** The checks the server makes again by the bytes (image-upload.ts), told before anything is sent. */
function refuseFile(file: File): string | undefined {
  if (file.size === 0) return "This file is empty. Choose an image to edit.";
  if (file.type && !editableTypes.includes(file.type)) return notAnImage;
  if (file.size > mediaLimits.imageBytes) return imageTooLargeMessage;
  return undefined;
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

function EditResult({ result }: { result: ImageEditResult }) {
  return (
    <ResultPanel
      title="Edited Image"
      actions={
        <div className="flex flex-wrap gap-2">
          <DownloadImageLink
            url={result.url}
            fileName={result.fileName}
            width={result.width}
            height={result.height}
            className={buttonLink}
            label="Download"
          />
          <a href={`/imagine-ai?mode=edit&source=${result.id}`} className={buttonLink}>
            <Icon path={icons.wandSparkles} className="size-4" />
            Edit again
          </a>
          <a href="/imagine-ai?mode=edit" className={buttonLink}>
            <Icon path={icons.x} className="size-4" />
            Start over
          </a>
        </div>
      }
    >
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <ImageFigure image={result.original} alt="The original image">
          Original · {result.original.width} × {result.original.height} pixels
        </ImageFigure>
        <ImageFigure image={result} alt={result.alt}>
          Edited · {result.width} × {result.height} pixels
        </ImageFigure>
      </div>
      {result.notice ? <p className="mt-3 text-sm text-slate-300">{result.notice}</p> : null}
      {result.understood ? (
        <p className="mt-2 text-sm text-slate-300">
          {`Understood: ${result.understood.length ? result.understood.join(", ") : "nothing"}.` +
            (result.ignored?.length ? ` Ignored: ${result.ignored.join(", ")}.` : "")}
        </p>
      ) : null}
    </ResultPanel>
  );
}

/** The original or the edited image, side by side, each with its size below. */
function ImageFigure({ image, alt, children }: { image: ImageView; alt: string; children: ReactNode }) {
  return (
    <figure>
      <StoredImage image={image} alt={alt} className="h-auto w-full rounded-xl border border-white/10" />
      <figcaption className="mt-2 text-sm text-slate-400">{children}</figcaption>
    </figure>
  );
}
