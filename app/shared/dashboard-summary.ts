import type { ToolId } from "~/content/tools";

// The dashboard's plan and usage summary (app/server/billing/dashboard.server.ts states it).

export type DashboardSummary = {
  planName: string;
  status: string;
  statusLabel: string;
  /** 'Renews on …', 'Ends on …' or 'Ended on …'. */
  dateLine: string | null;
  periodLine: string;
  usage: { tool: ToolId; label: string; unit: string; used: number; quota: number | null }[];
};
