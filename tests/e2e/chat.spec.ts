import { expect, test, type Page } from "./test";
import { closeDemoModal, eachTestFromItsOwnAddress } from "./demo";
import { axeViolations } from "./axe";

// The chat runs on the offline engine here: its simulated reply streams word by word.

eachTestFromItsOwnAddress("198.51.100");

/**
 * Replaces the reply stream in the page with one that writes "Sentence N. " in two pieces, one
 * piece every 75 ms, and never ends by itself: the client's streaming behaviour without races.
 */
async function slowReplyStream(page: Page) {
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (!String(input instanceof Request ? input.url : input).endsWith("/api/chat")) return realFetch(input, init);
      const encoder = new TextEncoder();
      let piece = 0;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const next = () => {
            const text = piece % 2 === 0 ? "Sentence " : `${(piece + 1) / 2}. `;
            piece += 1;
            controller.enqueue(encoder.encode(`${JSON.stringify({ type: "token", text })}\n`));
            timer = setTimeout(next, 75);
          };
          timer = setTimeout(next, 75);
          init?.signal?.addEventListener("abort", () => {
            clearTimeout(timer);
            controller.error(new DOMException("The user aborted a request.", "AbortError"));
          });
        },
        cancel: () => clearTimeout(timer),
      });
      return new Response(body, { headers: { "content-type": "application/x-ndjson; charset=utf-8" } });
    };
  });
}

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

test.describe("with JavaScript", () => {
  test("a reply streams in while 'AI is typing...' shows, with the demo modal and without a reload", async ({ page }) => {
    await page.goto("/conversational-ai");
    await expect(conversation(page)).toContainText("Start a conversation with AI");
    await expect(page.getByRole("radio", { name: /General Assistant/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /Professional/ })).toBeChecked();
    const send = page.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    await page.getByText("Copy Editor", { exact: true }).click();
    await page.getByText("Friendly", { exact: true }).click();
    const message = `Please check this: ${words(200)}`;
    const input = page.getByPlaceholder("Type your message...");
    await input.fill("   ");
    await expect(send).toBeDisabled();
    await input.fill(message);
    const streamed = page.waitForResponse("**/api/chat");
    await send.click();

    // The reply comes from the streaming route. (What the screen shows while a reply is pending is
    // checked in the slow-reply test below, where the test holds the stream open.)
    await expect(input).toHaveValue("");
    expect((await streamed).headers()["content-type"]).toBe("application/x-ndjson; charset=utf-8");
    await closeDemoModal(page);
    const typing = page.getByText("AI is typing...");

    await expect(conversation(page)).toContainText("Offline demo engine: no language model was called.");
    await expect(typing).toBeHidden();
    await expect(conversation(page)).toContainText(message);
    await expect(conversation(page).locator("em")).toHaveText("Offline demo engine: no language model was called.");
    await expect(conversation(page).locator("time")).toHaveCount(2);
    await expect(input).toBeEnabled();
    await expect(page.getByText("Conversation with Copy Editor")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    // A second message goes out with the first exchange as its history.
    const posted = page.waitForRequest("**/api/chat");
    await input.fill("And a follow-up");
    await input.press("Enter");
    const form = (await posted).postDataBuffer()?.toString() ?? "";
    expect(form).toContain("And a follow-up");
    expect(form).toContain("editor");
    expect(form).toContain("friendly");
    expect(form).toContain("word199");
    // The demo modal shows once per tool per visit (issue 28): not again for the second message.
    await expect(page.getByRole("dialog", { name: "Demo Version" })).toBeHidden();
    await expect(conversation(page)).toContainText('This is a simulated response to: "And a follow-up"');
    await expect(conversation(page).getByRole("listitem")).toHaveCount(4);
  });

  test("axe finds no violations in a conversation with a rendered reply", async ({ page }) => {
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill("Is this **accessible**?");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    await expect(conversation(page).locator("em")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("Clear chat empties the conversation", async ({ page }) => {
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill("Hello");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    await expect(conversation(page)).toContainText('This is a simulated response to: "Hello"');
    await expect(page.getByRole("button", { name: "Clear chat" })).toHaveAttribute("title", "Clear chat");
    await page.getByRole("button", { name: "Clear chat" }).click();
    await expect(conversation(page)).toContainText("Start a conversation with AI");
    await expect(conversation(page).getByRole("listitem")).toHaveCount(0);
    await expect(page).toHaveURL(/\/conversational-ai$/);
  });

  test("a slow reply grows piece by piece, is announced by sentence, and Stop keeps what was written", async ({ page }) => {
    await slowReplyStream(page);
    await page.goto("/conversational-ai");
    const input = page.getByPlaceholder("Type your message...");
    await input.fill("Take your time");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    const reply = conversation(page).getByRole("listitem").nth(1);
    await expect(reply).toContainText("Sentence 2.");
    await expect(page.getByText("AI is typing...")).toBeVisible();
    await expect(input).toBeDisabled();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    // The live region holds a whole sentence, never a fragment of one.
    await expect(page.locator("p.sr-only[aria-live]")).toHaveText(/^Sentence \d+\.$/);

    await page.getByRole("button", { name: "Stop" }).click();
    await expect(page.getByText("AI is typing...")).toBeHidden();
    await expect(page.getByRole("button", { name: "Stop" })).toBeHidden();
    await expect(reply).toContainText("stopped");
    const kept = await reply.textContent();
    await page.waitForTimeout(300);
    expect(await reply.textContent()).toBe(kept);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(input).toBeEnabled();
    await expect(input).toBeFocused();
  });

  test("a reply cut off mid-stream keeps the partial text and shows the error", async ({ page }) => {
    // The stream breaks after two pieces: the route answers tokens, then the connection ends early.
    await page.route("**/api/chat", async (route) => {
      const body = '{"type":"token","text":"Partial "}\n{"type":"token","text":"reply"}\n';
      await route.fulfill({ status: 200, contentType: "application/x-ndjson; charset=utf-8", body });
    });
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill("Will this break?");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    await expect(page.getByRole("alert")).toHaveText("Failed to get a reply. Please try again.");
    await expect(conversation(page)).toContainText("Partial reply");
    await expect(page.getByText("AI is typing...")).toBeHidden();
  });

  test("a refusal before streaming gives the message back to the input with the reason", async ({ page }) => {
    await page.route("**/api/chat", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ error: "You have reached the demo limit." }) }),
    );
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill("Keep me");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    // The limit is no dead end: sign-in and the plans are offered beside it.
    await expect(page.getByRole("alert")).toHaveText("You have reached the demo limit. Sign in or see plans.");
    await expect(page.getByRole("alert").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
    await expect(page.getByRole("alert").getByRole("link", { name: "see plans" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByPlaceholder("Type your message...")).toHaveValue("Keep me");
    await expect(conversation(page)).toContainText("Start a conversation with AI");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts, renders the conversation with the reply, and a second message keeps the history", async ({ page }) => {
    await page.goto("/conversational-ai");
    await expect(conversation(page)).toContainText("Start a conversation with AI");
    await page.getByText("Content Strategist", { exact: true }).click();
    await page.getByPlaceholder("Type your message...").fill("First question");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    await expect(conversation(page)).toContainText("First question");
    await expect(conversation(page)).toContainText('This is a simulated response to: "First question"');
    await expect(conversation(page).locator("time").first()).toContainText("UTC");
    await expect(page.getByRole("radio", { name: /Content Strategist/ })).toBeChecked();
    await expect(page.getByPlaceholder("Type your message...")).toHaveValue("");

    const second = `Second question ${words(150)}`;
    await page.getByPlaceholder("Type your message...").fill(second);
    await page.getByRole("button", { name: "Send" }).click();
    // Once per tool per visit, without JavaScript too (the demo-seen cookie).
    await expect(page.getByRole("dialog", { name: "Demo Version" })).toBeHidden();
    const items = conversation(page).getByRole("listitem");
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText("First question");
    await expect(items.nth(1)).toContainText('This is a simulated response to: "First question"');
    await expect(items.nth(2)).toContainText(second);
    await expect(items.nth(3)).toContainText(`This is a simulated response to: "${second}"`);
    // The conversation is taller than its 500px area, yet the newest message is in view without
    // any script: the area starts at its bottom.
    const shownInArea = (index: number) =>
      items.nth(index).evaluate((item) => {
        const area = item.closest('[role="region"]')!.getBoundingClientRect();
        const box = item.getBoundingClientRect();
        return box.bottom > area.top && box.top < area.bottom;
      });
    expect(await shownInArea(3)).toBe(true);
    expect(await shownInArea(0)).toBe(false);

    await page.getByRole("button", { name: "Clear chat" }).click();
    await expect(conversation(page)).toContainText("Start a conversation with AI");
  });

  test("Regenerate replaces the last answer, keeps the earlier messages and what is typed", async ({ page }) => {
    await page.goto("/conversational-ai");
    const input = page.getByPlaceholder("Type your message...");
    await input.fill("First question");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    await input.fill("Second question");
    await page.getByRole("button", { name: "Send" }).click();
    const items = conversation(page).getByRole("listitem");
    await expect(items).toHaveCount(4);
    const answeredAt = await items.nth(3).locator("time").getAttribute("datetime");

    // Typed but not sent: Regenerate needs no message, and leaves this one in the box.
    await input.fill("half a thought");
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText("First question");
    await expect(items.nth(1)).toContainText('This is a simulated response to: "First question"');
    await expect(items.nth(2)).toContainText("Second question");
    await expect(items.nth(3)).toContainText('This is a simulated response to: "Second question"');
    // A new answer, not the old one shown again.
    expect(await items.nth(3).locator("time").getAttribute("datetime")).not.toBe(answeredAt);
    await expect(input).toHaveValue("half a thought");

    // Enter on a choice submits the form as Send does, not as the Regenerate button before it.
    await page.getByRole("radio", { name: /Copy Editor/ }).press("Enter");
    await expect(items).toHaveCount(6);
    await expect(items.nth(4)).toContainText("half a thought");
  });

  test("a whitespace-only message gets a clear message and keeps the conversation", async ({ page }) => {
    await page.goto("/conversational-ai");
    await page.getByPlaceholder("Type your message...").fill("Hello");
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    await page.getByPlaceholder("Type your message...").fill("   ");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Please enter a message.")).toBeVisible();
    await expect(conversation(page)).toContainText('This is a simulated response to: "Hello"');
  });
});
