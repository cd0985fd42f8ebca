import { expect, test } from "./test";
import { closeDemoModal, eachTestFromItsOwnAddress } from "./demo";
import { assistantStyleText as aiStyleText } from "../support/sample-texts";
import { holdScripts, waitForHydration } from "./hydration";

eachTestFromItsOwnAddress("198.51.100");

test.describe("with JavaScript", () => {
  test("the detector analyzes without a reload, opens the demo modal and shows the gauge", async ({ page }) => {
    await page.goto("/ai-detector");
    const button = page.getByRole("button", { name: "Analyze Text" });
    await expect(button).toBeDisabled();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByLabel("Text to analyze").fill(aiStyleText);
    await expect(page.getByText(`${aiStyleText.length} / 10,000 characters`)).toBeVisible();
    await button.click();
    await closeDemoModal(page);
    await expect(page.getByText(/AI Probability: \d+%/)).toBeVisible();
    await expect(page.getByRole("img", { name: /AI probability \d+%/ })).toBeVisible();
    await expect(page.getByLabel("Text to analyze")).toHaveValue(aiStyleText);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("text typed before the scripts ran is counted and can be sent once they run", async ({ page }) => {
    let release = await holdScripts(page);
    await page.goto("/ai-detector", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Text to analyze").fill(aiStyleText);
    await release();
    await waitForHydration(page);
    await expect(page.getByText(`${aiStyleText.length} / 10,000 characters`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Analyze Text" })).toBeEnabled();

    release = await holdScripts(page);
    await page.goto("/conversational-ai", { waitUntil: "domcontentloaded" });
    await page.getByPlaceholder("Type your message...").fill("Typed before hydration");
    await release();
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
  });

  test("the humanizer rewrites in the chosen tone and offers copy and the changes", async ({ page }) => {
    await page.goto("/ai-humanizer");
    await expect(page.getByRole("radio", { name: "Professional" })).toBeChecked();
    await expect(page.getByText("Humanized text will appear here...")).toBeVisible();
    await page.getByText("Casual", { exact: true }).click();
    await page
      .getByLabel("Original AI Text")
      .fill("We utilize 3 tools in order to facilitate growth. Moreover, it is important to note that we do not stop.");
    await page.getByRole("button", { name: "Humanize Text" }).click();
    await closeDemoModal(page);
    await expect(page.getByText("Offline demo engine: rule-based rewrite")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy" })).toBeVisible();
    await page.getByText(/Show changes/).click();
    await expect(page.locator("ins").first()).toBeVisible();
  });

  test("the writer drafts an email and offers a Markdown download", async ({ page }) => {
    await page.goto("/ai-writer");
    await page.getByText("Email", { exact: true }).click();
    await page.getByLabel("Keywords").fill("webinar, onboarding");
    await page.getByLabel("What would you like to write about?").fill("Invite new customers to an onboarding webinar");
    await page.getByRole("button", { name: "Generate Content" }).click();
    await closeDemoModal(page);
    await expect(page.getByRole("heading", { name: "Generated Content" })).toBeVisible();
    await expect(page.getByText("Subject:")).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download .md" }).click();
    expect((await download).suggestedFilename()).toBe("draft.md");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the detector form posts, renders the result with the modal open, and the modal closes", async ({ page }) => {
    await page.goto("/ai-detector");
    await page.getByLabel("Text to analyze").fill(aiStyleText);
    await page.getByRole("button", { name: "Analyze Text" }).click();
    await closeDemoModal(page);
    await expect(page.getByText(/AI Probability: \d+%/)).toBeVisible();
    await expect(page.getByLabel("Text to analyze")).toHaveValue(aiStyleText);
  });

  test("a whitespace-only text gets a gentle message and nothing is lost", async ({ page }) => {
    await page.goto("/ai-humanizer");
    await page.getByLabel("Original AI Text").fill("    ");
    await page.getByText("Academic", { exact: true }).click();
    await page.getByRole("button", { name: "Humanize Text" }).click();
    await expect(page.getByText("Please enter the text to humanize.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Academic" })).toBeChecked();
  });

  test("the humanizer and the writer give results", async ({ page }) => {
    await page.goto("/ai-humanizer");
    await page.getByLabel("Original AI Text").fill("In order to succeed, we must utilize every tool.");
    await page.getByRole("button", { name: "Humanize Text" }).click();
    await closeDemoModal(page);
    await expect(page.getByText("Offline demo engine: rule-based rewrite")).toBeVisible();

    await page.goto("/ai-writer");
    await page.getByLabel("What would you like to write about?").fill("Why bees matter for farms");
    await page.getByRole("button", { name: "Generate Content" }).click();
    await closeDemoModal(page);
    await expect(page.getByRole("heading", { name: "Generated Content" })).toBeVisible();
    // The draft's own title sits under the page's single <h1>.
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator("article h2").first()).toBeVisible();
  });
});
