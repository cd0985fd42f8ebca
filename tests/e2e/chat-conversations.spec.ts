import { buyProByCard } from "./checkout";
import { describeWithJavaScriptOnAndOff, expect, test, type Page } from "./test";
import { eachTestFromItsOwnAddress } from "./demo";
import { axeViolations } from "./axe";

// A conversation you can work with, end to end on the offline engine, with JavaScript on and off:
// Regenerate, Edit & resend, Copy (JavaScript only), the allowance line, and a subscriber's share
// link opened signed out in another browser, revoked on the dashboard and gone
// (docs/decisions/049, 050).

eachTestFromItsOwnAddress("198.51.100");

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
const items = (page: Page) => conversation(page).getByRole("listitem");
const reply = (question: string) => `This is a simulated response to: "${question}"`;

async function send(page: Page, text: string) {
  await page.getByPlaceholder("Type your message...").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  const modal = page.getByRole("dialog", { name: "Demo Version" });
  if (await modal.isVisible().catch(() => false)) await modal.getByRole("button", { name: "Got it" }).click();
}

describeWithJavaScriptOnAndOff("the chat", (javaScriptEnabled) => {
  test("Regenerate, then Edit & resend replace the last exchange; the allowance line counts down", async ({ page }) => {
    await page.goto("/conversational-ai");
    // The demo allowance this client has left today (the local server's state outlives a run).
    const allowance = page.locator("[data-chat-allowance]");
    const left = Number((await allowance.textContent())?.match(/^Demo: (\d+) messages? left today \(of 300\)\.$/)?.[1]);
    expect(left).toBeGreaterThan(10);
    const leftNow = (spent: number) => `Demo: ${left - spent} messages left today (of 300).`;
    await send(page, "First question");
    await expect(items(page).nth(1)).toContainText(reply("First question"));
    await send(page, "Secnod question");
    await expect(items(page)).toHaveCount(4);
    await expect(items(page).nth(3)).toContainText(reply("Secnod question"));
    await expect(allowance).toHaveText(leftNow(2));

    const answeredAt = await items(page).nth(3).locator("time").getAttribute("datetime");
    await page.getByRole("button", { name: "Regenerate" }).click();
    await expect(items(page).nth(3).locator("time")).not.toHaveAttribute("datetime", answeredAt!);
    await expect(items(page)).toHaveCount(4);
    await expect(items(page).nth(3)).toContainText(reply("Secnod question"));
    await expect(allowance).toHaveText(leftNow(3));

    // Only the last question has Edit; what is typed in the message box stays.
    await page.getByPlaceholder("Type your message...").fill("not sent yet");
    const edit = javaScriptEnabled
      ? page.getByRole("button", { name: "Edit your last message" })
      : conversation(page).getByText("Edit", { exact: true });
    await expect(edit).toHaveCount(1);
    await edit.click();
    const field = page.getByLabel("Edit your message");
    await expect(field).toHaveValue("Secnod question");
    if (javaScriptEnabled) {
      await expect(field).toBeFocused();
      // Escape cancels and gives the focus back to Edit.
      await field.press("Escape");
      await expect(field).toBeHidden();
      await expect(edit).toBeFocused();
      await edit.click();
    }
    // A blank edit is refused beside the field, the conversation untouched.
    await field.fill("  ");
    await page.getByRole("button", { name: "Save & resend" }).click();
    await expect(page.getByText("Please enter a message.")).toBeVisible();
    await expect(items(page)).toHaveCount(4);
    await page.getByLabel("Edit your message").fill("Second question");
    await page.getByRole("button", { name: "Save & resend" }).click();
    await expect(items(page).nth(3)).toContainText(reply("Second question"));
    await expect(items(page)).toHaveCount(4);
    await expect(items(page).nth(2)).toContainText("Second question");
    await expect(conversation(page)).not.toContainText("Secnod");
    await expect(items(page).nth(0)).toContainText("First question");
    await expect(page.getByPlaceholder("Type your message...")).toHaveValue("not sent yet");
    await expect(allowance).toHaveText(leftNow(4));
    // A visitor is offered neither Share nor Temporary chat.
    await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
    await expect(page.getByLabel(/Temporary chat/)).toHaveCount(0);
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
  });

  test("a subscriber shares a conversation; it opens signed out, read-only, until revoked on the dashboard", async ({ page, browser }) => {
    test.slow();
    await buyProByCard(page);
    await page.goto("/conversational-ai");
    await expect(page.locator("[data-chat-allowance]")).toHaveText("Pro plan: unlimited chat messages.");
    await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
    await send(page, "Plan a **launch** <b>week</b>");
    await expect(items(page).nth(1)).toContainText("Offline demo engine");
    await page.getByPlaceholder("Type your message...").fill("keep me");
    await page.getByRole("button", { name: "Share" }).click();
    const link = page.getByRole("link", { name: /\/shared\/chat\// });
    await expect(link).toBeVisible();
    const url = (await link.textContent())!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/shared\/chat\/[A-Za-z0-9_-]{43}$/);
    await expect(items(page)).toHaveCount(2);
    await expect(page.getByPlaceholder("Type your message...")).toHaveValue("keep me");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

    const stranger = await browser.newContext({ javaScriptEnabled });
    const visitor = await stranger.newPage();
    const opened = await visitor.goto(url);
    expect(opened!.status()).toBe(200);
    expect(opened!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(visitor.getByText("Shared conversation, read-only.")).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Plan a **launch** <b>week</b>");
    await expect(visitor.getByRole("region", { name: "Conversation" }).locator("em")).toHaveText(
      "Offline demo engine: no language model was called.",
    );
    // The reply the page carried back is signed by the server, so it is the site's (decision 057).
    await expect(visitor.getByText("Supplied by the person who shared this", { exact: false })).toHaveCount(0);
    await expect(visitor.getByPlaceholder("Type your message...")).toHaveCount(0);
    await expect(visitor.getByRole("link", { name: "Start your own conversation" })).toHaveAttribute("href", "/conversational-ai");
    if (javaScriptEnabled) expect(await axeViolations(visitor)).toEqual([]);

    // A temporary chat says so while it is on, and what is said in it never reaches the history.
    await page.getByLabel(/Temporary chat/).check();
    await expect(page.getByText("on: not saved to your history")).toBeVisible();
    await send(page, "A zeppelin secret");
    await expect(items(page)).toHaveCount(4);
    await expect(items(page).nth(3)).toContainText(reply("A zeppelin secret"));
    await page.goto("/history?q=zeppelin");
    await expect(page.getByText("Nothing in your history matches this search.")).toBeVisible();
    await page.goto("/history?q=launch");
    await expect(page.getByRole("main")).toContainText("Plan a **launch**");

    await page.goto("/dashboard");
    const shared = page.getByRole("region", { name: "Shared conversations" });
    await expect(shared).toContainText("Plan a **launch** <b>week</b>");
    if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);
    await shared.getByRole("button", { name: /^Revoke the link to/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?revoked=1#shared-conversations$/);
    await expect(page.getByText("The link was revoked: it no longer opens the conversation.")).toBeVisible();
    await expect(page.getByText("You have no shared links.")).toBeVisible();

    const gone = await visitor.goto(url);
    expect(gone!.status()).toBe(404);
    await expect(visitor.getByText("This shared conversation was revoked or never existed.")).toBeVisible();
    await stranger.close();
  });
});

test("with JavaScript, Copy puts a message and a code block on the clipboard and says so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/conversational-ai");
  await send(page, "Show me:\n```js\nconst a = 1 < 2;\n```");
  await expect(items(page).nth(1)).toContainText("Offline demo engine");
  await items(page).nth(0).getByRole("button", { name: "Copy your message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied to the clipboard" })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("Show me:\n```js\nconst a = 1 < 2;\n```");
  await items(page).nth(1).getByRole("button", { name: "Copy the reply" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('This is a simulated response to: "Show me:');
  // The offline reply quotes the question, fence and all: its code block gets a button of its own.
  const copyCode = items(page).nth(1).getByRole("button", { name: "Copy code (js)" });
  await copyCode.click();
  await expect(copyCode).toHaveText("Copied");
  await expect(page.getByRole("status").filter({ hasText: /^Copied$/ })).toHaveCount(1);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^const a = 1 < 2;\n/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("there are no copy buttons that could not work", async ({ page }) => {
    await page.goto("/conversational-ai");
    await send(page, "Hello");
    await expect(items(page)).toHaveCount(2);
    await expect(page.getByRole("button", { name: /Copy/ })).toHaveCount(0);
  });
});
