// Input limits shared by the forms (maxLength, counters) and the actions' schemas.
export const limits = {
  detectorText: 10_000,
  humanizerText: 10_000,
  writerText: 2_000,
  writerKeywords: 500,
} as const;
