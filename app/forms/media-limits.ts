// Input limits of the voiceover and image forms, shared by the pages (maxLength, counters) and the
// actions' schemas. Kept free of zod so the pages do not ship the schema library.
export const mediaLimits = {
  speechText: 4_096,
  imagePrompt: 1_000,
  /** The painted area of an edit: strokes, and points over all strokes. */
  maskStrokes: 200,
  maskPoints: 20_000,
  /** An upload: bytes and pixels a side (checked again on the server by the bytes). */
  imageBytes: 10 * 1024 * 1024,
  imageSide: 4096,
} as const;

/** Said beside the file field by the page (before sending) and by the server (by the bytes). */
export const imageTooLargeMessage = `The image is too large: the limit is ${mediaLimits.imageBytes / (1024 * 1024)} MB.`;
