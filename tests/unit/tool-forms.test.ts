import { describe, expect, test } from "vitest";
import { detectorForm, humanizerForm, splitKeywords, writerForm } from "~/forms/tool-forms";
import { wordDiff } from "~/shared/word-diff";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("tool form schemas", () => {
  test("trim the main text and accept it up to the limit", () => {
    // No level sent: the default one.
    expect(detectorForm.parse({ text: "  hello  " })).toEqual({ text: "hello", strictness: "balanced" });
    expect(detectorForm.safeParse({ text: "a".repeat(10_000) }).success).toBe(true);
  });

  test("take a strictness level, and refuse another value saying which to pick", () => {
    expect(detectorForm.parse({ text: "hello", strictness: "sensitive" }).strictness).toBe("sensitive");
    expect(firstMessage(detectorForm.safeParse({ text: "hello", strictness: "paranoid" }))).toBe(
      "Unknown strictness level. Pick one of: strict, balanced (the default), sensitive.",
    );
  });

  test("reject blank and missing values with a gentle message, and a JSON value that is not text as such", () => {
    expect(firstMessage(detectorForm.safeParse({ text: " \n\t " }))).toBe("Please enter the text to analyze.");
    expect(firstMessage(detectorForm.safeParse({}))).toBe("Please enter the text to analyze.");
    expect(firstMessage(detectorForm.safeParse({ text: 42 }))).toBe("The text to analyze must be text.");
  });

  test("name the limit when a field is too long", () => {
    expect(firstMessage(humanizerForm.safeParse({ text: "a".repeat(10_001), tone: "casual" }))).toBe(
      "The text to humanize is too long: the limit is 10,000 characters.",
    );
    expect(firstMessage(writerForm.safeParse({ type: "blog", text: "a".repeat(2_001) }))).toContain("2,000 characters");
    expect(firstMessage(writerForm.safeParse({ type: "blog", text: "x", keywords: "k".repeat(501) }))).toContain("500 characters");
  });

  test("accept every tone and content type of the catalogs and refuse others", () => {
    for (const tone of ["professional", "casual", "friendly", "academic", "creative", "persuasive"]) {
      expect(humanizerForm.safeParse({ text: "x", tone }).success).toBe(true);
    }
    expect(firstMessage(humanizerForm.safeParse({ text: "x", tone: "angry" }))).toMatch(/^Unknown tone/);
    for (const type of ["blog", "social", "email", "product", "ad", "script"]) {
      expect(writerForm.safeParse({ type, text: "x" }).success).toBe(true);
    }
    expect(firstMessage(writerForm.safeParse({ type: "sonnet", text: "x" }))).toMatch(/^Unknown content type/);
  });

  test("split keywords on commas, dropping blanks", () => {
    expect(splitKeywords(" seo, content , ,marketing,")).toEqual(["seo", "content", "marketing"]);
    expect(writerForm.parse({ type: "ad", text: "x" }).keywords).toBe("");
  });
});

describe("word diff", () => {
  /** The text the diff's parts spell without those of one kind: without the added, the text before. */
  const textWithout = (parts: ReturnType<typeof wordDiff>, kind: "added" | "removed") =>
    parts
      .filter((p) => p.kind !== kind)
      .map((p) => p.text)
      .join("");

  test("marks removed and added words and rebuilds both texts", () => {
    const before = "We utilize many tools in order to grow.";
    const after = "We use many tools to grow.";
    const parts = wordDiff(before, after);
    expect(textWithout(parts, "added")).toBe(before);
    expect(textWithout(parts, "removed")).toBe(after);
    expect(parts.some((p) => p.kind === "removed" && p.text.includes("utilize"))).toBe(true);
    expect(parts.some((p) => p.kind === "added" && p.text.includes("use"))).toBe(true);
  });

  test("reports no change for identical texts", () => {
    expect(wordDiff("same words here", "same words here")).toEqual([{ kind: "same", text: "same words here" }]);
  });
});
