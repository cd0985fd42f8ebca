import { describe, expect, test } from "vitest";
import { formatCount } from "~/forms/format-count";

describe("formatCount", () => {
  test("groups thousands with commas, as en-US does", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(10_000)).toBe("10,000");
    expect(formatCount(1_234_567)).toBe("1,234,567");
  });

  test("prints every whole number from 0 to 120,000 exactly like toLocaleString('en-US')", () => {
    const formatter = new Intl.NumberFormat("en-US");
    for (let n = 0; n <= 120_000; n += 7) expect(formatCount(n)).toBe(formatter.format(n));
  });
});
