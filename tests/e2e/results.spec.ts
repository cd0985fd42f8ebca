import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";

// Issue 29 and issue 28 item 7, as checks over every tool: the demo modal closes by its button, a
// click beside it and Escape, and gives the focus back; every 4xx answer of a tool form shows its
// message beside the field, with JavaScript on and off; a result that arrives below the fold is
// scrolled into view and focused; the demo limit offers sign-in and the plans.

test.describe.configure({ timeout: 90_000 });

eachTestFromItsOwnAddress("198.51.103");

type Tool = {
  path: string;
  field: string;
  button: string;
  modalButton: string;
  valid: string;
  tooLong?: { length: number; message: RegExp };
};

const tools: Tool[] = [
  {
    path: "/ai-detector",
    field: "Text to analyze",
    button: "Analyze Text",
    modalButton: "Got it",
    valid: "The committee met on Tuesday and agreed on a budget for the new library wing.",
    tooLong: { length: 10_001, message: /too long/i },
  },
  {
    path: "/ai-humanizer",
    field: "Original AI Text",
    button: "Humanize Text",
    modalButton: "Got it",
    valid: "In order to succeed, we must utilize every tool.",
    tooLong: { length: 10_001, message: /too long/i },
  },
  {
    path: "/ai-writer",
    field: "What would you like to write about?",
    button: "Generate Content",
    modalButton: "Got it",
    valid: "Why bees matter for farms",
    tooLong: { length: 2_001, message: /too long/i },
  },
  {
    path: "/voiceover-ai",
    field: "Text to speak",
    button: "Generate Speech",
    modalButton: "View pricing",
    valid: "A short check.",
    tooLong: { length: 4_097, message: /too long/i },
  },
  {
    path: "/imagine-ai",
    field: "Describe your image",
    button: "Generate Image",
    modalButton: "Got it",
    valid: "A paper boat on a pond",
    tooLong: { length: 1_001, message: /too long/i },
  },
  { path: "/conversational-ai", field: "Message", button: "Send", modalButton: "Got it", valid: "Hello there" },
];

/** Holds every POST (a tool's action, the chat's stream) until the page is closed: the modal opens while busy. */
async function holdPosts(page: Page) {
  await page.route("**/*", (route) => (route.request().method() === "POST" ? new Promise(() => {}) : route.fallback()));
}

const modal = (page: Page) => page.getByRole("dialog", { name: "Demo Version" });

test.describe("the demo modal closes by its button, Escape and a click beside it, and gives the focus back", () => {
  for (const tool of tools) {
    for (const how of ["close button", "Escape", "backdrop"] as const) {
      test(`${tool.path}, ${how}`, async ({ page }) => {
        await holdPosts(page);
        await page.goto(tool.path);
        await page.getByLabel(tool.field, { exact: true }).fill(tool.valid);
        await page.getByRole("button", { name: tool.button }).click();
        await expect(modal(page)).toBeVisible();
        await expect(
          modal(page).getByRole(tool.modalButton === "View pricing" ? "link" : "button", { name: tool.modalButton }),
        ).toBeFocused();
        if (how === "close button") await modal(page).getByRole("button", { name: "Close" }).click();
        else if (how === "Escape") await page.keyboard.press("Escape");
        else await page.mouse.click(8, page.viewportSize()!.height / 2); // beside the card
        await expect(modal(page)).toBeHidden();
        // Back on the page: its main content (the opener is disabled while the action runs).
        await expect(page.locator("main")).toBeFocused();
      });
    }
  }
});

test.describe("without JavaScript the modal closes by its button and a click beside it", () => {
  test.use({ javaScriptEnabled: false });
  for (const how of ["close button", "backdrop"] as const) {
    test(`/ai-writer, ${how}`, async ({ page }) => {
      await page.goto("/ai-writer");
      await page.getByLabel("What would you like to write about?").fill("Why bees matter for farms");
      await page.getByRole("button", { name: "Generate Content" }).click();
      await expect(modal(page)).toBeVisible();
      if (how === "close button") await modal(page).getByRole("button", { name: "Close" }).click();
      else await page.mouse.click(8, page.viewportSize()!.height / 2);
      await expect(modal(page)).toBeHidden();
      await expect(page.getByRole("heading", { name: "Generated Content" })).toBeInViewport();
    });
  }
});

test("the voiceover's 'View pricing' leads to the plans, and Back finds the script and the audio again", async ({ page }) => {
  await page.goto("/voiceover-ai");
  await page.getByLabel("Text to speak").fill("Good morning. Your voiceover is ready.");
  await page.getByRole("button", { name: "Generate Speech" }).click();
  await expect(page.getByRole("heading", { name: "Generated Speech" })).toBeVisible({ timeout: 20_000 });
  await modal(page).getByRole("link", { name: "View pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goBack();
  await expect(page.getByLabel("Text to speak")).toHaveValue("Good morning. Your voiceover is ready.");
  await expect(page.getByRole("heading", { name: "Generated Speech" })).toBeVisible();
  await expect(page.getByLabel("Generated speech")).toHaveAttribute("src", /^\/media\//);
});

test.describe("the modal opens on a tool's first action of the visit only", () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.104.${testInfo.workerIndex}-${testInfo.testId}` });
      for (const run of [1, 2, 3]) {
        await page.goto("/ai-writer");
        if (javaScriptEnabled) await expect(page.locator("#mobile-menu")).toHaveAttribute("data-hydrated", "true");
        await page.getByLabel("What would you like to write about?").fill(`Run ${run}: why bees matter`);
        await page.getByRole("button", { name: "Generate Content" }).click();
        await expect(page.getByRole("heading", { name: "Generated Content" })).toBeVisible({ timeout: 20_000 });
        if (run === 1) {
          await expect(modal(page)).toBeVisible();
          await modal(page).getByRole("button", { name: "Got it" }).click();
        } else {
          await expect(modal(page)).toBeHidden();
        }
      }
      // Another tool still opens its own, once.
      await page.goto("/ai-detector");
      await page.getByLabel("Text to analyze").fill(tools[0]!.valid);
      await page.getByRole("button", { name: "Analyze Text" }).click();
      await expect(modal(page)).toBeVisible({ timeout: 20_000 });
      await context.close();
    });
  }
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("every tool's refused input (a 400) shows its message beside the field", async ({ page }) => {
      for (const tool of tools.filter((candidate) => candidate.tooLong)) {
        const { length, message } = tool.tooLong!;
        await page.goto(tool.path);
        const field = page.getByLabel(tool.field, { exact: true });
        await field.fill("a".repeat(length));
        if (javaScriptEnabled) {
          // The page says so before sending, and does not cut the text.
          await expect(page.getByText(/Too long by 1 character:/)).toBeVisible();
          await expect(field).toHaveValue("a".repeat(length));
          // What the server answers is shown too: sent past the browser's own check.
          await page
            .locator("main form")
            .first()
            .evaluate((form: HTMLFormElement) => (form.noValidate = true));
        }
        const answer = page.waitForResponse((response) => response.request().method() === "POST");
        await page.getByRole("button", { name: tool.button }).click();
        expect((await answer).status(), tool.path).toBe(400);
        await expect(field, tool.path).toHaveAttribute("aria-invalid", "true");
        await expect(page.locator("main").getByText(message).first(), tool.path).toBeVisible();
      }
    });

    test("an image upload that is not an image is refused beside the field", async ({ page }) => {
      for (const file of [
        { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not an image") },
        { name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n") },
      ]) {
        await page.goto("/imagine-ai?mode=edit");
        if (!javaScriptEnabled) await page.getByText("Edit", { exact: true }).click();
        const field = page.getByLabel("Image to edit");
        await field.setInputFiles(file);
        await page.getByLabel("Describe the change").fill("warmer");
        const posts: string[] = [];
        page.on("request", (request) => {
          if (request.method() === "POST") posts.push(request.url());
        });
        if (javaScriptEnabled) {
          // Told at once, before anything is sent, and not sent.
          await expect(page.getByText("This file is not a PNG, JPEG or WebP image. Choose one of those.")).toBeVisible();
          await page.getByRole("button", { name: "Edit Image" }).click();
          await expect(field).toBeFocused();
          expect(posts).toEqual([]);
        } else {
          const answer = page.waitForResponse((response) => response.request().method() === "POST");
          await page.getByRole("button", { name: "Edit Image" }).click();
          expect((await answer).status()).toBe(400);
          await expect(page.getByText("This file is not a PNG, JPEG or WebP image. Choose one of those.")).toBeVisible();
          await expect(page.getByLabel("Image to edit")).toHaveAttribute("aria-invalid", "true");
        }
        await expect(modal(page)).toBeHidden();
      }
    });

    test("a result that arrives below the fold is scrolled into view and focused, on a phone", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [path, field, button, text, heading] of [
        ["/ai-writer", "What would you like to write about?", "Generate Content", "Why bees matter for farms", "Generated Content"],
        ["/ai-detector", "Text to analyze", "Analyze Text", tools[0]!.valid, "Analysis Result"],
        ["/imagine-ai", "Describe your image", "Generate Image", "A paper boat on a pond", "Generated Image"],
      ] as const) {
        await page.goto(path);
        await page.getByLabel(field, { exact: true }).fill(text);
        await page.getByRole("button", { name: button }).click();
        const result = page.getByRole("heading", { name: heading });
        await expect(result).toBeAttached({ timeout: 20_000 });
        // The focus is on the result (its heading with JavaScript, the result itself without).
        const focusedOnResult = () =>
          page.evaluate((name) => {
            const active = document.activeElement;
            const result = active?.closest("[data-arrived-result]");
            return active?.textContent === name || result?.querySelector("h2")?.textContent === name;
          }, heading);
        // Without JavaScript the result takes the focus on load (autofocus), under the open modal;
        // with JavaScript the modal holds it and hands it to the result when it closes.
        if (!javaScriptEnabled) await expect.poll(focusedOnResult, { message: path }).toBe(true);
        await expect(result, path).toBeInViewport();
        if (await modal(page).isVisible()) await modal(page).getByRole("button", { name: "Close" }).click();
        await expect(result, path).toBeInViewport();
        if (javaScriptEnabled) await expect.poll(focusedOnResult, { message: path }).toBe(true);
      }
    });
  });
}

test("the demo limit says when to try again and offers sign-in and the plans", async ({ page, request }, testInfo) => {
  const address = `198.51.105.${testInfo.workerIndex}-${testInfo.testId}`;
  const origin = new URL(testInfo.project.use.baseURL!).origin;
  // Spend the visitor's demo allowance for the minute (10 actions).
  for (let i = 0; i < 10; i++) {
    await request.post("/ai-detector", {
      form: { text: "Short text to spend the allowance." },
      headers: { "cf-connecting-ip": address, origin },
    });
  }
  await page.setExtraHTTPHeaders({ "cf-connecting-ip": address });
  await page.goto("/ai-writer");
  await page.getByLabel("What would you like to write about?").fill("Why bees matter for farms");
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Generate Content" }).click();
  expect((await answer).status()).toBe(429);
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("You have reached the demo limit.");
  await expect(alert.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  await expect(alert.getByRole("link", { name: "see plans" })).toHaveAttribute("href", "/pricing");
  await expect(alert).toBeInViewport();
  await expect(page.getByLabel("What would you like to write about?")).toHaveValue("Why bees matter for farms");
});

test.describe("'Download image' gives the format and size the page names", () => {
  const generateLandscape = async (page: Page) => {
    await page.goto("/imagine-ai");
    await page.getByLabel("Image Size").selectOption("landscape");
    await page.getByLabel("Describe your image").fill("A paper boat on a pond");
    await page.getByRole("button", { name: "Generate Image" }).click();
    // The demo notice opens over the result; its button closes it with or without JavaScript.
    await modal(page).getByRole("button", { name: "Got it" }).click();
  };
  const downloadsLandscapePng = async (page: Page) => {
    const link = page.getByRole("link", { name: /^Download image/ });
    await expect(link).toHaveText("Download image (PNG, 1536 × 1024)", { timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe("generated-image.png");
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1536, 1024]);
  };

  test("with JavaScript, the offline drawing downloads as a PNG of the chosen size", async ({ page }) => {
    await generateLandscape(page);
    await downloadsLandscapePng(page);
  });

  test("without JavaScript, the offline drawing downloads as the same PNG", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await generateLandscape(page);
    await downloadsLandscapePng(page);
    await context.close();
  });
});
