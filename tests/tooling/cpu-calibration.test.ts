import { describe, expect, it } from "vitest";
import { calibratedCpuMultiplier } from "../bench/cpu-calibration.mjs";

describe("calibratedCpuMultiplier", () => {
  it("gives Lighthouse's default 4× on the host its mobile preset assumes", () => {
    expect(calibratedCpuMultiplier(1533)).toBe(4);
  });

  it("follows the throttling calculator's points and is linear between them", () => {
    expect(calibratedCpuMultiplier(2000)).toBe(6);
    expect(calibratedCpuMultiplier(1300)).toBe(3);
    expect(calibratedCpuMultiplier(1050)).toBe(2.5);
    expect(calibratedCpuMultiplier(800)).toBe(2);
    expect(calibratedCpuMultiplier(150)).toBe(1);
    expect(calibratedCpuMultiplier(50)).toBe(1);
  });

  it("refuses a missing benchmark instead of inventing a multiplier", () => {
    expect(() => calibratedCpuMultiplier(0)).toThrow(/no CPU benchmark/);
    expect(() => calibratedCpuMultiplier(Number.NaN)).toThrow(/no CPU benchmark/);
  });
});
