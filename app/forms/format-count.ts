/**
 * 12345 → "12,345", as toLocaleString("en-US") prints whole numbers. Written out because every
 * toLocaleString("en-US") call builds an ICU number formatter: the live character counter did that
 * twice per render, and the first one cost ~35 ms of the tool pages' hydration on a slow CPU.
 */
export function formatCount(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
