// Input limits of the voiceover and image forms, shared by the pages (maxLength, counters) and the
// actions' schemas. Kept free of zod so the pages do not ship the schema library.
export const mediaLimits = {
  speechText: 4_096,
  imagePrompt: 1_000,
} as const;
