import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";

// Issue 29's smaller screens: the chat's input, phone layout, kept conversation and Regenerate; the
// API docs' response examples and copy buttons; the landing explorer's preview; Pricing in the
// navbar and footer.

eachTestFromItsOwnAddress("198.51.106");

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });

async function closeModalIfOpen(page: Page) {
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  if (await modal.isVisible()) await modal.getByRole("button", { name: "Close" }).click();
}

test.describe("the chat", () => {
  test("the message box takes several lines: Shift+Enter breaks the line, Enter sends, and it grows with its text", async ({ page }) => {
    await page.goto("/conversational-ai");
    const input = page.getByPlaceholder("Type your message...");
    await expect(input).toHaveJSProperty("tagName", "TEXTAREA");
    const oneLine = (await input.boundingBox())!.height;
    await input.pressSequentially("First line");
    await input.press("Shift+Enter");
    await input.pressSequentially("second line");
    await input.press("Shift+Enter");
    await input.pressSequentially("third line");
    await expect(input).toHaveValue("First line\nsecond line\nthird line");
    expect((await input.boundingBox())!.height).toBeGreaterThan(oneLine);
    await input.press("Enter");
    await closeModalIfOpen(page);
    await expect(conversation(page).getByRole("listitem")).toHaveCount(2);
    await expect(conversation(page).getByRole("listitem").first()).toContainText("First line\nsecond line\nthird line");
    await expect(input).toHaveValue("");
  });

  test("a visitor's conversation is kept through a reload, and Regenerate answers the last question again", async ({ page }) => {
    await page.goto("/conversational-ai");
    const input = page.getByPlaceholder("Type your message...");
    await input.fill("Remember me");
    await input.press("Enter");
    await closeModalIfOpen(page);
    await expect(conversation(page)).toContainText('This is a simulated response to: "Remember me"');

    await page.reload();
    await expect(conversation(page).getByRole("listitem")).toHaveCount(2);
    await expect(conversation(page)).toContainText("Remember me");

    const posted = page.waitForRequest("**/api/chat");
    await page.getByRole("button", { name: "Regenerate" }).click();
    const form = (await posted).postDataBuffer()?.toString() ?? "";
    expect(form).toContain("Remember me");
    // The question once, and one answer: the new one replaced the old.
    await expect(conversation(page).getByRole("listitem")).toHaveCount(2);
    await expect(conversation(page)).toContainText('This is a simulated response to: "Remember me"');

    await page.getByRole("button", { name: "Clear chat" }).click();
    await page.reload();
    await expect(conversation(page)).toContainText("Start a conversation with AI");
  });

  test("on a phone the assistants and tones take one row each before the conversation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/conversational-ai");
    const assistants = page.getByRole("group", { name: "Assistant" });
    const tones = page.getByRole("group", { name: "Tone" });
    expect((await assistants.boundingBox())!.height).toBeLessThan(120);
    expect((await tones.boundingBox())!.height).toBeLessThan(120);
    // The conversation starts within the first screen.
    expect((await conversation(page).boundingBox())!.y).toBeLessThan(844);
    await page.getByText("Social Media Coach", { exact: true }).click();
    await expect(page.getByRole("radio", { name: /Social Media Coach/ })).toBeChecked();
  });
});

test("the API docs show each endpoint's request and response, each with a copy button", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs/api");
  const detect = page.locator("#endpoint-detect");
  await expect(detect.getByText("Response (200)")).toBeVisible();
  await expect(detect.locator("pre").nth(1)).toContainText('"probability"');
  await detect.getByRole("button", { name: "Copy" }).first().click();
  await expect(detect.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("/api/v1/detect");
});

test("the landing explorer previews the selected tool instead of an empty box", async ({ page }) => {
  await page.goto("/");
  const explorer = page.locator("#explorer");
  await expect(explorer).toContainText("Tool Demo Preview");
  await expect(explorer).toContainText("AI Probability");
  await page.goto("/explore/humanizer");
  await expect(page.locator("#explorer")).toContainText("Humanized Version");
});

test("Pricing is in the navbar and the footer", async ({ page }) => {
  await page.goto("/terms");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pricing");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
});
