import AxeBuilder from "@axe-core/playwright";
import { buyProByCard } from "./checkout";
import { waitForHydration } from "./hydration";
import { expect, test, type Browser, type Page } from "./test";

// The chat page's conversation list (issue 45 item 2, docs/decisions/067), end to end on the offline
// engine with JavaScript on and off: a subscriber's conversations beside the chat, opened from the
// list and continued, renamed, pinned and deleted; on a phone the list is a drawer.

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
const messages = (page: Page) => conversation(page).getByRole("listitem");
const list = (page: Page) => page.getByRole("navigation", { name: "Conversations" });
const listed = (page: Page) => list(page).getByRole("listitem");
const reply = (question: string) => `This is a simulated response to: "${question}"`;

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

/** Opens the path and, with JavaScript on, waits until React runs it (a new context lacks the suite's page fixture). */
async function visit(page: Page, path: string, javaScriptEnabled = true) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

async function send(page: Page, text: string) {
  await page.getByPlaceholder("Type your message...").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}

/** A Pro subscriber (bought with JavaScript on), then their signed-in page with JavaScript as asked. */
async function subscriberPage(page: Page, browser: Browser, javaScriptEnabled: boolean, viewport?: { width: number; height: number }) {
  await buyProByCard(page);
  const context = await browser.newContext({
    javaScriptEnabled,
    storageState: await page.context().storageState(),
    ...(viewport ? { viewport, isMobile: true, hasTouch: true } : {}),
  });
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the conversation list with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test("a subscriber opens a conversation from the list and continues it; renames, pins and deletes", async ({ page, browser }) => {
      test.setTimeout(90_000);
      const chat = await subscriberPage(page, browser, javaScriptEnabled);
      await visit(chat, "/conversational-ai", javaScriptEnabled);
      await expect(list(chat).getByText("Your conversations will be listed here.")).toBeVisible();

      await send(chat, "Tell me about otters and the rivers they live in");
      await expect(messages(chat).nth(1)).toContainText(reply("Tell me about otters and the rivers they live in"));
      // Listed without a reload: the post's page (no JavaScript), or the list read again once the streamed reply is kept.
      await expect(listed(chat)).toHaveCount(1);
      await expect(listed(chat).first().getByRole("link")).toHaveText("Tell me about otters and the rivers they…");
      await expect(messages(chat)).toHaveCount(2);
      await list(chat).getByRole("link", { name: "New conversation" }).click();
      await expect(messages(chat)).toHaveCount(0);
      if (javaScriptEnabled) await waitForHydration(chat);
      await send(chat, "How do kites fly?");
      await expect(messages(chat).nth(1)).toContainText(reply("How do kites fly?"));

      // Newest first, each titled by the first eight words of its first message. A streamed reply is
      // kept once it is complete, just after its last piece reached the page.
      await expect(async () => {
        await visit(chat, "/conversational-ai", javaScriptEnabled);
        await expect(listed(chat)).toHaveCount(2, { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await expect(listed(chat).nth(0).getByRole("link")).toHaveText("How do kites fly?");
      await expect(listed(chat).nth(1).getByRole("link")).toHaveText("Tell me about otters and the rivers they…");
      if (javaScriptEnabled) expect(await axe(chat)).toEqual([]);

      // Opened from the list, the conversation is on the page and goes on.
      await listed(chat).nth(1).getByRole("link").click();
      await expect(chat).toHaveURL(/\/conversational-ai\?c=[0-9a-f]{32}$/);
      await expect(listed(chat).nth(1).getByRole("link")).toHaveAttribute("aria-current", "page");
      await expect(messages(chat)).toHaveCount(2);
      await expect(messages(chat).nth(0)).toContainText("Tell me about otters and the rivers they live in");
      if (javaScriptEnabled) await waitForHydration(chat);
      // Times are kept in whole seconds: let the continued conversation's change come a second after the other's.
      await chat.waitForTimeout(1100);
      await send(chat, "And beavers?");
      await expect(messages(chat)).toHaveCount(4);
      await expect(messages(chat).nth(3)).toContainText(reply("And beavers?"));
      await expect(async () => {
        await visit(chat, "/conversational-ai", javaScriptEnabled);
        await expect(listed(chat).nth(0).getByRole("link")).toHaveText("Tell me about otters and the rivers they…", { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await expect(listed(chat)).toHaveCount(2);
      await listed(chat).nth(0).getByRole("link").click();
      await expect(messages(chat)).toHaveCount(4);

      // Search is a GET form.
      await list(chat).getByLabel("Search conversations").fill("kites");
      await list(chat).getByRole("button", { name: "Search" }).click();
      await expect(chat).toHaveURL(/q=kites/);
      await expect(listed(chat)).toHaveCount(1);
      await expect(listed(chat).first().getByRole("link")).toHaveText("How do kites fly?");

      // Rename, pin, delete: plain POST forms, back to the page.
      await visit(chat, "/conversational-ai", javaScriptEnabled);
      const kites = listed(chat).nth(1);
      await kites.getByText("Rename").click();
      await kites.getByLabel("New title").fill("Kite physics");
      await kites.getByRole("button", { name: "Save title" }).click();
      await expect(listed(chat).nth(1).getByRole("link")).toHaveText("Kite physics");
      await listed(chat).nth(1).getByRole("button", { name: "Pin Kite physics" }).click();
      await expect(listed(chat).nth(0).getByRole("link")).toHaveText("Pinned · Kite physics");
      await listed(chat)
        .nth(1)
        .getByRole("button", { name: /^Delete Tell me about otters/ })
        .click();
      await expect(listed(chat)).toHaveCount(1);
      await expect(listed(chat).nth(0).getByRole("link")).toHaveText("Pinned · Kite physics");
      if (javaScriptEnabled) expect(await axe(chat)).toEqual([]);
      await chat.context().close();
    });
  });
}

test("on a phone the list is a drawer that opens, and a conversation opens from it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const phone = await subscriberPage(page, browser, true, { width: 412, height: 915 });
  await visit(phone, "/conversational-ai");
  await send(phone, "Tell me about otters");
  await expect(messages(phone).nth(1)).toContainText(reply("Tell me about otters"));
  const drawer = list(phone).getByText("Your conversations (1)");
  await expect(async () => {
    await visit(phone, "/conversational-ai");
    await expect(drawer).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(list(phone).getByRole("link", { name: "Tell me about otters" })).toBeHidden();
  await drawer.click();
  await expect(list(phone).getByRole("link", { name: "Tell me about otters" })).toBeVisible();
  expect(await axe(phone)).toEqual([]);
  await list(phone).getByRole("link", { name: "Tell me about otters" }).click();
  await expect(messages(phone)).toHaveCount(2);
  await phone.context().close();
});

test("on a wide screen the list is a sidebar, always open; a visitor has none", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const wide = await subscriberPage(page, browser, true);
  await visit(wide, "/conversational-ai");
  await expect(list(wide).getByText("Your conversations (0)")).toBeHidden();
  await expect(list(wide).getByRole("link", { name: "New conversation" })).toBeVisible();
  // The sidebar's content is shown by CSS while its <details> stays closed: it must still take the focus.
  await wide.keyboard.press("Tab");
  await list(wide).getByRole("link", { name: "New conversation" }).focus();
  await expect(list(wide).getByRole("link", { name: "New conversation" })).toBeFocused();
  await wide.keyboard.press("Tab");
  await expect(list(wide).getByLabel("Search conversations")).toBeFocused();
  await wide.context().close();

  const visitor = await browser.newPage();
  await visit(visitor, "/conversational-ai");
  await expect(visitor.getByRole("region", { name: "Conversation" })).toBeVisible();
  await expect(list(visitor)).toHaveCount(0);
  await visitor.close();
});
