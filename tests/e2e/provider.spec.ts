import { expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";
import { textPdf } from "../support/document-fixtures";
import { fakeOpenAiURL, providerURL } from "./playwright.config";
import { asUpload } from "./uploads";

// Every tool on the OpenAI engine with its default models, against the fake OpenAI that refuses
// what today's API refuses (retired models, `max_tokens` on reasoning models, DALL·E sizes…): the
// server of this project is the production build with only OPENAI_API_KEY and OPENAI_BASE_URL set.

const resultTimeout = { timeout: 20_000 };
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async () => {
  // Both servers start from one command; this one may come up a moment after the first.
  await expect.poll(async () => (await fetch(`${providerURL}/healthz`).catch(() => undefined))?.status, { timeout: 60_000 }).toBe(200);
});

eachTestFromItsOwnAddress("198.51.102");

type Received = { path: string; body: any; query?: Record<string, string>; events?: { type: string }[] };
async function providerRequests(): Promise<Received[]> {
  return (await fetch(`${fakeOpenAiURL}/__fake/requests`)).json();
}

async function closeDemoModal(page: Page) {
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  await expect(modal).toBeVisible(resultTimeout);
  // The modal opens as soon as the action starts: close it once the answer is in, as media.spec.ts does.
  await page.waitForLoadState("networkidle");
  await modal.getByRole("button", { name: "Got it" }).click();
  await expect(modal).toBeHidden();
}

async function expectConnected(page: Page) {
  await expect(page.getByRole("status").filter({ hasText: "AI Service" })).toContainText("AI Service Connected");
  await expect(page.getByRole("status").filter({ hasText: "AI Service" })).toContainText("OpenAI gpt-6-luna");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the text tools answer from gpt-6-luna", async ({ page }) => {
      const text = `Provider check ${javaScriptEnabled ? "js" : "nojs"}: the quarterly report shows steady growth in every region.`;
      await page.goto("/ai-detector");
      await expectConnected(page);
      await page.getByLabel("Text to analyze").fill(text);
      await page.getByRole("button", { name: "Analyze Text" }).click();
      await closeDemoModal(page);
      // Under 80 words: the measured model gives no number, and the provider's analysis is commentary.
      await expect(page.getByText("AI Probability: too short for a reliable verdict")).toBeVisible(resultTimeout);
      await expect(page.getByText("Provider commentary (gpt-6-luna): The fake provider found mixed signals.")).toBeVisible();

      await page.goto("/ai-humanizer");
      await expectConnected(page);
      await page.getByLabel("Original AI Text").fill(text);
      await page.getByRole("button", { name: "Humanize Text" }).click();
      await closeDemoModal(page);
      await expect(page.getByText(`Fake provider reply to: ${text.slice(0, 60)}`).first()).toBeVisible(resultTimeout);

      await page.goto("/ai-writer");
      await expectConnected(page);
      await page.getByLabel("What would you like to write about?").fill(text);
      await page.getByRole("button", { name: "Generate Content" }).click();
      await closeDemoModal(page);
      await expect(page.getByRole("heading", { name: "Generated Content" })).toBeVisible(resultTimeout);
      await expect(page.getByText(/Fake provider reply to: Write a Blog Post/)).toBeVisible();

      const calls = (await providerRequests()).filter(
        (r) => r.path === "/v1/chat/completions" && JSON.stringify(r.body).includes(text.slice(0, 40)),
      );
      expect(calls.length).toBeGreaterThanOrEqual(3);
      for (const call of calls) {
        expect(call.body).toMatchObject({ model: "gpt-6-luna", reasoning_effort: "none" });
        expect(call.body).not.toHaveProperty("max_tokens");
      }
    });

    test("chat replies on gpt-6-luna", async ({ page }) => {
      const message = `Hello from the provider check (${javaScriptEnabled ? "js" : "nojs"})`;
      await page.goto("/conversational-ai");
      await expectConnected(page);
      await page.getByPlaceholder("Type your message...").fill(message);
      await page.getByRole("button", { name: "Send" }).click();
      await closeDemoModal(page);
      await expect(page.getByRole("region", { name: "Conversation" })).toContainText(`Fake provider reply to: ${message}`, resultTimeout);
      const call = (await providerRequests()).find((r) => r.path === "/v1/responses" && JSON.stringify(r.body).includes(message));
      expect(call?.body).toMatchObject({
        model: "gpt-6-luna",
        reasoning: { effort: "none" },
        temperature: 0.7,
        max_output_tokens: 500,
        store: false,
        stream: true,
      });
      expect(call?.body).not.toHaveProperty("tools");
    });

    test("chat searches the web when asked, for that message only, and links its sources, which the reply keeps", async ({ page }) => {
      const message = `What is new on the web (${javaScriptEnabled ? "js" : "nojs"})`;
      await page.goto("/conversational-ai");
      await expectConnected(page);
      const toggle = page.getByRole("checkbox", { name: "Search the web" });
      await expect(toggle).not.toBeChecked();
      await expect(page.getByText("A chat message that searches the web counts as two messages.")).toBeVisible();
      await toggle.check();
      await page.getByPlaceholder("Type your message...").fill(message);
      await page.getByRole("button", { name: "Send" }).click();
      await closeDemoModal(page);
      const conversation = page.getByRole("region", { name: "Conversation" });
      const marker = conversation.getByRole("link", { name: "Source 1: Fake source (opens in a new tab)" });
      await expect(marker).toBeVisible(resultTimeout);
      await expect(marker).toHaveText("[1]");
      await expect(marker).toHaveAttribute("href", "https://example.com/fake-source");
      await expect(marker).toHaveAttribute("target", "_blank");
      await expect(marker).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
      await expect(conversation.getByText("Sources", { exact: true })).toBeVisible();
      await expect(conversation.getByText("Fake source · example.com")).toBeVisible();
      await expect(conversation.getByRole("link", { name: "Fake source", exact: true })).toHaveAttribute(
        "rel",
        "noopener noreferrer nofollow ugc",
      );
      // Not sticky: the next message goes without a search unless ticked again.
      await expect(toggle).not.toBeChecked();
      const call = (await providerRequests()).find((r) => r.path === "/v1/responses" && JSON.stringify(r.body).includes(message));
      expect(call?.body.tools).toEqual([{ type: "web_search" }]);

      // The next message: its reply has no sources, and the earlier reply keeps its own.
      const next = `And what else (${javaScriptEnabled ? "js" : "nojs"})`;
      await page.getByPlaceholder("Type your message...").fill(next);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(conversation).toContainText(`Fake provider reply to: ${next}`, resultTimeout);
      await expect(conversation.getByRole("link", { name: "Source 1: Fake source (opens in a new tab)" })).toHaveCount(1);
      await expect(conversation.getByText("Fake source · example.com")).toBeVisible();
    });

    test("a PDF on a question reaches the model as its text; a searched follow-up links its sources; Regenerate asks again with the file", async ({
      page,
    }) => {
      const mode = javaScriptEnabled ? "js" : "nojs";
      const pdf = textPdf({ pages: 2, name: `brief-${mode}.pdf` });
      const question = `What does this brief ask for (${mode})?`;
      await page.goto("/conversational-ai");
      await expectConnected(page);
      await page.getByLabel("Attach files").setInputFiles(asUpload(pdf));
      await page.getByPlaceholder("Type your message...").fill(question);
      await page.getByRole("button", { name: "Send" }).click();
      await closeDemoModal(page);
      const conversation = page.getByRole("region", { name: "Conversation" });
      await expect(conversation).toContainText(`Fake provider reply to: ${question}`, resultTimeout);
      const asked = (await providerRequests()).filter((r) => r.path === "/v1/responses" && JSON.stringify(r.body).includes(question));
      const parts = asked.at(-1)?.body.input.at(-1).content as { type: string; text?: string }[];
      expect(parts[0]).toEqual({ type: "input_text", text: question });
      expect(parts[1]?.text).toContain(`Attached document "brief-${mode}.pdf"`);
      expect(parts[1]?.text).toContain(pdf.paragraphs[0]!.text);

      const followUp = `Any news on this topic (${mode})?`;
      await page.getByRole("checkbox", { name: "Search the web" }).check();
      await page.getByPlaceholder("Type your message...").fill(followUp);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(conversation.getByRole("link", { name: "Source 1: Fake source (opens in a new tab)" })).toBeVisible(resultTimeout);
      const searched = (await providerRequests()).filter((r) => r.path === "/v1/responses" && JSON.stringify(r.body).includes(followUp));
      expect(searched.at(-1)?.body.tools).toEqual([{ type: "web_search" }]);
      // The earlier question still carries its document to the model.
      expect(JSON.stringify(searched.at(-1)?.body.input)).toContain(pdf.paragraphs[0]!.text);

      const before = (await providerRequests()).length;
      await page.getByRole("button", { name: "Regenerate" }).click();
      await expect
        // Only this test's follow-up: the other variant of this test and other tests share the fake provider.
        .poll(
          async () =>
            (await providerRequests()).slice(before).filter((r) => r.path === "/v1/responses" && JSON.stringify(r.body).includes(followUp))
              .length,
          resultTimeout,
        )
        .toBe(1);
      await expect(conversation.getByText(`Fake provider reply to: ${followUp}`)).toHaveCount(1, resultTimeout);
    });

    test("the image generator draws the chosen shape as a PNG of its real size", async ({ page }) => {
      const prompt = `A lighthouse at dusk (${javaScriptEnabled ? "js" : "nojs"})`;
      await page.goto("/imagine-ai");
      await expectConnected(page);
      await expect(page.getByLabel("Image Size").locator("option")).toHaveText([
        "Square (1024 × 1024)",
        "Portrait (1024 × 1536)",
        "Landscape (1536 × 1024)",
      ]);
      await page.getByLabel("Image Size").selectOption("portrait");
      await page.getByLabel("Describe your image").fill(prompt);
      await page.getByRole("button", { name: "Generate Image" }).click();
      await closeDemoModal(page);
      const image = page.getByRole("img", { name: new RegExp(`Photorealistic style image: ${prompt.replace(/[()]/g, "\\$&")}`) });
      await expect(image).toBeVisible(resultTimeout);
      await expect(image).toHaveAttribute("width", "1024");
      await expect(image).toHaveAttribute("height", "1536");
      const response = await page.request.get((await image.getAttribute("src"))!);
      expect(response.headers()["content-type"]).toBe("image/png");
      const png = await response.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1536]);
      const call = (await providerRequests()).find((r) => r.path === "/v1/images/generations" && r.body?.prompt?.includes(prompt));
      expect(call?.body).toMatchObject({ model: "gpt-image-2.6-flare", size: "1024x1536", n: 1 });
      expect(call?.body).not.toHaveProperty("response_format");
    });

    test("'Edit this image' sends the generated image to images.edit, with a mask of its size where painted", async ({ page }) => {
      const prompt = `A harbour at noon (${javaScriptEnabled ? "js" : "nojs"})`;
      await page.goto("/imagine-ai");
      await page.getByLabel("Describe your image").fill(prompt);
      await page.getByRole("button", { name: "Generate Image" }).click();
      await closeDemoModal(page);
      await page.getByRole("link", { name: "Edit this image" }).click();
      await expect(page.getByRole("img", { name: /The image to edit/ })).toBeVisible(resultTimeout);
      const change = `Add a red sailing boat (${javaScriptEnabled ? "js" : "nojs"})`;
      if (javaScriptEnabled) {
        const canvas = page.getByTestId("mask-canvas");
        await canvas.scrollIntoViewIfNeeded();
        const box = (await canvas.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.7);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 5 });
        await page.mouse.up();
        await expect(page.getByText("1 stroke painted: only that area changes.")).toBeVisible();
      }
      await page.getByLabel("Describe the change").fill(change);
      await page.getByRole("button", { name: "Edit Image" }).click();
      // The same tool's second action in this visit: no demo modal again (issue 28).
      await expect(page.getByRole("img", { name: `Edited image: ${change}` })).toBeVisible(resultTimeout);
      await expect(page.getByRole("dialog", { name: "Demo Version" })).toBeHidden();
      const call = (await providerRequests()).find((r) => r.path === "/v1/images/edits" && r.body?.prompt === change);
      expect(call?.body).toMatchObject({
        model: "gpt-image-2.6-flare",
        size: "1024x1024",
        image: { format: "png", width: 1024, height: 1024 },
      });
      if (javaScriptEnabled) {
        expect(call?.body.mask).toMatchObject({ width: 1024, height: 1024, hasAlpha: true });
        expect(call?.body.mask.transparentShare.bottom).toBeGreaterThan(0);
        expect(call?.body.mask.transparentShare.top).toBe(0);
      } else {
        expect(call?.body.mask).toBeUndefined();
      }
    });

    test("the voiceover reads the text through the Realtime API, plays in the page and downloads", async ({ page }) => {
      const text = `Good evening. This voiceover was read by the realtime model (${javaScriptEnabled ? "js" : "nojs"}).`;
      await page.goto("/voiceover-ai");
      await expectConnected(page);
      await page.getByText("Oliver").click();
      await page.getByLabel("Text to speak").fill(text);
      await page.getByRole("button", { name: "Generate Speech" }).click();
      // The voiceover's demo modal offers the plans instead of 'Got it' (spec §2 tool 4).
      const modal = page.getByRole("dialog", { name: "Demo Version" });
      await expect(modal).toContainText("Please Signin to get your custom voiceover results!", resultTimeout);
      const audio = page.locator("audio");
      await expect(audio).toHaveCount(1, resultTimeout);
      const src = (await audio.getAttribute("src"))!;
      expect(src).toMatch(/^\/media\/[0-9a-f]{32}$/);
      if (javaScriptEnabled) {
        // The browser decodes it: a duration means real, playable audio.
        await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), resultTimeout).toBeGreaterThan(1);
      }
      // Escape with JavaScript; without it, the modal's close button (a dialog form, no script).
      if (javaScriptEnabled) await page.keyboard.press("Escape");
      else await modal.getByRole("button", { name: "Close" }).click();
      await expect(modal).toBeHidden();
      const download = page.waitForEvent("download");
      await page.getByRole("link", { name: "Download audio" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe("voiceover.wav");
      const { readFile } = await import("node:fs/promises");
      const bytes = await readFile((await file.path())!);
      expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(bytes.readUInt32LE(24)).toBe(24_000);

      const session = (await providerRequests()).find((r) => r.path === "/v1/realtime" && JSON.stringify(r.events ?? []).includes(text));
      expect(session?.query?.model).toBe("gpt-realtime-2.1-mini");
      expect(session?.events?.map((event) => event.type)).toEqual(["session.update", "conversation.item.create", "response.create"]);
      expect((await providerRequests()).some((r) => r.path === "/v1/audio/speech")).toBe(false);
    });
  });
}
