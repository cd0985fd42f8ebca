import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { imageDownload } from "~/shared/image-download";

/** 'Download image', naming the format and size the file will have (a drawing downloads as a PNG). */
export function DownloadImageLink({
  url,
  fileName,
  width,
  height,
  className,
  label = "Download image",
}: {
  url: string;
  fileName: string;
  width: number;
  height: number;
  className: string;
  label?: string;
}) {
  const download = imageDownload(url, fileName);
  return (
    <a href={download.href} download={download.download} className={className}>
      <Icon path={icons.download} className="size-4" />
      {label}{" "}
      <span className="text-slate-400">
        ({download.format}, {width} × {height})
      </span>
    </a>
  );
}
