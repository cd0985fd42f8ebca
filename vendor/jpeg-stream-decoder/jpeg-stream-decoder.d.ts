/** Decodes a baseline or progressive JPEG (grey or YCbCr), handing out each row as RGBA; the row array is reused. */
export function decodeJpegRows(
  jpegData: Uint8Array,
  onRow: (y: number, rgba: Uint8Array) => void,
  options: { maxMemoryUsageInMB: number; maxResolutionInMP: number },
): { width: number; height: number };
