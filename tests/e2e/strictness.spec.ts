import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";
import { assistantStyleText as text } from "../support/sample-texts";

// The strictness level on the detector page (issue 42), with JavaScript on and off: the radios,
// the level and its rates beside the verdict, and the choice kept for the next analysis.

eachTestFromItsOwnAddress("198.51.100");

const rate = /(not measured yet|\d+(\.\d)?%)/.source;

/** `demo`: the first analysis of a visit opens the demo modal; later ones do not. */
async function analyzeAt(page: Page, label: "Strict" | "Sensitive", { demo }: { demo: boolean }) {
  await page.getByRole("group", { name: "Strictness" }).getByText(label, { exact: true }).click();
  await expect(page.getByRole("radio", { name: new RegExp(`^${label}`) })).toBeChecked();
  await page.getByRole("button", { name: "Analyze Text" }).click();
  if (demo) {
    const modal = page.getByRole("dialog", { name: "Demo Version" });
    await modal.getByRole("button", { name: "Got it" }).click();
    await expect(modal).toBeHidden();
  }
  const reading = page.getByRole("region", { name: `Verdict at ${label}` });
  await expect(reading).toBeVisible();
  await expect(reading).toContainText(
    new RegExp(`For texts of 80–199 words, measured on held-out sources: human texts wrongly flagged ${rate}, AI texts caught ${rate}\\.`),
  );
  await expect(reading).toContainText(/Flagged at .+, not at .+\.|Flagged as AI at every level|Not flagged as AI at any level/);
  // The choice stays for the next analysis, and the text with it.
  await expect(page.getByRole("radio", { name: new RegExp(`^${label}`) })).toBeChecked();
  await expect(page.getByLabel("Text to analyze")).toHaveValue(text);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("Balanced is chosen first; Strict then Sensitive give their verdicts with their rates, each kept chosen", async ({ page }) => {
      await page.goto("/ai-detector");
      const group = page.getByRole("group", { name: "Strictness" });
      await expect(group.getByRole("radio")).toHaveCount(3);
      await expect(page.getByRole("radio", { name: /^Balanced/ })).toBeChecked();
      await expect(group).toContainText("Aims at about 1 in 1,000 human texts wrongly flagged.");
      await page.getByLabel("Text to analyze").fill(text);
      await analyzeAt(page, "Strict", { demo: true });
      await analyzeAt(page, "Sensitive", { demo: false });
    });
  });
}
