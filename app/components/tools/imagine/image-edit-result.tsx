import { useId, type ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import type { ImageEditResult, ImageView } from "~/shared/image-edit";
import { ResultPanel } from "../result-panel";
import { DownloadImageLink } from "./download-image-link";
import { StoredImage } from "./stored-image";

// The Edit mode's answer: the original and the edited image side by side, with the ways on.

const buttonLink =
  "inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5";

export function EditResult({ result }: { result: ImageEditResult }) {
  const aiLabelId = useId();
  return (
    <ResultPanel
      title="Edited Image"
      aiLabelId={aiLabelId}
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
    </ResultPanel>
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
