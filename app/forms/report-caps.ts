// What a subscriber's reports may take, shared by the /reports page that states it and the server
// that enforces it (app/server/reports/report-caps.server.ts). Why these values: docs/decisions/056.
export const reportCaps = {
  /** Reports an account makes one at a time in a clock hour: one every two minutes, all hour long. */
  perHour: 30,
  /**
   * Bytes an account's reports keep (text and result, UTF-8): ~900 reports of a full text box, or
   * ~95 of the longest documents (200,000 characters, ~265 KB each).
   */
  storedBytes: 25_000_000,
} as const;

/** Bytes as the pages state them: '3.2 MB'. */
export const formatMegabytes = (bytes: number) => `${(Math.ceil(bytes / 100_000) / 10).toLocaleString("en-US")} MB`;
