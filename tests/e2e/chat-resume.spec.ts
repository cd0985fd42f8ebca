import { expect, test, type Page } from "./test";
import { closeDemoModal, eachTestFromItsOwnAddress } from "./demo";
import { cutChatStreamAfterFirstPiece } from "./cut-stream";

// Replies that outlive their connection (docs/decisions/072), on the offline engine, whose reply to
// a message is known in advance: the conversation's Durable Object writes it; the page follows it
// again after a cut, a reload or a second tab shows it, and without JavaScript a page left before
// its answer finds the reply at the conversation's address.

eachTestFromItsOwnAddress("198.51.103");

const conversation = (page: Page) => page.getByRole("region", { name: "Conversation" });
const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(" ");

/** The offline engine's reply to `message`, as the page shows it (its notice in italics, as text). */
const offlineReply = (message: string) => `This is a simulated response to: "${message}"`;
const NOTICE = "Offline demo engine: no language model was called.";

/** Occurrences of `part` in the reply's text: once means nothing was shown twice. */
const count = (text: string, part: string) => text.split(part).length - 1;

test.describe("with JavaScript", () => {
  test("a stream cut after its first pieces is followed again from where it was: the reply ends whole, once, without an error", async ({
    page,
  }) => {
    // The connection of the POST breaks after its first piece of text, as a lost signal does; the
    // server's reply goes on, and the page must ask for the rest itself.
    await cutChatStreamAfterFirstPiece(page);
    await page.goto("/conversational-ai");
    const message = `Keep going ${words(160)}`;
    await page.getByPlaceholder("Type your message...").fill(message);
    const followed = page.waitForRequest((request) => request.method() === "GET" && /\/api\/chat\?conversation=/.test(request.url()));
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    expect(new URL((await followed).url()).searchParams.get("after")).toMatch(/^[1-9]\d*$/);
    const reply = conversation(page).getByRole("listitem").nth(1);
    await expect(reply).toContainText(NOTICE);
    const text = (await reply.textContent()) ?? "";
    expect(count(text, offlineReply(message))).toBe(1);
    expect(count(text, NOTICE)).toBe(1);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByText("AI is typing...")).toBeHidden();
  });

  test("the address names the conversation: a reload and a second tab show the reply its object wrote", async ({ page, context }) => {
    await page.goto("/conversational-ai");
    const message = `Remember me ${words(40)}`;
    await page.getByPlaceholder("Type your message...").fill(message);
    await page.getByRole("button", { name: "Send" }).click();
    await closeDemoModal(page);
    await expect(page).toHaveURL(/\?conversation=[\w-]{16,}/);
    await expect(conversation(page).getByRole("listitem").nth(1)).toContainText(NOTICE);

    await page.reload();
    const items = conversation(page).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(message);
    await expect(items.nth(1)).toContainText(offlineReply(message));

    const second = await context.newPage();
    await second.goto(page.url());
    await expect(conversation(second).getByRole("listitem").nth(1)).toContainText(offlineReply(message));
    // The reopened conversation goes on: the next message carries it.
    await second.getByPlaceholder("Type your message...").fill("And then?");
    await second.getByRole("button", { name: "Send" }).click();
    await expect(conversation(second).getByRole("listitem")).toHaveCount(4);
    await expect(conversation(second).getByRole("listitem").nth(3)).toContainText(offlineReply("And then?"));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a page left before its answer: the conversation's address shows the reply as far as it goes, then whole", async ({ page }) => {
    await page.goto("/conversational-ai");
    const id = await page.locator('input[name="conversation"]').getAttribute("value");
    expect(id).toMatch(/^[\w-]{16,64}$/);
    const message = `Write while I am away ${words(160)}`;
    await page.getByPlaceholder("Type your message...").fill(message);
    const sent = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/conversational-ai"));
    await page.getByRole("button", { name: "Send" }).click({ noWaitAfter: true });
    await sent;
    // The tab goes elsewhere before the answer came: the request's connection is dropped.
    await page.goto("/pricing");

    // The conversation's address shows the reply as far as it goes (refreshed, as its link says) until it is complete.
    await expect
      .poll(
        async () => {
          await page.goto(`/conversational-ai?conversation=${id}`);
          return (
            (await conversation(page)
              .getByRole("listitem")
              .nth(1)
              .textContent({ timeout: 1000 })
              .catch(() => "")) ?? ""
          );
        },
        { timeout: 15_000 },
      )
      .toContain(NOTICE);
    await expect(conversation(page).getByRole("listitem")).toHaveCount(2);
    expect(count((await conversation(page).getByRole("listitem").nth(1).textContent()) ?? "", offlineReply(message))).toBe(1);
    await expect(page.getByText("The reply is still being written.")).toHaveCount(0);
    // The form carries the conversation on: the next message continues it.
    const carried = JSON.parse((await page.locator('input[name="history"]').getAttribute("value")) ?? "[]") as { content: string }[];
    expect(carried.map((entry) => entry.content.slice(0, 30))).toEqual([message.slice(0, 30), offlineReply(message).slice(0, 30)]);
  });
});
