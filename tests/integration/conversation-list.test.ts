import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { carriedHistory, chatFields } from "./chat-helpers";
import { withFakeStripe } from "./each-test";
import { freshClient, get, postForm, subscribe, visibleText } from "./helpers";

// The chat page's conversation list (issue 45 item 2, docs/decisions/067) inside workerd: a
// subscriber's kept conversations beside the chat, pinned first then newest first, searched by a GET
// form, renamed, pinned and deleted by plain POST forms (303 back), opened to be continued; a
// visitor's page has no list. Conversations are made through the page's own form (offline engine).

beforeAll(async () => {
  await (await get("/conversational-ai")).text();
}, 120_000);
withFakeStripe();

type Row = { id: string; title: string; updated_at: number; pinned_at: number | null };

async function conversationRows(email: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, title, updated_at, pinned_at FROM history_items WHERE email = ? AND tool = 'chat' ORDER BY seq",
  )
    .bind(email)
    .all<Row>();
  return results;
}

/** Starts a conversation on the page without JavaScript; its history row. */
async function startConversation(cookie: string, email: string, message: string): Promise<Row> {
  const before = (await conversationRows(email)).length;
  const response = await postForm("/conversational-ai", chatFields(message), { cookie });
  expect(response.status).toBe(200);
  await response.text();
  const rows = await conversationRows(email);
  expect(rows).toHaveLength(before + 1);
  return rows.at(-1)!;
}

/** The conversations the page lists, in order: each link's visible title. */
function listedTitles(html: string): string[] {
  const list = /<nav aria-labelledby="conversations-heading"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
  return [...list.matchAll(/<a [^>]*href="\/conversational-ai\?c=[0-9a-f]{32}"[^>]*>([\s\S]*?)<\/a>/g)].map((match) =>
    visibleText(match[1]!).trim(),
  );
}

async function chatPage(cookie: string, query = "") {
  const response = await get(`/conversational-ai${query}`, { headers: { cookie } });
  return { response, html: await response.text() };
}

/** Makes the rows' order of change explicit (the posts may fall in the same second). */
async function setUpdatedAt(id: string, updatedAt: number) {
  await env.DB.prepare("UPDATE history_items SET updated_at = ? WHERE id = ?").bind(updatedAt, id).run();
}

describe("the conversation list", () => {
  it("lists a subscriber's conversations newest first, titled by the first words of their first message", async () => {
    const { cookie, email } = await subscribe("pro");
    const otters = await startConversation(cookie, email, "Tell me about otters and how they keep warm in cold rivers all winter");
    const kites = await startConversation(cookie, email, "How do kites fly?");
    await setUpdatedAt(otters.id, 1_000);
    await setUpdatedAt(kites.id, 2_000);

    const { response, html } = await chatPage(cookie);
    expect(response.status).toBe(200);
    expect(listedTitles(html)).toEqual(["How do kites fly?", "Tell me about otters and how they keep…"]);
    expect(html).toContain("Your conversations (2)");
    // A search form (GET) and each conversation's forms, posting without JavaScript.
    expect(html).toMatch(/<form role="search"[^>]*action="\/conversational-ai" method="get"/);
    expect(html).toContain(`action="/conversations/${kites.id}"`);
  });

  it("opens a conversation to continue it: the page carries it, and the next message updates the same item", async () => {
    const { cookie, email } = await subscribe("pro");
    const row = await startConversation(cookie, email, "Tell me about otters");
    await startConversation(cookie, email, "Something else entirely");

    const { html } = await chatPage(cookie, `?c=${row.id}`);
    const openedLink = new RegExp(`<a [^>]*href="/conversational-ai\\?c=${row.id}"[^>]*>`).exec(html)?.[0];
    expect(openedLink).toContain('aria-current="page"');
    const carried = carriedHistory(html);
    expect(carried.map((message) => message.content)[0]).toBe("Tell me about otters");
    expect(carried).toHaveLength(2);

    const next = await postForm(
      "/conversational-ai",
      chatFields("And beavers?", { history: carried.map(({ role, content }) => ({ id: "1", role, content })) }),
      { cookie },
    );
    expect(next.status).toBe(200);
    await next.text();
    const rows = await conversationRows(email);
    expect(rows).toHaveLength(2);
    const kept = await env.DB.prepare("SELECT output FROM history_items WHERE id = ?").bind(row.id).first<{ output: string }>();
    expect((JSON.parse(kept!.output).conversation as { content: string }[]).map((message) => message.content)).toContain("And beavers?");
  });

  it("searches by words of the conversation, and says when nothing matches", async () => {
    const { cookie, email } = await subscribe("pro");
    await startConversation(cookie, email, "Tell me about otters");
    await startConversation(cookie, email, "How do kites fly?");
    expect(listedTitles((await chatPage(cookie, "?q=kites")).html)).toEqual(["How do kites fly?"]);
    expect(listedTitles((await chatPage(cookie, "?q=ott")).html)).toEqual(["Tell me about otters"]);
    const none = await chatPage(cookie, "?q=zeppelin");
    expect(listedTitles(none.html)).toEqual([]);
    expect(visibleText(none.html)).toContain("No conversation matches this search.");
    expect(none.html).toMatch(/name="q" value="zeppelin"/);
    expect((await chatPage(cookie, `?q=${"a".repeat(201)}`)).response.status).toBe(400);
  });

  it("renames (and the new title is what search finds), refusing an empty title with 400 and the field kept", async () => {
    const { cookie, email } = await subscribe("pro");
    const row = await startConversation(cookie, email, "Tell me about otters");
    const renamed = await postForm(
      `/conversations/${row.id}`,
      { intent: "rename", title: "  River mammals  ", return: "/conversational-ai" },
      { cookie },
    );
    expect(renamed.status).toBe(303);
    expect(renamed.headers.get("location")).toBe("/conversational-ai");
    expect(listedTitles((await chatPage(cookie)).html)).toEqual(["River mammals"]);
    expect(listedTitles((await chatPage(cookie, "?q=mammals")).html)).toEqual(["River mammals"]);

    const refused = await postForm(
      `/conversations/${row.id}`,
      { intent: "rename", title: "   ", return: "/conversational-ai" },
      { cookie },
    );
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(visibleText(page)).toContain("Type a title for the conversation.");
    expect(page).toMatch(/<input[^>]*aria-invalid="true"[^>]*name="title"/);
    const tooLong = "x".repeat(81);
    const long = await postForm(`/conversations/${row.id}`, { intent: "rename", title: tooLong }, { cookie });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(`value="${tooLong}"`);
    expect((await conversationRows(email))[0]!.title).toBe("River mammals");
  });

  it("pins a conversation above newer ones, and unpins it", async () => {
    const { cookie, email } = await subscribe("pro");
    const old = await startConversation(cookie, email, "An old question");
    const recent = await startConversation(cookie, email, "A recent question");
    await setUpdatedAt(old.id, 1_000);
    await setUpdatedAt(recent.id, 2_000);
    const back = `/conversational-ai?c=${recent.id}`;
    const pinned = await postForm(`/conversations/${old.id}`, { intent: "pin", return: back }, { cookie });
    expect(pinned.status).toBe(303);
    expect(pinned.headers.get("location")).toBe(back);
    const html = (await chatPage(cookie)).html;
    expect(listedTitles(html)).toEqual(["Pinned · An old question", "A recent question"]);
    expect(visibleText(html)).toContain("Unpin An old question");

    await postForm(`/conversations/${old.id}`, { intent: "unpin" }, { cookie });
    expect(listedTitles((await chatPage(cookie)).html)).toEqual(["A recent question", "An old question"]);
    // Only the chat page is a way back: any other address goes to it.
    const elsewhere = await postForm(`/conversations/${old.id}`, { intent: "pin", return: "https://evil.example/" }, { cookie });
    expect(elsewhere.headers.get("location")).toBe("/conversational-ai");
  });

  it("deletes a conversation's history row and its search row, and nothing of another account's", async () => {
    const owner = await subscribe("pro");
    const stranger = await subscribe("pro");
    const mine = await startConversation(owner.cookie, owner.email, "Tell me about otters");
    const theirs = await startConversation(stranger.cookie, stranger.email, "Tell me about otters");

    // Another account's id is unknown: 404, and their row stays.
    const foreign = await postForm(`/conversations/${theirs.id}`, { intent: "delete" }, { cookie: owner.cookie });
    expect(foreign.status).toBe(404);
    expect((await chatPage(owner.cookie, `?c=${theirs.id}`)).response.status).toBe(404);

    const seqOf = async (id: string) =>
      (await env.DB.prepare("SELECT seq FROM history_items WHERE id = ?").bind(id).first<{ seq: number }>())!.seq;
    const [mySeq, theirSeq] = [await seqOf(mine.id), await seqOf(theirs.id)];
    const searchRows = async (seq: number) =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM history_search WHERE rowid = ?").bind(seq).first<{ n: number }>())!.n;
    expect(await searchRows(mySeq)).toBe(1);
    const deleted = await postForm(
      `/conversations/${mine.id}`,
      { intent: "delete", return: `/conversational-ai?c=${mine.id}` },
      { cookie: owner.cookie },
    );
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/conversational-ai");
    expect(await conversationRows(owner.email)).toEqual([]);
    expect(await searchRows(mySeq)).toBe(0);
    expect(await searchRows(theirSeq)).toBe(1);
    expect(await conversationRows(stranger.email)).toHaveLength(1);
    expect(listedTitles((await chatPage(stranger.cookie)).html)).toEqual(["Tell me about otters"]);
    expect((await chatPage(owner.cookie, `?c=${mine.id}`)).response.status).toBe(404);
  });

  it("refuses an unknown action with 400", async () => {
    const { cookie, email } = await subscribe("pro");
    const row = await startConversation(cookie, email, "Tell me about otters");
    const unknown = await postForm(`/conversations/${row.id}`, { intent: "archive" }, { cookie });
    expect(unknown.status).toBe(400);
    expect(visibleText(await unknown.text())).toContain("Choose rename, pin, unpin or delete.");
    expect(await conversationRows(email)).toHaveLength(1);
  });

  it("gives a visitor today's single conversation: no list, and no way to touch a subscriber's", async () => {
    const { cookie, email } = await subscribe("pro");
    const row = await startConversation(cookie, email, "Tell me about otters");
    const { html } = await chatPage("", "");
    expect(html).toContain('id="chat-form"');
    expect(html).not.toContain("conversations-heading");
    expect(html).not.toContain("Your conversations");
    const refused = await postForm(`/conversations/${row.id}`, { intent: "delete" }, freshClient());
    expect(refused.status).toBe(401);
    expect(visibleText(await refused.text())).toContain("Sign in to manage your conversations.");
    expect(await conversationRows(email)).toHaveLength(1);
  });
});
