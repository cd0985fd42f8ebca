import type { ContentTypeId, HumanizerTone } from "~/content/catalogs";

// The one interface every AI engine implements (ARCHITECTURE.md 'The AI engine').
export type EngineId = "openai" | "offline";

export type SentenceScore = { text: string; start: number; end: number; score: number };

export type DetectionResult = {
  /** The text the spec shows: 'AI Probability: X%' then 'Analysis: …'. */
  report: string;
  /** The probability read from the report, for the gauge; null when the answer had none. */
  probability: number | null;
  /** Per-sentence stylometric scores (0–1) for highlighting. */
  sentences: SentenceScore[];
};

export type WriteRequest = { type: ContentTypeId; keywords: string[]; text: string };

export interface AiEngine {
  id: EngineId;
  /** Shown in the status line: which engine answers. */
  label: string;
  /** Distinguishes configurations for per-isolate caches. */
  cacheKey: string;
  /** The connection test (spec §7): succeeds or throws. */
  ping(): Promise<void>;
  detect(text: string): Promise<DetectionResult>;
  humanize(text: string, tone: HumanizerTone): Promise<string>;
  /** Markdown. */
  write(request: WriteRequest): Promise<string>;
}

/** The status line's data (spec §2): connected, or unavailable with the error to show. */
export type ConnectionStatus =
  | { connected: true; engine: string }
  | { connected: false; engine: string; error: string };
