import type { AiEngine } from "../types";
import { placeholderNotice, proceduralImage } from "./image";
import { synthesizeSpeech } from "./speech";

// The offline engine's media tools: real speech from eSpeak, a procedural placeholder image.
export const offlineMedia: Pick<AiEngine, "speak" | "imagine"> = {
  speak: synthesizeSpeech,
  async imagine({ prompt, style, size }) {
    return {
      bytes: new TextEncoder().encode(proceduralImage({ prompt, style, size })),
      contentType: "image/svg+xml",
      notice: placeholderNotice,
    };
  },
};
