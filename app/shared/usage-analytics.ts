import type { ToolId } from "~/content/tools";

// The dashboard's analytics as the server counts them (app/server/workspace/analytics.server.ts).

export type UsageAnalytics = {
  advanced: boolean;
  /** Results per tool for each day of this period so far (UTC days). */
  days: { date: string; counts: Record<ToolId, number> }[];
  /** This period's units against the quota, and the three periods before it. */
  periods: { start: string; used: Record<ToolId, number> }[];
  quotas: Record<ToolId, number | null>;
  advancedFigures?: {
    words: number;
    verdicts: { ai: number; mixed: number; human: number };
    sources: { web: number; api: number };
    hours: number[];
  };
};
