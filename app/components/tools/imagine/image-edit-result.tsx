import type { ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { ImageEditResult, ImageView } from "~/shared/image-edit";
import { ToolResult, type ToolResultState } from "../tool-result";
import { DownloadImageLink, imageResultLinkClass } from "./download-image-link";
import { StoredImage } from "./stored-image";

// The Edit mode's answer: the original and the edited image side by side, with the ways on.

export function EditResult({ state }: { state: ToolResultState<ImageEditResult> }) {
  return (
    <ToolResult
      state={state}
      busyText="Editing your image..."
      title="Edited Image"
      actions={(result) => (
        <div className="flex flex-wrap gap-2">
          <DownloadImageLink image={result} label="Download" />
          <a href={`/imagine-ai?mode=edit&source=${result.id}`} className={imageResultLinkClass}>
            <Icon path={icons.wandSparkles} className="size-4" />
            Edit again
          </a>
          <a href="/imagine-ai?mode=edit" className={imageResultLinkClass}>
            <Icon path={icons.x} className="size-4" />
            Start over
          </a>
        </div>
      )}
    >
      {(result, aiLabelId) => (
        <>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            <ImageFigure image={result.original} alt="The original image">
              Original · {result.original.width} × {result.original.height} pixels
            </ImageFigure>
            <ImageFigure image={result} alt={result.alt} describedBy={aiLabelId}>
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
        </>
      )}
    </ToolResult>
  );
}

/** The original or the edited image, side by side, each with its size below. */
function ImageFigure({ image, alt, describedBy, children }: { image: ImageView; alt: string; describedBy?: string; children: ReactNode }) {
  return (
    <figure>
      <StoredImage image={image} alt={alt} describedBy={describedBy} className="h-auto w-full rounded-xl border border-white/10" />
      <figcaption className="mt-2 text-sm text-slate-400">{children}</figcaption>
    </figure>
  );
}
