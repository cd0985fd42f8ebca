/** "Nov 24, 2026, 14:05 UTC": one format on the server and in the browser, so hydration agrees. */
export function formatHistoryDate(unixSeconds: number): string {
  return `${new Date(unixSeconds * 1000).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: "UTC",
  })} UTC`;
}

/** "December 24, 2026". */
export function formatResetDateText(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}
