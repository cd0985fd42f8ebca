// What 'Download image' points at and the file it names. The offline engine stores its image as a
// drawing (SVG); /media/:id?format=png draws it into a PNG of the same width and height, so the
// download is a PNG with or without JavaScript, from the tool page and from History alike.

export function imageDownload(url: string, fileName: string): { href: string; download: string; format: string } {
  const drawing = fileName.endsWith(".svg");
  const saveAs = drawing ? fileName.replace(/\.svg$/, ".png") : fileName;
  return {
    href: drawing ? `${url}?format=png` : url,
    download: saveAs,
    format: (saveAs.split(".").pop() ?? "").toUpperCase().replace("JPG", "JPEG"),
  };
}
