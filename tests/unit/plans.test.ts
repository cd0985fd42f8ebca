import { describe, expect, it } from "vitest";
import { defaultPlanId, estimatedSpeechMinutes, findPlan, formatPlanPrice, isPlanId, plans } from "~/content/plans";

describe("plans (spec §9)", () => {
  it("has basic, pro (the only popular one) and startup at 1699, 2499 and 3999 minor units", () => {
    expect(plans.map((plan) => [plan.id, plan.priceMinor, plan.popular])).toEqual([
      ["basic", 1699, false],
      ["pro", 2499, true],
      ["startup", 3999, false],
    ]);
    expect(defaultPlanId).toBe("pro");
  });

  it("quotes every feature line of the spec", () => {
    expect(findPlan("basic")?.features).toHaveLength(8);
    expect(findPlan("pro")?.features).toHaveLength(9);
    expect(findPlan("startup")?.features).toHaveLength(8);
    expect(findPlan("pro")?.features).toContain("AI Detection unlimited scans");
  });

  it("keeps quotas in line with the features: numbers where the spec counts, null where it says unlimited", () => {
    expect(findPlan("basic")?.quotas).toEqual({ detector: 100, humanizer: 50, writer: 25, voiceover: 10, imagine: 20, chat: 100 });
    expect(findPlan("pro")?.quotas).toEqual({ detector: null, humanizer: 200, writer: 100, voiceover: 60, imagine: 100, chat: null });
    expect(Object.values(findPlan("startup")!.quotas).every((quota) => quota === null)).toBe(true);
  });

  it("recognises only the three plan ids", () => {
    expect(["basic", "pro", "startup"].every(isPlanId)).toBe(true);
    for (const bad of ["", "Pro", "gold", undefined, 1]) expect(isPlanId(bad)).toBe(false);
  });
});

describe("formatPlanPrice", () => {
  it.each([
    [1699, "usd", "$16.99"],
    [2499, "USD", "$24.99"],
    [3999, "eur", "€39.99"],
    [1699, "inr", "₹16.99"],
    // Zero-decimal currencies: minor units are whole yen.
    [1699, "jpy", "¥1,699"],
    // An invalid code falls back to USD instead of breaking the page.
    [1699, "not-a-currency", "$16.99"],
  ])("%i %s → %s", (minor, currency, expected) => {
    expect(formatPlanPrice(minor, currency)).toBe(expected);
  });
});

describe("estimatedSpeechMinutes (voiceover quota units)", () => {
  it("counts started minutes at about 150 words a minute, faster speech taking fewer", () => {
    expect(estimatedSpeechMinutes("Hello there.")).toBe(1);
    expect(estimatedSpeechMinutes("word ".repeat(150))).toBe(1);
    expect(estimatedSpeechMinutes("word ".repeat(151))).toBe(2);
    expect(estimatedSpeechMinutes("word ".repeat(300), 2)).toBe(1);
  });
});
