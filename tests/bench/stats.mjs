// Small helpers the benchmark scripts share.

/** Milliseconds since the epoch with sub-millisecond precision: the fakes stamp their events with the same clock. */
export const now = () => performance.timeOrigin + performance.now();

export function median(values) {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** CPU (process.cpuUsage, user + system) and wall time of one async task, with its result. */
export async function cpuAndWall(task) {
  const start = process.cpuUsage();
  const started = performance.now();
  const result = await task();
  const used = process.cpuUsage(start);
  return { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started, result };
}

/**
 * The largest growth of heap plus array buffers during the task, in MiB to one decimal: sampled
 * every 5 ms and at the end (a synchronous stretch is under-read), after a collection if --expose-gc.
 */
export async function peakMemoryMiB(task) {
  globalThis.gc?.();
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.arrayBuffers;
  };
  const base = used();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, used())), 5);
  try {
    await task();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, used());
  return Math.round(((peak - base) / 2 ** 20) * 10) / 10;
}
