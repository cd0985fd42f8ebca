import AxeBuilder from "@axe-core/playwright";
import { buyProByCard } from "./checkout";
import { waitForHydration } from "./hydration";
import { expect, test, type Browser, type Page } from "./test";

// Chat projects (issue 45 item 3, docs/decisions/071), end to end on the offline engine with
// JavaScript on and off: a subscriber makes a project whose instructions ask every reply to start
// with a word, starts two chats in it, and both replies follow them (the offline engine honours
// "Start every reply with <word>"); the project lists its two chats.

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
const messages = (page: Page) => conversation(page).getByRole("listitem");
const projectPanel = (page: Page) => page.getByRole("region", { name: /^Project · / });

const axe = async (page: Page) =>
  (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitForHydration(page);
}

/** Sends a message and waits for the whole reply: a stream left before its end is not kept. */
async function send(page: Page, text: string) {
  await page.getByPlaceholder("Type your message...").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("button", { name: "Regenerate" })).toBeVisible();
}

async function subscriberPage(page: Page, browser: Browser, javaScriptEnabled: boolean) {
  await buyProByCard(page);
  const context = await browser.newContext({ javaScriptEnabled, storageState: await page.context().storageState() });
  return context.newPage();
}

for (const javaScriptEnabled of [true, false]) {
  test(`a project's two chats both follow its instructions, JavaScript ${javaScriptEnabled ? "on" : "off"}`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const chat = await subscriberPage(page, browser, javaScriptEnabled);
    await visit(chat, "/conversational-ai", javaScriptEnabled);

    await chat.getByText("New project", { exact: true }).click();
    await chat.getByLabel("Project name").fill("Harbour log");
    await chat.getByLabel("Instructions").fill("Start every reply with Ahoy.");
    await chat.getByRole("button", { name: "Create project" }).click();
    await expect(chat).toHaveURL(/\/conversational-ai\?p=[0-9a-f]{32}$/);
    const projectUrl = chat.url();
    await expect(projectPanel(chat)).toBeVisible();
    await expect(chat.getByRole("link", { name: "Harbour log" })).toHaveAttribute("aria-current", "page");
    if (javaScriptEnabled) {
      await waitForHydration(chat);
      expect(await axe(chat)).toEqual([]);
    }

    await send(chat, "Where is the lighthouse?");
    await expect(messages(chat).nth(1)).toContainText('Ahoy This is a simulated response to: "Where is the lighthouse?"');
    await expect(messages(chat).nth(1)).toContainText("In the project Harbour log");

    // A second chat in the same project.
    await chat.getByRole("link", { name: "New chat in this project" }).click();
    await expect(chat).toHaveURL(projectUrl);
    await expect(messages(chat)).toHaveCount(0);
    if (javaScriptEnabled) await waitForHydration(chat);
    await send(chat, "Who keeps the light?");
    await expect(messages(chat).nth(1)).toContainText('Ahoy This is a simulated response to: "Who keeps the light?"');

    // The project lists both (a streamed reply is kept just after its last piece reached the page).
    const chats = chat.getByRole("navigation", { name: "Chats in this project" });
    await expect(async () => {
      await visit(chat, projectUrl, javaScriptEnabled);
      await expect(chats.getByRole("link", { name: "Who keeps the light?" })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(chats.getByRole("link", { name: "Where is the lighthouse?" })).toBeVisible();
    if (javaScriptEnabled) expect(await axe(chat)).toEqual([]);

    // Outside the project, its chats are not in the list.
    await visit(chat, "/conversational-ai", javaScriptEnabled);
    await expect(chat.getByRole("link", { name: "Who keeps the light?" })).toHaveCount(0);
    await chat.context().close();
  });
}
