// The time rate limits, periods and expiries read (decision 020's minute, 031's window, quotas'
// months, retention): Date.now unless a test set it, so no test waits for the wall clock to move.
// Production never sets it: setClock is imported by tests only (tests/integration, docs/testing.md).

let source: () => number = () => Date.now();

/** Milliseconds since the epoch, as Date.now. */
export function nowMilliseconds(): number {
  return source();
}

/** Whole seconds since the epoch (the unit D1 rows store). */
export function nowSeconds(): number {
  return Math.floor(source() / 1000);
}

/**
 * Tests: fix the clock at `at` (a Date or epoch milliseconds), or give it a function; returns the
 * function that puts the real clock back (call it in afterEach).
 */
export function setClock(at: Date | number | (() => number)): () => void {
  source = typeof at === "function" ? at : () => Number(at);
  return resetClock;
}

export function resetClock(): void {
  source = () => Date.now();
}

/** Unix seconds as an ISO 8601 time (the export's and the API's dates); null stays null. */
export function isoTime(seconds: number): string;
export function isoTime(seconds: number | null): string | null;
export function isoTime(seconds: number | null): string | null {
  return seconds === null ? null : new Date(seconds * 1000).toISOString();
}
