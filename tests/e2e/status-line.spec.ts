import { expect, test } from "./test";
import { providerURL } from "./playwright.config";

// The status line tells the truth about what answers: the built-in offline engine gets an amber
// 'Offline demo engine' line, never the provider's green 'AI Service Connected'.

test("a tool page on the offline engine says 'Offline demo engine' in amber, not 'AI Service Connected'", async ({ page }) => {
  await page.goto("/ai-detector");
  const status = page.getByRole("status").filter({ hasText: "Offline demo engine" });
  await expect(status).toContainText("no AI provider is connected");
  await expect(page.getByText("AI Service Connected")).toHaveCount(0);
  const dot = status.locator("span").first();
  // Tailwind's amber-400: the colour says 'neither connected nor failing'.
  await expect(dot).toHaveCSS("background-color", /oklch\(0\.82|rgb\(251, 191, 36\)/);
});

test("a tool page with a provider key says 'AI Service Connected' in green", async ({ page }) => {
  await expect.poll(async () => (await fetch(`${providerURL}/healthz`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
  await page.goto(`${providerURL}/ai-detector`);
  const status = page.getByRole("status").filter({ hasText: "AI Service" });
  await expect(status).toContainText("AI Service Connected");
  await expect(page.getByText("Offline demo engine")).toHaveCount(0);
});
