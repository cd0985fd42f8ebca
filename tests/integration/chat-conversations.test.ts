import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { exportedData, fakeOpenAi, freshClient, get, postForm, subscribe, visibleText } from "./helpers";
import { carriedHistory, type CarriedMessage, chatEvents, chatFields, chatReplyText, postChatStream } from "./chat-helpers";
import { restoreSettingsAfterEach, withFakeStripe } from "./each-test";
import { apiSubscriber, callApi } from "./api-helpers";

// A conversation you can work with and share (docs/decisions/049, 050): Edit & resend, a temporary
// chat, the allowance line, and read-only share links, inside workerd with the real bindings.

const exchange = [
  { id: "1795000000000", role: "user", content: "What is a content calendar?" },
  { id: "1795000000001", role: "assistant", content: "A **plan** of what you publish and when." },
  { id: "1795000000002", role: "user", content: "How often shuold I post?" },
  { id: "1795000000003", role: "assistant", content: "An answer to the typo." },
];

withFakeStripe();
afterEach(() => fakeOpenAi.offline());
restoreSettingsAfterEach("DEMO_LIMIT_PER_MINUTE", "DEMO_LIMIT_PER_DAY");

const messageField = (html: string) =>
  html.match(/<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/)?.[1]?.replace(/&amp;/g, "&") ?? null;

async function historyRows(email: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS count FROM history_items WHERE email = ?").bind(email).first<{ count: number }>();
  return row?.count ?? 0;
}

const share = (fields: Record<string, string>, headers: Record<string, string>) =>
  postForm("/conversational-ai?share", { ...fields, intent: "share" }, headers);

const sharedLink = (html: string) => html.match(/href="(\/shared\/chat\/([A-Za-z0-9_-]+))"/);

type Cited = { url: string; title: string; start: number; end: number };
type Done = { type: "done"; html: string; citations?: Cited[]; signature?: string };

/**
 * A reply the site itself produced, as the page then carries it (with its sources and the server's
 * signature): asked through the stream, written by the fake provider.
 */
async function siteReply(id: string, question: string, content: string, citations?: Cited[]) {
  await fakeOpenAi.use();
  await fakeOpenAi.next({ content, ...(citations ? { citations } : {}) });
  const fields = { ...chatFields(question), ...(citations ? { web_search: "on" } : {}) };
  const done = (await chatEvents(await postChatStream(fields, freshClient()))).find((event) => event.type === "done") as Done;
  fakeOpenAi.offline();
  expect(done.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { id, role: "assistant", content, ...(done.citations ? { citations: done.citations } : {}), signature: done.signature };
}

/** The exchange with its replies as the site wrote them (signed). */
const signedExchange = async () => [
  exchange[0]!,
  await siteReply(exchange[1]!.id, exchange[0]!.content, exchange[1]!.content),
  exchange[2]!,
  await siteReply(exchange[3]!.id, exchange[2]!.content, exchange[3]!.content),
];

/** What a link's row is stored under: its token's SHA-256, hex (docs/decisions/057). */
async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("Edit the last message and resend", () => {
  it("without JavaScript drops the last exchange and answers the edited message, keeping what is typed", async () => {
    const response = await postForm(
      "/conversational-ai",
      { ...chatFields("half a thought", { history: exchange }), intent: "edit", edited: "How often should I post?" },
      freshClient(),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).not.toContain("shuold");
    expect(text).not.toContain("An answer to the typo.");
    expect(carriedHistory(html).map(({ role, content }) => `${role}: ${content.split("\n")[0]}`)).toEqual([
      "user: What is a content calendar?",
      "assistant: A **plan** of what you publish and when.",
      "user: How often should I post?",
      'assistant: This is a simulated response to: "How often should I post?"',
    ]);
    expect(messageField(html)).toBe("half a thought");
  });

  it("through the stream the provider gets the conversation without the replaced exchange", async () => {
    await fakeOpenAi.use();
    await fakeOpenAi.next({ chunks: ["Three ", "times a week."] });
    const response = await postChatStream(
      { ...chatFields("", { history: exchange }), intent: "edit", edited: "How often should I post?" },
      freshClient(),
    );
    expect(response.status).toBe(200);
    expect(chatReplyText(await chatEvents(response))).toBe("Three times a week.");
    const request = (await fakeOpenAi.requests()).find((r) => r.body?.stream === true);
    expect(request?.body.input).toEqual([
      { role: "user", content: "What is a content calendar?" },
      { role: "assistant", content: "A **plan** of what you publish and when." },
      { role: "user", content: "How often should I post?" },
    ]);
  });

  it.each([
    ["a blank edit", { edited: "   " }, "Please enter a message.", "edited"],
    ["an edit of 4,001 characters", { edited: "e".repeat(4001) }, "The message is too long: the limit is 4,000 characters.", "edited"],
  ])("refuses %s beside the edit field with 400, the edit form open with the text kept", async (_, fields, message) => {
    const response = await postForm(
      "/conversational-ai",
      { ...chatFields("typed", { history: exchange }), intent: "edit", ...fields },
      freshClient(),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain(message);
    expect(html).toMatch(/<details open=""/);
    const edit = html.match(/<textarea[^>]*name="edited"[^>]*>([^<]*)<\/textarea>/);
    expect(edit?.[0]).toContain('aria-invalid="true"');
    expect(edit?.[1]).toBe(fields.edited);
    expect(visibleText(html)).toContain("How often shuold I post?");
    expect(messageField(html)).toBe("typed");
  });

  it("refuses an edit before any message was sent, on both routes", async () => {
    const fields = { ...chatFields(""), intent: "edit", edited: "Hello" };
    const page = await postForm("/conversational-ai", fields, freshClient());
    expect(page.status).toBe(400);
    expect(visibleText(await page.text())).toContain("There is no message to edit yet: send one first.");
    const stream = await postChatStream(fields, freshClient());
    expect(stream.status).toBe(400);
    expect(((await stream.json()) as { error: string }).error).toBe("There is no message to edit yet: send one first.");
  });

  it("shows an Edit disclosure on the last question only, posting intent=edit", async () => {
    const html = await (await postForm("/conversational-ai", chatFields("Next one", { history: exchange }), freshClient())).text();
    expect(html.match(/<details/g)).toHaveLength(1);
    const save = html.match(/<button[^>]*value="edit"[^>]*>/)?.[0] ?? "";
    for (const attribute of ['type="submit"', 'name="intent"', 'formNoValidate=""']) expect(save).toContain(attribute);
    expect(html).toMatch(/<textarea[^>]*name="edited"[^>]*>Next one<\/textarea>/);
  });
});

describe("Temporary chat", () => {
  it("is never kept in a subscriber's history, without or with JavaScript; an ordinary chat is", async () => {
    const { cookie, email } = await subscribe("pro");
    const page = await postForm("/conversational-ai", { ...chatFields("Secret plans"), temporary: "on" }, { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<input type="checkbox"[^>]*name="temporary" checked="" value="on"/);
    expect(visibleText(html)).toContain("Temporary chat on: not saved to your history");
    const stream = await postChatStream({ ...chatFields("More secrets", { history: carriedHistory(html) }), temporary: "on" }, { cookie });
    expect(stream.status).toBe(200);
    await stream.text();
    const edited = await postForm(
      "/conversational-ai",
      { ...chatFields("", { history: exchange }), intent: "edit", edited: "Edited secret", temporary: "on" },
      { cookie },
    );
    expect(edited.status).toBe(200);
    const regenerated = await postChatStream(
      { ...chatFields("", { history: exchange }), intent: "regenerate", temporary: "on" },
      { cookie },
    );
    await regenerated.text();
    expect(await historyRows(email)).toBe(0);

    await (await postChatStream(chatFields("Not a secret"), { cookie })).text();
    expect(await historyRows(email)).toBe(1);
  });

  it("refuses a value other than on with 400", async () => {
    const response = await postChatStream({ ...chatFields("Hi"), temporary: "yes" }, freshClient());
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('Temporary chat is either "on" or left out.');
  });

  it("is offered to subscribers only", async () => {
    expect(await (await get("/conversational-ai", { headers: freshClient() })).text()).not.toContain('name="temporary"');
    const { cookie } = await subscribe("pro");
    expect(await (await get("/conversational-ai", { headers: { cookie } })).text()).toContain('name="temporary"');
  });
});

describe("the allowance line", () => {
  const allowanceLine = (html: string) => visibleText(html.match(/<p[^>]*data-chat-allowance[^>]*>[\s\S]*?<\/p>/)?.[0] ?? "").trim();

  it("shows a visitor's demo messages left today, one fewer after a message", async () => {
    env.DEMO_LIMIT_PER_DAY = "4";
    const client = freshClient();
    expect(allowanceLine(await (await get("/conversational-ai", { headers: client })).text())).toBe(
      "Demo: 12 messages left today (of 12).",
    );
    // The stream's last line says what is left once this message was counted (the page shows it).
    const done = (await chatEvents(await postChatStream(chatFields("one"), client))).at(-1);
    expect(done).toMatchObject({ type: "done", allowance: { kind: "demo", left: 11, perDay: 12 } });
    const page = await postForm("/conversational-ai", chatFields("two"), client);
    expect(allowanceLine(await page.text())).toBe("Demo: 10 messages left today (of 12).");
    // Reading the line takes nothing.
    expect(allowanceLine(await (await get("/conversational-ai", { headers: client })).text())).toBe(
      "Demo: 10 messages left today (of 12).",
    );
  });

  it("shows a subscriber's plan messages left this period, or unlimited", async () => {
    const basic = await subscribe("basic");
    const first = allowanceLine(await (await get("/conversational-ai", { headers: { cookie: basic.cookie } })).text());
    expect(first).toMatch(/^Basic plan: 100 messages left of 100 this period \(resets on \w+ \d+, \d{4}\)\.$/);
    const page = await postForm("/conversational-ai", chatFields("Count me"), { cookie: basic.cookie });
    expect(allowanceLine(await page.text())).toMatch(/^Basic plan: 99 messages left of 100 this period/);
    const pro = await subscribe("pro");
    expect(allowanceLine(await (await get("/conversational-ai", { headers: { cookie: pro.cookie } })).text())).toBe(
      "Pro plan: unlimited chat messages.",
    );
  });
});

describe("Share a conversation by link", () => {
  const xss = [
    { id: "1795000000000", role: "user", content: "<script>alert('owned')</script> What is **this**?" },
    { id: "1795000000001", role: "assistant", content: '<img src=x onerror="alert(1)"> A [link](javascript:alert(1)) and **bold**.' },
  ];

  it("makes a read-only link that opens signed out, is listed on the dashboard, and is gone once revoked", async () => {
    const owner = await subscribe("pro");
    const response = await share(chatFields("still typing", { history: await signedExchange() }), { cookie: owner.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    // The page comes back with the conversation, what was typed, and the link.
    expect(visibleText(html)).toContain("How often shuold I post?");
    expect(messageField(html)).toBe("still typing");
    const [, path, token] = sharedLink(html) ?? [];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(visibleText(html)).toContain(`http://127.0.0.1${path}`);

    const opened = await get(path!);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    const page = await opened.text();
    expect(page).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    expect(visibleText(page)).toContain("Shared conversation, read-only.");
    expect(page).toMatch(/<h1[^>]*>What is a content calendar\?<\/h1>/);
    expect(page).toContain("A <strong>plan</strong> of what you publish and when.");
    expect(visibleText(page)).toContain("How often shuold I post?");
    expect(page).toContain('href="/conversational-ai"');
    expect(page).not.toContain('name="message"');

    const dashboard = await (await get("/dashboard", { headers: { cookie: owner.cookie } })).text();
    expect(visibleText(dashboard)).toContain("Shared conversations");
    expect(visibleText(dashboard)).toContain("What is a content calendar? Shared on");
    // The dashboard names the link by its hash, which opens nothing; the link itself is not on it.
    expect(dashboard).toContain(`action="/shared/chat/${await tokenHash(token!)}"`);
    expect(dashboard).not.toContain(token);
    expect((await get(`/shared/chat/${await tokenHash(token!)}`)).status).toBe(404);

    const revoked = await postForm(path!, { intent: "revoke" }, { cookie: owner.cookie });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe("/dashboard?revoked=1#shared-conversations");
    const gone = await get(path!);
    expect(gone.status).toBe(404);
    expect(visibleText(await gone.text())).toContain("This shared conversation was revoked or never existed.");
    const row = await env.DB.prepare("SELECT title, messages, revoked_at FROM shared_conversations WHERE token_hash = ?")
      .bind(await tokenHash(token!))
      .first<{ title: string; messages: string; revoked_at: number }>();
    expect(row).toEqual({ title: "", messages: "[]", revoked_at: expect.any(Number) });
    expect(visibleText(await (await get("/dashboard", { headers: { cookie: owner.cookie } })).text())).not.toContain(
      "What is a content calendar? Shared on",
    );
    // Revoking again, or a made-up link, is the same 404.
    expect((await postForm(path!, { intent: "revoke" }, { cookie: owner.cookie })).status).toBe(404);
    expect((await get(`/shared/chat/${"A".repeat(43)}`)).status).toBe(404);
    expect((await get("/shared/chat/short")).status).toBe(404);
  });

  it("nobody else can revoke a link; each share is a new unguessable token", async () => {
    const owner = await subscribe("pro");
    const stranger = await subscribe("pro");
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++)
      tokens.add(sharedLink(await (await share(chatFields("", { history: exchange }), { cookie: owner.cookie })).text())![2]!);
    expect(tokens.size).toBe(3);
    const [token] = tokens;
    expect((await postForm(`/shared/chat/${token}`, { intent: "revoke" }, { cookie: stranger.cookie })).status).toBe(404);
    expect((await postForm(`/shared/chat/${token}`, { intent: "revoke" }, freshClient())).status).toBe(401);
    expect((await postForm(`/shared/chat/${token}`, { intent: "delete" }, { cookie: owner.cookie })).status).toBe(400);
    expect((await get(`/shared/chat/${token}`)).status).toBe(200);
    expect(visibleText(await (await get("/dashboard", { headers: { cookie: stranger.cookie } })).text())).toContain(
      "You have no shared links.",
    );
  });

  it("escapes a question's HTML and sanitizes a reply's on the shared page, whatever the model wrote", async () => {
    const owner = await subscribe("pro");
    const history = [xss[0]!, await siteReply(xss[1]!.id, xss[0]!.content, xss[1]!.content)];
    const html = await (await share(chatFields("", { history }), { cookie: owner.cookie })).text();
    const page = await (await get(sharedLink(html)![1]!)).text();
    expect(page).not.toContain("<script>alert(");
    expect(page).toContain("&lt;script&gt;alert(&#x27;owned&#x27;)&lt;/script&gt; What is **this**?");
    expect(page).not.toMatch(/<img[^>]*onerror/);
    expect(page).not.toContain('href="javascript:');
    expect(page).toContain("<strong>bold</strong>");
  });

  it("keeps a reply's web sources: the shared page links them and lists them", async () => {
    const owner = await subscribe("pro");
    const content = "Post three times a week ([example.com](https://example.com/cadence)).";
    const cited = [
      { id: "1795000000000", role: "user", content: "How often should I post?" },
      await siteReply("1795000000001", "How often should I post?", content, [
        { url: "https://example.com/cadence", title: "Posting cadence", start: content.indexOf("("), end: content.length - 1 },
      ]),
    ];
    const html = await (await share(chatFields("", { history: cited }), { cookie: owner.cookie })).text();
    const page = await (await get(sharedLink(html)![1]!)).text();
    expect(page).toMatch(/Post three times a week <sup><a href="https:\/\/example\.com\/cadence"[^>]*>\[1\]<\/a><\/sup>\./);
    expect(visibleText(page)).toContain("Sources Posting cadence · example.com");
  });

  it("is for subscribers: a visitor gets 403 with the reason and the conversation kept", async () => {
    const response = await share(chatFields("typed", { history: exchange }), freshClient());
    expect(response.status).toBe(403);
    const html = await response.text();
    expect(visibleText(html)).toContain("Sharing a conversation is part of every plan");
    expect(visibleText(html)).toContain("How often shuold I post?");
    expect(messageField(html)).toBe("typed");
    expect(sharedLink(html)).toBeNull();
  });

  it("refuses an empty or unreadable conversation with 400, and more than 20 links an hour with 429", async () => {
    const { cookie, email } = await subscribe("pro");
    const empty = await share(chatFields(""), { cookie });
    expect(empty.status).toBe(400);
    expect(visibleText(await empty.text())).toContain("There is nothing to share yet: send a message first.");
    const broken = await share({ ...chatFields(""), history: "{nope" }, { cookie });
    expect(broken.status).toBe(400);
    expect(visibleText(await broken.text())).toContain("The conversation could not be read");

    // 19 more (one above is not stored), the 21st of the hour is refused.
    const now = Math.floor(Date.now() / 1000);
    const statements = Array.from({ length: 20 }, (_, i) =>
      env.DB.prepare("INSERT INTO shared_conversations (token_hash, email, title, messages, created_at) VALUES (?, ?, 't', '[]', ?)").bind(
        `seeded-${i}-${email}`,
        email,
        now - i,
      ),
    );
    await env.DB.batch(statements);
    const limited = await share(chatFields("", { history: exchange }), { cookie });
    expect(limited.status).toBe(429);
    expect(visibleText(await limited.text())).toContain("You have shared 20 conversations in the last hour. Please try again later.");
  });

  it("is in 'Export my data' while live; a revoked link's bare row goes with the retention sweep a day later", async () => {
    const owner = await subscribe("pro");
    const history = await signedExchange();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++)
      tokens.push(sharedLink(await (await share(chatFields("", { history }), { cookie: owner.cookie })).text())![2]!);
    expect((await postForm(`/shared/chat/${tokens[1]}`, { intent: "revoke" }, { cookie: owner.cookie })).status).toBe(303);

    const exported = (await exportedData(owner.cookie)) as { sharedConversations: { title: string; messages: unknown[] }[] };
    expect(exported.sharedConversations).toEqual([
      {
        title: "What is a content calendar?",
        sharedAt: expect.any(String),
        messages: history,
      },
    ]);

    const { sweepExpiredData } = await import("~/server/workspace/retention-sweep.server");
    const count = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM shared_conversations WHERE email = ?").bind(owner.email).first<{ n: number }>())!.n;
    const { revoked_at } = (await env.DB.prepare("SELECT revoked_at FROM shared_conversations WHERE token_hash = ?")
      .bind(await tokenHash(tokens[1]!))
      .first<{
        revoked_at: number;
      }>())!;
    await sweepExpiredData(revoked_at + 86_399);
    expect(await count()).toBe(2);
    expect((await sweepExpiredData(revoked_at + 86_400)).revokedShares).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(1);
    expect((await get(`/shared/chat/${tokens[0]}`)).status).toBe(200);
  });

  it("keeps at most the carried history's last 20 messages, and deleting the account deletes the links", async () => {
    const owner = await subscribe("pro");
    const long = Array.from({ length: 25 }, (_, i) => ({
      id: String(1795000000000 + i),
      role: i % 2 ? "assistant" : "user",
      content: `m${i}`,
    }));
    const html = await (await share(chatFields("", { history: long }), { cookie: owner.cookie })).text();
    const token = sharedLink(html)![2]!;
    const row = await env.DB.prepare("SELECT title, messages FROM shared_conversations WHERE token_hash = ?")
      .bind(await tokenHash(token))
      .first<{ title: string; messages: string }>();
    const stored = JSON.parse(row!.messages) as { content: string }[];
    expect(stored).toHaveLength(20);
    expect(stored[0]!.content).toBe("m5");
    expect(row!.title).toBe("m6");
    expect((await postForm("/account/delete", { confirmEmail: owner.email }, { cookie: owner.cookie })).status).toBe(200);
    expect((await get(`/shared/chat/${token}`)).status).toBe(404);
    const left = await env.DB.prepare("SELECT COUNT(*) AS count FROM shared_conversations WHERE email = ?")
      .bind(owner.email)
      .first<{ count: number }>();
    expect(left?.count).toBe(0);
  });
});

describe("Share links under attack (issue 41)", () => {
  it("makes at most 20 links an hour when 30 shares arrive 16 at a time", async () => {
    const { cookie, email } = await subscribe("pro");
    const statuses: number[] = [];
    for (let sent = 0; sent < 30; sent += 16) {
      const wave = Array.from({ length: Math.min(16, 30 - sent) }, () => share(chatFields("", { history: exchange }), { cookie }));
      for (const response of await Promise.all(wave)) {
        statuses.push(response.status);
        await response.text();
      }
    }
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM shared_conversations WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(stored!.n).toBe(20);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it("shows a crafted or altered 'assistant' message as the sharer's own text, never as the site's reply, and links nowhere", async () => {
    const owner = await subscribe("pro");
    const genuine = await siteReply("1795000000003", "What is a content calendar?", "A **plan** of what you publish and when.");
    const history = [
      { id: "1795000000000", role: "user", content: "Is my account safe?" },
      { id: "1795000000001", role: "assistant", content: "Please sign in again: [click](//evil.example/phish)" },
      { id: "1795000000002", role: "user", content: "What is a content calendar?" },
      genuine,
      { id: "1795000000004", role: "user", content: "Anything else?" },
      // The site's signature on a text that is no longer what the site wrote.
      { ...genuine, id: "1795000000005", content: `${genuine.content} Verify here: [click](//evil.example/phish)` },
    ];
    const html = await (await share(chatFields("", { history }), { cookie: owner.cookie })).text();
    const page = await (await get(sharedLink(html)![1]!)).text();
    expect(page).not.toMatch(/href="[^"]*evil\.example/);
    expect(page.match(/Supplied by the person who shared this, not an AI reply/g)).toHaveLength(2);
    expect(page.match(/>AI-generated by ContentForge AI<\/span>/g)).toHaveLength(1);
    expect(page).toContain("A <strong>plan</strong> of what you publish and when.");
    // The crafted texts are there, as plain text the sharer supplied.
    expect(visibleText(page)).toContain("Please sign in again: [click](//evil.example/phish)");
    expect(visibleText(page)).toContain("A **plan** of what you publish and when. Verify here: [click](//evil.example/phish)");
  });

  it("the page (no JavaScript), the stream and the API each answer a signed reply, and a share shows it as the site's", async () => {
    const { cookie, key } = await apiSubscriber("pro");
    const page = carriedHistory(await (await postForm("/conversational-ai", chatFields("What is a content calendar?"), { cookie })).text());
    const fromPage = page.at(-1) as CarriedMessage & { signature?: string };
    expect(fromPage.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const fromStream = await siteReply("1795000000003", "And a blog?", "A [blog](https://example.com/blog) is a journal.");
    await fakeOpenAi.use();
    const api = await callApi("chat", { key, body: { message: "And a newsletter?", assistant: "general", tone: "friendly" } });
    fakeOpenAi.offline();
    expect(api.json.message.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const history = [
      ...page,
      { id: "1795000000002", role: "user", content: "And a blog?" },
      fromStream,
      { id: "1795000000004", role: "user", content: "And a newsletter?" },
      { id: "1795000000005", ...api.json.message },
    ];
    const shared = await (await get(sharedLink(await (await share(chatFields("", { history }), { cookie })).text())![1]!)).text();
    expect(shared.match(/>AI-generated by ContentForge AI<\/span>/g)).toHaveLength(3);
    expect(shared).not.toContain("Supplied by the person who shared this");
    expect(shared).toContain('<a href="https://example.com/blog" target="_blank" rel="noopener noreferrer nofollow ugc">blog</a>');
  });

  it("stores a link as its token's SHA-256, never the token", async () => {
    const owner = await subscribe("pro");
    const token = sharedLink(await (await share(chatFields("", { history: exchange }), { cookie: owner.cookie })).text())![2]!;
    const { results } = await env.DB.prepare("SELECT * FROM shared_conversations WHERE email = ?").bind(owner.email).all();
    expect(results).toHaveLength(1);
    expect(results[0]!.token_hash).toBe(await tokenHash(token));
    expect(JSON.stringify(results)).not.toContain(token);
    expect((await get(`/shared/chat/${token}`)).status).toBe(200);
  });

  it("a link made before the hashing migration still opens and is then stored hashed; the sweep hashes the rest", async () => {
    const owner = await subscribe("pro");
    const legacy = ["L".repeat(42) + "a", "L".repeat(42) + "b"];
    // Rows as migration 0010 stored them: the raw token (0011 renamed the column, it could not hash).
    for (const token of legacy)
      await env.DB.prepare("INSERT INTO shared_conversations (token_hash, email, title, messages, created_at) VALUES (?, ?, ?, ?, ?)")
        .bind(token, owner.email, "Old link", JSON.stringify([exchange[0]]), Math.floor(Date.now() / 1000) - 7200)
        .run();
    const opened = await get(`/shared/chat/${legacy[0]}`);
    expect(opened.status).toBe(200);
    expect(visibleText(await opened.text())).toContain("What is a content calendar?");
    const stored = async () =>
      (
        await env.DB.prepare("SELECT token_hash FROM shared_conversations WHERE email = ? ORDER BY token_hash").bind(owner.email).all<{
          token_hash: string;
        }>()
      ).results.map((row) => row.token_hash);
    expect(await stored()).toContain(await tokenHash(legacy[0]!));
    expect(await stored()).not.toContain(legacy[0]);
    expect((await get(`/shared/chat/${legacy[0]}`)).status).toBe(200);

    const { sweepExpiredData } = await import("~/server/workspace/retention-sweep.server");
    await sweepExpiredData();
    expect((await stored()).sort()).toEqual([await tokenHash(legacy[0]!), await tokenHash(legacy[1]!)].sort());
    expect((await get(`/shared/chat/${legacy[1]}`)).status).toBe(200);
    expect((await postForm(`/shared/chat/${legacy[1]}`, { intent: "revoke" }, { cookie: owner.cookie })).status).toBe(303);
    expect((await get(`/shared/chat/${legacy[1]}`)).status).toBe(404);
  });
});
