import type { AiEngine } from "~/shared/ai-types";
import { editImageOffline } from "./image-edit.server";
import { placeholderNotice, proceduralImage } from "./image.server";
import { synthesizeSpeech } from "./speech.server";

// The offline engine's media tools: real speech from eSpeak, a procedural placeholder image, a
// pixel-operation image editor.
export const offlineMedia: Pick<AiEngine, "speak" | "imagine" | "editImage"> = {
  speak: synthesizeSpeech,
  editImage: editImageOffline,
  async imagine({ prompt, style, size }) {
    return {
      bytes: new TextEncoder().encode(proceduralImage({ prompt, style, size })),
      contentType: "image/svg+xml",
      notice: placeholderNotice,
    };
  },
};
