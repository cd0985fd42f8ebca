export type Scored = { label: 0 | 1; score: number };
export type Probabilities = { label: 0 | 1; probability: number };
export function rocAuc(scored: readonly Scored[]): number | null;
export function atThreshold(
  scored: readonly Probabilities[],
  threshold: number,
): { n: number; accuracy: number | null; fpr: number | null; tpr: number | null };
export function calibrationError(scored: readonly Probabilities[], bins?: number): number;
export function fitPlatt(scored: readonly Scored[]): { plattA: number; plattB: number };
export function chooseThreshold(scored: readonly Probabilities[], maxFpr: number): number;
export function lengthBand(words: number): string;
export function percent(x: number | null | undefined): string;
export function fixed(x: number | null | undefined, digits?: number): string;
