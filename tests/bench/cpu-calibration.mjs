// Lighthouse's mobile preset slows the CPU down 4× because it assumes a fast desktop host (CPU
// benchmark ~1,500). Lighthouse warns when the host scores under 1,000 and points to its throttling
// guide, which calibrates the multiplier from the host's benchmark so the simulated phone stays the
// same. This is that guide's mapping (Lighthouse's "CPU throttling calculator": 2,000 → 6×,
// 1,533 → 4×, 1,300 → 3×, 800 → 2×, 150 → 1×), linear between those points.
export function calibratedCpuMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) throw new Error(`no CPU benchmark (${benchmarkIndex})`);
  let multiplier;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + Math.max(benchmarkIndex - 150, 0) / 650;
  return Math.round(multiplier * 10) / 10;
}
