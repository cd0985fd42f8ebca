/** The file name a download link suggests, by content type. */
export function mediaFileName(base: string, contentType: string): string {
  const extension =
    { "audio/wav": "wav", "audio/mpeg": "mp3", "image/svg+xml": "svg", "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" }[
      contentType
    ] ?? "bin";
  return `${base}.${extension}`;
}
