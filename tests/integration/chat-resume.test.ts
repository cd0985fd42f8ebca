import { evictDurableObject, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFakeStripe } from "./each-test";
import { fakeOpenAi, freshClient, get, postForm, subscribe, visibleText } from "./helpers";
import { carriedHistory, chatEvents, chatFields, chatReplyText, postChatStream, type ChatEvent } from "./chat-helpers";

// Replies that outlive their connection (docs/decisions/072): the conversation's Durable Object
// writes the reply; a page that lost the stream follows it again from the characters it has, a
// second page follows the same reply, Stop stops it for all, and without JavaScript the page shows
// the reply in progress. Each test compares what the pages got with what the provider sent.

const PIECES = ["One ", "two ", "three ", "four ", "five ", "six ", "seven ", "eight."];
const WHOLE = PIECES.join("");

const decoder = new TextDecoder();

/** A conversation id as the page makes one. */
const newId = () => crypto.randomUUID();

/** The visitor's owner cookie the first message set (it names their conversations' objects). */
const ownerCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("__Host-chat-files="))!
    .split(";")[0]!;

/** Reads the stream's lines until `enough` says stop; the reader is then cancelled, as a closed tab's is. */
async function readUntil(response: Response, enough: (events: ChatEvent[]) => boolean): Promise<ChatEvent[]> {
  const reader = response.body!.getReader();
  let text = "";
  const events = () =>
    text
      .split("\n")
      .slice(0, -1)
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as ChatEvent);
  while (!enough(events())) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return events();
}

const follow = (conversation: string, after: number, cookie: string) =>
  get(`/api/chat?conversation=${conversation}&after=${after}`, { headers: { cookie } });

async function providerStream() {
  return (await fakeOpenAi.requests()).filter((request) => request.body?.stream === true);
}

async function until(condition: () => Promise<boolean>, ms = 8000) {
  for (const started = Date.now(); Date.now() - started < ms; await new Promise((resolve) => setTimeout(resolve, 100))) {
    if (await condition()) return;
  }
  throw new Error(`not within ${ms} ms`);
}

/** A subscriber's new project, made with the panel's form; its id from the address it leads to. */
async function newProject(name: string, cookie: string) {
  const created = await postForm("/conversational-ai?project", { intent: "create", name, instructions: "" }, { cookie });
  return /\?p=([0-9a-f]{32})$/.exec(created.headers.get("location") ?? "")![1]!;
}

withFakeStripe();
beforeEach(() => fakeOpenAi.use());
afterEach(() => fakeOpenAi.offline());

describe("a chat reply outlives its connection", () => {
  it("a page cut off mid-reply follows it again from the characters it has: nothing lost, nothing twice", async () => {
    await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 150 });
    const conversation = newId();
    const response = await postChatStream({ ...chatFields("Count to eight"), conversation }, freshClient());
    expect(response.status).toBe(200);
    const cookie = ownerCookie(response);
    const before = await readUntil(response, (events) => chatReplyText(events).length >= 8);
    const had = chatReplyText(before);
    expect(had.length).toBeGreaterThan(0);
    expect(WHOLE.startsWith(had)).toBe(true);

    // The provider goes on writing although the page left.
    const resumed = await follow(conversation, had.length, cookie);
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get("content-type")).toContain("application/x-ndjson");
    const after = await chatEvents(resumed);
    expect(had + chatReplyText(after)).toBe(WHOLE);
    expect(after.at(-1)?.type).toBe("done");
    const [upstream] = await providerStream();
    expect(upstream?.finishedAt).toBeTypeOf("number");
  });

  it("a second page follows the same reply as it is written, and a page that comes back after the end gets the rest and the end", async () => {
    await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 100 });
    const conversation = newId();
    const first = await postChatStream({ ...chatFields("Count to eight"), conversation }, freshClient());
    const cookie = ownerCookie(first);
    const second = await follow(conversation, 0, cookie);
    const [a, b] = await Promise.all([chatEvents(first), chatEvents(second)]);
    expect(chatReplyText(a)).toBe(WHOLE);
    expect(chatReplyText(b)).toBe(WHOLE);
    // The same reply, rendered and signed once (the page that asked also gets its allowance line).
    const { allowance: _allowance, ...end } = a.at(-1) as ChatEvent & { allowance?: unknown };
    expect(end).toMatchObject({ type: "done", html: "<p>One two three four five six seven eight.</p>" });
    expect(b.at(-1)).toEqual(end);

    const late = await chatEvents(await follow(conversation, 4, cookie));
    expect(late.filter((event) => event.type === "token")).toEqual([{ type: "token", text: WHOLE.slice(4) }]);
    expect(late.at(-1)?.type).toBe("done");
  });

  it("Stop stops the provider for every page following the reply; the reply stays as far as it came", async () => {
    await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 250 });
    const conversation = newId();
    const response = await postChatStream({ ...chatFields("Count slowly"), conversation }, freshClient());
    const cookie = ownerCookie(response);
    const other = follow(conversation, 0, cookie);
    await readUntil(response, (events) => chatReplyText(events).length > 0);
    const stop = await postForm(`/api/chat?stop=${conversation}`, {}, { cookie });
    expect(stop.status).toBe(204);
    const seen = await chatEvents(await other);
    expect(seen.at(-1)).toEqual({ type: "stopped" });
    expect(WHOLE.startsWith(chatReplyText(seen))).toBe(true);
    expect(chatReplyText(seen).length).toBeLessThan(WHOLE.length);
    // Long enough for the provider to have finished, had it been allowed to.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const [upstream] = await providerStream();
    expect(upstream?.finishedAt).toBeUndefined();

    // Without JavaScript, Stop is a form: back to the conversation, which shows the reply as it stopped.
    const page = await postForm(`/api/chat?stop=${conversation}`, {}, { cookie, accept: "text/html" });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`/conversational-ai?conversation=${conversation}`);
  });

  it("holds one running reply per conversation: a second message meanwhile is refused with what to do, and not charged", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "2";
    try {
      await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 150 });
      const conversation = newId();
      const client = freshClient();
      const first = await postChatStream({ ...chatFields("Count to eight"), conversation }, client);
      const cookie = ownerCookie(first);
      const second = await postChatStream({ ...chatFields("And again"), conversation }, { ...client, cookie });
      expect(second.status).toBe(400);
      expect(await second.json()).toMatchObject({
        error: "A reply is still being written in this conversation: wait for it to finish, or stop it.",
      });
      expect(chatReplyText(await chatEvents(first))).toBe(WHOLE);
      // The refused message gave its demo action back: a second one this minute is still allowed.
      await fakeOpenAi.next({ chunks: ["Fine."] });
      const third = await postChatStream({ ...chatFields("Now?"), conversation }, { ...client, cookie });
      expect(third.status).toBe(200);
      expect(chatReplyText(await chatEvents(third))).toBe("Fine.");
    } finally {
      env.DEMO_LIMIT_PER_MINUTE = "10";
    }
  });

  it("another browser naming the same conversation finds nothing, and bad parameters are 400s", async () => {
    await fakeOpenAi.next({ chunks: ["Mine."] });
    const conversation = newId();
    const response = await postChatStream({ ...chatFields("Hello"), conversation }, freshClient());
    await chatEvents(response);
    const stranger = await follow(conversation, 0, "__Host-chat-files=someone-else-entirely-000000000000");
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { error: string }).error).toMatch(/no reply being written/);
    expect((await follow("short", 0, ownerCookie(response))).status).toBe(400);
    expect((await follow(conversation, -1 as number, ownerCookie(response))).status).toBe(400);
    expect((await postForm("/api/chat?stop=../x", {}, freshClient())).status).toBe(400);
    expect((await postChatStream({ ...chatFields("Hi"), conversation: "not an id!" }, freshClient())).status).toBe(400);
  });

  it("a subscriber's reply is finished and kept in their conversations although the tab closed after its first words", async () => {
    const { cookie, email } = await subscribe("pro");
    await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 100 });
    const response = await postChatStream({ ...chatFields("Count for my list"), conversation: newId() }, { cookie });
    await readUntil(response, (events) => chatReplyText(events).length > 0);
    await until(async () => {
      const row = await env.DB.prepare("SELECT output FROM history_items WHERE email = ? AND tool = 'chat'")
        .bind(email)
        .first<{ output: string }>();
      return row !== null && JSON.parse(row.output).conversation.at(-1)?.content === WHOLE;
    });
    const list = await get("/conversational-ai", { headers: { cookie } });
    expect(visibleText(await list.text())).toContain("Count for my list");
  });
});

/** A subscriber's new conversation whose slow first reply has begun: its first words were read. */
async function subscriberReplyBegun(question: string, chunkDelayMs = 300, account?: { cookie: string; email: string }, fields = {}) {
  const { cookie, email } = account ?? (await subscribe("pro"));
  await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs });
  const conversation = newId();
  const response = await postChatStream({ ...chatFields(question), conversation, ...fields }, { cookie });
  await readUntil(response, (events) => chatReplyText(events).length > 0);
  return { cookie, email, conversation };
}

describe("a subscriber's new conversation is in their list while its first reply is written", () => {
  const listOf = async (cookie: string) => (await get("/conversational-ai", { headers: { cookie } })).text();
  const rowsOf = async (email: string) =>
    (await env.DB.prepare("SELECT id, output FROM history_items WHERE email = ?").bind(email).all<{ id: string; output: string }>())
      .results;

  it("is listed at once, marked, and opens the reply being written; the same item then holds the whole conversation", async () => {
    const { cookie, email, conversation } = await subscriberReplyBegun("Count where I can see it");

    const during = await listOf(cookie);
    expect(visibleText(during)).toContain("Reply being written · Count where I can see it");
    expect(during).toContain(`href="/conversational-ai?conversation=${conversation}"`);
    // Found by the list's search already.
    expect(visibleText(await (await get("/conversational-ai?q=where", { headers: { cookie } })).text())).toContain(
      "Reply being written · Count where I can see it",
    );
    const [started, ...more] = await rowsOf(email);
    expect(more).toEqual([]);
    expect(JSON.parse(started!.output).conversation).toEqual([{ role: "user", content: "Count where I can see it" }]);
    const opened = await get(`/conversational-ai?conversation=${conversation}`, { headers: { cookie } });
    expect(visibleText(await opened.text())).toContain("Count where I can see it");
    // Its item's own address (the history's 'Continue', an old link) leads there too.
    const byItem = await get(`/conversational-ai?c=${started!.id}`, { headers: { cookie }, redirect: "manual" });
    expect(byItem.status).toBe(302);
    expect(byItem.headers.get("location")).toBe(`/conversational-ai?conversation=${conversation}`);
    // Its page in the history links there too, instead of a 'Continue' that would send the question without its reply.
    const historyPage = await (await get(`/history/${started!.id}`, { headers: { cookie } })).text();
    expect(visibleText(historyPage)).toContain("The reply is being written");
    expect(historyPage).toContain(`href="/conversational-ai?c=${started!.id}"`);
    expect(visibleText(historyPage)).not.toContain("Continue this conversation");

    await until(async () => !visibleText(await listOf(cookie)).includes("Reply being written"));
    const after = await listOf(cookie);
    expect(after).toContain(`href="/conversational-ai?c=${started!.id}"`);
    expect(visibleText(await (await get(`/history/${started!.id}`, { headers: { cookie } })).text())).toContain(
      "Continue this conversation",
    );
    const [kept, ...others] = await rowsOf(email);
    expect(others).toEqual([]);
    expect(kept!.id).toBe(started!.id);
    expect(JSON.parse(kept!.output).conversation.at(-1)).toMatchObject({ role: "assistant", content: WHOLE });
  });

  it("leaves the list when its first reply is stopped or broken off (nothing is kept)", async () => {
    const { cookie, email, conversation: stopped } = await subscriberReplyBegun("Count and stop");
    expect(visibleText(await listOf(cookie))).toContain("Count and stop");
    expect((await postForm(`/api/chat?stop=${stopped}`, {}, { cookie })).status).toBe(204);
    expect(visibleText(await listOf(cookie))).not.toContain("Count and stop");
    expect(await rowsOf(email)).toEqual([]);

    await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 300, errorEvent: { message: "The server had an error." }, errorAfter: 3 });
    const broken = await postChatStream({ ...chatFields("Count and break"), conversation: newId() }, { cookie });
    await until(async () => visibleText(await listOf(cookie)).includes("Count and break"));
    expect((await chatEvents(broken)).at(-1)?.type).toBe("error");
    await until(async () => (await rowsOf(email)).length === 0);
    expect(visibleText(await listOf(cookie))).not.toContain("Count and break");
  });

  it("deleted while its first reply is written (from the list or its history page), the reply stops there and nothing is kept", async () => {
    const account = await subscribe("pro");
    const deletions = [
      (id: string) => postForm(`/conversations/${id}`, { intent: "delete", return: "/conversational-ai" }, { cookie: account.cookie }),
      (id: string) => postForm(`/history/${id}`, { intent: "delete" }, { cookie: account.cookie }),
    ];
    for (const [n, remove] of deletions.entries()) {
      const { conversation } = await subscriberReplyBegun(`Count then forget it ${n}`, 300, account);
      const [started] = await rowsOf(account.email);
      expect((await remove(started!.id)).status).toBe(303);
      // The page following the reply sees it stop where it was; the provider is left before its end.
      const rest = await chatEvents(await follow(conversation, 0, account.cookie));
      expect(rest.at(-1)).toEqual({ type: "stopped" });
      expect(WHOLE.startsWith(chatReplyText(rest))).toBe(true);
      expect(chatReplyText(rest).length).toBeLessThan(WHOLE.length);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const upstream = (await providerStream()).at(-1);
      expect(upstream?.finishedAt).toBeUndefined();
      expect(await rowsOf(account.email)).toEqual([]);
      expect(visibleText(await listOf(account.cookie))).not.toContain("Count then forget it");
    }
  });

  it("its project deleted while its first reply is written, the reply stops there and nothing of the project is kept", async () => {
    const account = await subscribe("pro");
    const project = await newProject("Counting to forget", account.cookie);
    const { conversation } = await subscriberReplyBegun("Count in a project I delete", 300, account, { project });
    expect(await rowsOf(account.email)).toHaveLength(1);
    const deleted = await postForm(`/conversational-ai?project&p=${project}`, { intent: "delete", project }, { cookie: account.cookie });
    expect(deleted.status).toBe(303);
    const rest = await chatEvents(await follow(conversation, 0, account.cookie));
    expect(rest.at(-1)).toEqual({ type: "stopped" });
    expect(chatReplyText(rest).length).toBeLessThan(WHOLE.length);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await providerStream()).at(-1)?.finishedAt).toBeUndefined();
    expect(await rowsOf(account.email)).toEqual([]);
  });

  it("in a project, its link opens the reply in that project", async () => {
    const account = await subscribe("pro");
    const project = await newProject("Counting", account.cookie);
    const { conversation } = await subscriberReplyBegun("Count in my project", 300, account, { project });
    const listed = await (await get(`/conversational-ai?p=${project}`, { headers: { cookie: account.cookie } })).text();
    expect(listed).toContain(`href="/conversational-ai?conversation=${conversation}&amp;p=${project}"`);
    await chatEvents(await follow(conversation, 0, account.cookie));
  });
});

describe("a conversation's object restarted mid-reply (a deploy)", () => {
  type Stored = { user: { content: string }; end?: { type: string; message?: string } };
  const storedTurn = (stub: DurableObjectStub) =>
    runInDurableObject(stub, async (_object, state) => ({
      turn: await state.storage.get<Stored>("turn"),
      alarm: await state.storage.getAlarm(),
    }));

  it("ends the reply as broken off, unlists a new conversation, and keeps that end only for the turn's minutes, as any end", async () => {
    // What a running turn keeps in storage, taken from a real one while its reply is written.
    const { cookie, email, conversation } = await subscriberReplyBegun("Count through a deploy", 600);
    let running: Stored | undefined;
    for (const id of await listDurableObjectIds(env.CONVERSATION_TURNS)) {
      const { turn, alarm } = await storedTurn(env.CONVERSATION_TURNS.get(id));
      if (turn?.user.content !== "Count through a deploy" || turn.end) continue;
      running = turn;
      // Set when the turn started: a restart nobody reads still ends it.
      expect(alarm).toBeGreaterThan(Date.now());
    }
    expect(running).toBeDefined();
    const listed = () => env.DB.prepare("SELECT COUNT(*) AS n FROM history_items WHERE email = ?").bind(email).first<number>("n");
    expect(await listed()).toBe(1);

    // The same storage in an object whose instance is new (evicted, as a deploy restarts it).
    const stub = env.CONVERSATION_TURNS.get(env.CONVERSATION_TURNS.idFromName(`restarted:${newId()}`));
    await runInDurableObject(stub, (_object, state) => state.storage.put("turn", running));
    await evictDurableObject(stub);
    const read = await stub.read();
    expect(read?.running).toBe(false);
    const after = await storedTurn(stub);
    expect(after.turn?.end).toEqual({ type: "error", message: "The reply was interrupted. Please send your message again." });
    // Its conversation, listed while the reply was written, is no longer (the real object's reply has not ended yet).
    expect(await listed()).toBe(0);
    expect(after.alarm).toBeGreaterThan(Date.now());
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await storedTurn(stub)).turn).toBeUndefined();
    // Never read after the restart, its alarm (set when the turn started) ends it the same way.
    const unread = env.CONVERSATION_TURNS.get(env.CONVERSATION_TURNS.idFromName(`restarted:${newId()}`));
    await runInDurableObject(unread, async (_object, state) => {
      await state.storage.put("turn", { ...running, user: { ...running!.user, content: "Unread" } });
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await evictDurableObject(unread);
    expect(await runDurableObjectAlarm(unread)).toBe(true);
    expect((await storedTurn(unread)).turn?.end?.type).toBe("error");
    expect(await runDurableObjectAlarm(unread)).toBe(true);
    expect((await storedTurn(unread)).turn).toBeUndefined();
    // The real object's reply ends as usual; its item, removed by the copy as a deletion would be, does not come back.
    expect((await chatEvents(await follow(conversation, 0, cookie))).at(-1)?.type).toBe("done");
    expect(await listed()).toBe(0);
  });
});

describe("a subscriber who deletes the account while a reply is written", () => {
  it("finds nothing of that reply kept afterwards", async () => {
    const { cookie, email } = await subscribe("pro");
    await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 200 });
    const response = await postChatStream({ ...chatFields("Count while I leave"), conversation: newId() }, { cookie });
    await readUntil(response, (events) => chatReplyText(events).length > 0);
    expect((await postForm("/account/delete", { confirmEmail: email }, { cookie })).status).toBe(200);
    await until(async () => (await providerStream())[0]?.finishedAt !== undefined);
    // The object keeps the conversation once the reply is complete, just after its last piece.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const kept = await env.DB.prepare("SELECT COUNT(*) AS n FROM history_items WHERE email = ?").bind(email).first<{ n: number }>();
    expect(kept).toEqual({ n: 0 });
  });
});

describe("without JavaScript", () => {
  it("the page shows a reply still being written as far as it goes, with a way to refresh, then the whole reply", async () => {
    // Longer than the page waits (10 s): 15 pieces, 0.9 s apart.
    const pieces = Array.from({ length: 15 }, (_, index) => `part${index + 1} `);
    await fakeOpenAi.next({ chunks: pieces, chunkDelayMs: 900 });
    const conversation = newId();
    const response = await postForm("/conversational-ai", { ...chatFields("Write slowly"), conversation }, freshClient());
    expect(response.status).toBe(200);
    const cookie = ownerCookie(response);
    const html = await response.text();
    expect(visibleText(html)).toContain("The reply is still being written.");
    expect(html).toContain(`href="/conversational-ai?conversation=${conversation}"`);
    expect(html).toContain(`action="/api/chat?stop=${conversation}"`);
    expect(visibleText(html)).toContain("part1");
    expect(visibleText(html)).not.toContain("part15");

    await until(async () => (await providerStream())[0]?.finishedAt !== undefined, 15_000);
    const refreshed = await get(`/conversational-ai?conversation=${conversation}`, { headers: { cookie } });
    const done = await refreshed.text();
    expect(visibleText(done)).not.toContain("The reply is still being written.");
    expect(carriedHistory(done).map((message) => message.content)).toEqual(["Write slowly", pieces.join("")]);
  }, 30_000);

  it("in a project, refreshing and stopping a reply still being written stay in the project", async () => {
    const account = await subscribe("pro");
    const project = await newProject("Slow work", account.cookie);
    await fakeOpenAi.next({ chunks: Array.from({ length: 15 }, (_, index) => `part${index + 1} `), chunkDelayMs: 900 });
    const conversation = newId();
    const response = await postForm(
      `/conversational-ai?p=${project}`,
      { ...chatFields("Write slowly here"), conversation, project },
      { cookie: account.cookie },
    );
    const html = await response.text();
    expect(visibleText(html)).toContain("The reply is still being written.");
    expect(html).toContain(`href="/conversational-ai?conversation=${conversation}&amp;p=${project}"`);
    expect(html).toContain(`action="/api/chat?stop=${conversation}&amp;p=${project}"`);

    // A project id that is not one is refused before anything stops.
    const refused = await postForm(`/api/chat?stop=${conversation}&p=../x`, {}, { cookie: account.cookie, accept: "text/html" });
    expect(refused.status).toBe(400);
    const stopped = await postForm(`/api/chat?stop=${conversation}&p=${project}`, {}, { cookie: account.cookie, accept: "text/html" });
    expect(stopped.status).toBe(303);
    expect(stopped.headers.get("location")).toBe(`/conversational-ai?conversation=${conversation}&p=${project}`);
    const page = await (await get(stopped.headers.get("location")!, { headers: { cookie: account.cookie } })).text();
    // The page opens in the project: its panel names it, and the form posts to it.
    expect(visibleText(page)).toContain("Slow work");
    expect(page).toContain(`name="project" value="${project}"`);
    expect(visibleText(page)).not.toContain("part15");
  }, 30_000);

  it("a reply that broke off shows on its conversation's page as the post would have: why, and the message back in the box", async () => {
    await fakeOpenAi.next({ chunks: PIECES, errorEvent: { message: "The server had an error." }, errorAfter: 2 });
    const conversation = newId();
    const response = await postChatStream({ ...chatFields("Count and break"), conversation }, freshClient());
    const cookie = ownerCookie(response);
    const end = (await chatEvents(response)).at(-1) as ChatEvent & { message?: string };
    expect(end.type).toBe("error");

    const html = await (await get(`/conversational-ai?conversation=${conversation}`, { headers: { cookie } })).text();
    expect(visibleText(html)).toContain(end.message!);
    expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Count and break<\/textarea>/);
    // The words that came before the break are not shown as if they were the whole reply.
    expect(visibleText(html)).not.toContain(PIECES.slice(0, 2).join("").trim());
  });

  it("a post cut before its answer leaves the reply to be written; the conversation's page then shows it", async () => {
    await fakeOpenAi.next({ chunks: ["Hello."] });
    const conversation = newId();
    const client = freshClient();
    // The visitor's cookie comes from an earlier message; this post's answer is never read.
    const earlier = await postChatStream({ ...chatFields("Hi"), conversation: newId() }, client);
    const cookie = ownerCookie(earlier);
    await chatEvents(earlier);
    await fakeOpenAi.next({ chunks: PIECES, chunkDelayMs: 100 });
    void postForm("/conversational-ai", { ...chatFields("Count to eight"), conversation }, { ...client, cookie }).catch(() => undefined);
    await until(async () => {
      const streams = await providerStream();
      return streams.length === 2 && streams[1]!.finishedAt !== undefined;
    });
    const page = await (await get(`/conversational-ai?conversation=${conversation}`, { headers: { cookie } })).text();
    expect(carriedHistory(page).map((message) => message.content)).toEqual(["Count to eight", WHOLE]);
  });
});
