import { Inflate } from "fflate";

// Inflating with a budget: compressed bytes go in a little at a time and every piece that comes
// out is counted, so a stream stops at its budget whatever its headers declare. Deflate expands
// at most ~1032:1, so one 1 KiB push yields at most ~1 MiB: no single step can blow the memory.

const FEED_BYTES = 1024;

/** Thrown once more than the budget came out. */
export class OverBudget extends Error {}

/** Thrown when the data is damaged, with what came out before. */
export class DamagedData extends Error {
  constructor(readonly inflated: number) {
    super("damaged deflate data");
  }
}

/**
 * Inflates raw deflate data, handing each piece to `onData`, and returns how many bytes came out.
 * Throws OverBudget past `budget` bytes, DamagedData on damaged data, and whatever `onData` or
 * `check` (called between pushes: a deadline) throws.
 */
export function inflateWithin(
  data: Uint8Array,
  budget: number,
  onData: (chunk: Uint8Array) => void = () => {},
  check: () => void = () => {},
): number {
  let inflated = 0;
  const inflater = new Inflate((chunk) => {
    inflated += chunk.length;
    if (inflated > budget) throw new OverBudget();
    onData(chunk);
  });
  for (let offset = 0; offset < data.length; offset += FEED_BYTES) {
    const end = Math.min(offset + FEED_BYTES, data.length);
    try {
      inflater.push(data.subarray(offset, end), end === data.length);
    } catch (error) {
      // fflate's own errors carry a numeric code (FlateErrorCode); anything else was thrown by onData.
      if (typeof (error as { code?: unknown })?.code === "number") throw new DamagedData(inflated);
      throw error;
    }
    check();
  }
  return inflated;
}
