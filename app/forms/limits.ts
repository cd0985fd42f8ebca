// Input limits shared by the forms (maxLength, counters) and the actions' schemas.
export const limits = {
  detectorText: 10_000,
  /** Below this many words the detector gives no verdict, only its per-sentence view. */
  detectorMinWords: 40,
  /** Below this many words the page says that short texts are harder and shows how wide the score's range is. */
  detectorShortWords: 150,
  humanizerText: 10_000,
  writerText: 2_000,
  writerKeywords: 500,
  /** One chat message, and each message the conversation carries. */
  chatMessage: 4_000,
  /** Messages of earlier conversation sent along with a new one (older ones drop off). */
  chatHistory: 20,
  /** An API key's name on the dashboard. */
  apiKeyName: 60,
  /** A conversation's title in the chat page's list, as renamed. */
  conversationTitle: 80,
} as const;
