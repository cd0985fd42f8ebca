import type { ChatCitation, DetectionVerdict } from "./ai-types";

// What the workspace shows of one result's output (app/server/workspace/history-entry.server.ts keeps it).

export type HistoryOutput =
  | { tool: "detector"; probability: number | null; verdict: DetectionVerdict | null; report: string }
  | { tool: "humanizer"; text: string }
  | { tool: "writer"; markdown: string }
  | {
      tool: "voiceover" | "imagine";
      mediaId: string;
      contentType: string;
      size: number;
      fileName: string;
      width?: number;
      height?: number;
      alt?: string;
    }
  | { tool: "chat"; conversation: { role: "user" | "assistant"; content: string; citations?: ChatCitation[] }[] };
