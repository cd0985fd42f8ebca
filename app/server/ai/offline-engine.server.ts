import { OFFLINE_NO_WEB_SEARCH, streamOfflineChat } from "./offline/chat.server";
import { detectAiText, detectionResult } from "~/server/detector/detect.server";
import { withLanguageModelScorer } from "~/server/detector/lm-scorer.server";
import { humanizeText, OFFLINE_NOTICE } from "./offline/humanize.server";
import { offlineMedia } from "./offline/media.server";
import { writeContent } from "./offline/write.server";
import type { AiEngine } from "~/shared/ai-types";

// The embedded default when no key is set: deterministic, no network (docs/architecture.md).
export function createOfflineEngine(): AiEngine {
  return {
    id: "offline",
    label: "offline demo engine",
    cacheKey: "offline",
    ...offlineMedia,
    async ping() {},
    async detect(text, strictness) {
      // With DETECTOR_SCORER_URL set, a language model may call the text 'Likely AI' too (decision 059).
      return withLanguageModelScorer(detectionResult(detectAiText(text, strictness)), text);
    },
    async humanize(text, tone) {
      return { text: humanizeText(text, tone), before: null, passes: [], notice: OFFLINE_NOTICE };
    },
    async write({ type, keywords, text }) {
      return writeContent({ type, keywords, topic: text });
    },
    async *chat({ messages, webSearch, project }, signal) {
      const last = messages.at(-1);
      const earlier = messages.slice(0, -1).flatMap((message) => message.attachments ?? []);
      const pieces = streamOfflineChat(last?.content ?? "", { signal, files: last?.attachments ?? [], earlier, project });
      for await (const text of pieces) yield { type: "text", text };
      // Searching needs a provider: say so rather than pretend (the page hides the switch offline).
      if (webSearch && !signal?.aborted) yield { type: "text", text: `\n\n_${OFFLINE_NO_WEB_SEARCH}_` };
    },
  };
}
