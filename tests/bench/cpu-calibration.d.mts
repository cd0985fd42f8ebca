export function calibratedCpuMultiplier(benchmarkIndex: number): number;
