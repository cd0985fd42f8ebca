// Small helpers the benchmark scripts share.

/** Milliseconds since the epoch with sub-millisecond precision: the fakes stamp their events with the same clock. */
export const now = () => performance.timeOrigin + performance.now();

export function median(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
