import { useState, type MouseEvent } from "react";
import { Icon } from "~/components/ui/icon";
import * as icons from "~/components/ui/lucide-paths";
import { useHydrated } from "~/components/ui/use-hydrated";

const formatOf = (fileName: string) => (fileName.split(".").pop() ?? "").toUpperCase().replace("JPG", "JPEG");

/**
 * 'Download image', naming the format and size the file will have. The offline
 * placeholder is stored as a drawing (SVG): with JavaScript it is drawn onto a canvas of the named
 * size and saved as a PNG; without JavaScript the link downloads the stored file and says it is an SVG.
 */
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
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  const drawing = fileName.endsWith(".svg");
  const asPng = drawing && hydrated && !failed;
  const saveAs = asPng ? fileName.replace(/\.svg$/, ".png") : fileName;

  async function saveAsPng(event: MouseEvent<HTMLAnchorElement>) {
    if (!asPng) return;
    event.preventDefault();
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      canvas.getContext("2d")!.drawImage(image, 0, 0, width, height);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
      if (!blob) throw new Error("The canvas gave no PNG.");
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = saveAs;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      // The browser could not draw it: the link falls back to the stored file, and says so.
      setFailed(true);
    }
  }

  return (
    <a href={url} download={saveAs} onClick={saveAsPng} className={className}>
      <Icon path={icons.download} className="size-4" />
      {label}{" "}
      <span className="text-slate-400">
        ({asPng ? "PNG" : formatOf(fileName)}, {width} × {height})
      </span>
    </a>
  );
}
