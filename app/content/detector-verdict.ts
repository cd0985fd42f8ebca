import type { DetectionVerdict } from "~/shared/ai-types";

/** How the detector's bands read, on the page, in history and in the analytics. */
export const verdictCaptions: Record<DetectionVerdict, string> = {
  "likely-ai": "Likely AI-written",
  mixed: "Mixed: no confident call",
  "likely-human": "Likely human-written",
  "too-short": "Too short for a reliable verdict",
  "english-only": "English only for now",
};

export const detectionVerdicts = Object.keys(verdictCaptions) as DetectionVerdict[];
