import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { imageDownload } from "~/shared/image-download";

/** The image results' links beside their heading (download, edit). */
export const imageResultLinkClass =
  "inline-flex items-center gap-1.5 rounded-lg border border-white/15 px-3 py-1.5 text-sm font-medium text-slate-200 hover:bg-white/5";

type DownloadableImage = { url: string; fileName: string; width: number; height: number };

/** A result's 'Download image', naming the format and size the file will have (a drawing downloads as a PNG). */
export function DownloadImageLink({ image, label = "Download image" }: { image: DownloadableImage; label?: string }) {
  const download = imageDownload(image.url, image.fileName);
  return (
    <a href={download.href} download={download.download} className={imageResultLinkClass}>
      <Icon path={icons.download} className="size-4" />
      {label}{" "}
      <span className="text-slate-400">
        ({download.format}, {image.width} × {image.height})
      </span>
    </a>
  );
}
