import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { callApi, createKeyOnDashboard } from "./api-helpers";
import { freshClient, get, postForm, subscribe, visibleText } from "./helpers";
import { chatFields, postChatStream } from "./chat-helpers";
import { withFakeStripe } from "./each-test";
import { pngSize } from "./media-helpers";

// The workspace's history (issue 23) inside workerd: a subscriber's results on the web and
// through the API are rows in D1 (searchable with FTS5) and media in R2; a visitor's never are;
// every read, download and delete is scoped to the account that owns the item.

beforeAll(async () => {
  await (await get("/history")).text();
}, 120_000);
withFakeStripe();

// Over the ~80 words the trained detector needs before it gives a verdict.
const detectorText = Array.from(
  { length: 4 },
  () =>
    "Furthermore, leveraging innovative strategies can unlock new opportunities for the zeppelin industry. Moreover, it is important to note that success matters.",
).join(" ");

type Row = {
  id: string;
  email: string;
  tool: string;
  source: string;
  title: string;
  input: string;
  output: string;
  media_id: string | null;
  expires_at: number;
  created_at: number;
};

async function rowsOf(email: string): Promise<Row[]> {
  const { results } = await env.DB.prepare("SELECT * FROM history_items WHERE email = ? ORDER BY seq").bind(email).all<Row>();
  return results;
}

async function historyPage(cookie: string, query = "") {
  const response = await get(`/history${query}`, { headers: { cookie } });
  return { response, html: await response.text() };
}

const itemLinks = (html: string) => [...html.matchAll(/href="\/history\/([0-9a-f]{32})"/g)].map((match) => match[1]!);

describe("history storage", () => {
  it("keeps a subscriber's detector and writer results, lists them newest first with the tool and date, private to them", async () => {
    const { cookie, email } = await subscribe("pro");
    expect((await postForm("/ai-detector", { text: detectorText }, { cookie })).status).toBe(200);
    expect(
      (await postForm("/ai-writer", { type: "blog", keywords: "kites, wind", text: "Flying kites on the beach" }, { cookie })).status,
    ).toBe(200);

    const rows = await rowsOf(email);
    expect(rows.map((row) => [row.tool, row.source])).toEqual([
      ["detector", "web"],
      ["writer", "web"],
    ]);
    expect(JSON.parse(rows[0]!.input)).toEqual({ text: detectorText });
    const detectorOutput = JSON.parse(rows[0]!.output);
    expect(detectorOutput.probability).toBeGreaterThan(0.5);
    expect(detectorOutput.report).toContain("AI Probability");
    expect(JSON.parse(rows[1]!.input)).toEqual({ type: "blog", keywords: "kites, wind", text: "Flying kites on the beach" });
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{32}$/);
    // A year's retention.
    expect(rows[0]!.expires_at - rows[0]!.created_at).toBe(365 * 24 * 60 * 60);

    const { response, html } = await historyPage(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(itemLinks(html)).toEqual([rows[1]!.id, rows[0]!.id]);
    const text = visibleText(html);
    expect(text).toContain("Flying kites on the beach");
    expect(text).toContain("AI Writer");
    expect(text).toContain("AI Detector");
    expect(text).toMatch(/\w{3} \d{1,2}, 20\d\d, \d\d:\d\d UTC/);
  });

  it("never stores a demo visitor's result, nor a signed-in account's without a plan", async () => {
    const before = await env.DB.prepare("SELECT COUNT(*) AS n FROM history_items").first<{ n: number }>();
    expect((await postForm("/ai-detector", { text: detectorText }, freshClient())).status).toBe(200);
    const after = await env.DB.prepare("SELECT COUNT(*) AS n FROM history_items").first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
    const signedOut = await historyPage("");
    expect(visibleText(signedOut.html)).toContain("Sign in to see the results you produced.");
  });

  it("opens an item with its result, its input, a download, a 'run again' form of the tool and delete", async () => {
    const { cookie, email } = await subscribe("pro");
    await postForm("/ai-humanizer", { text: "It is important to note that the garden is lovely.", tone: "casual" }, { cookie });
    const [row] = await rowsOf(email);
    const page = await get(`/history/${row!.id}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const text = visibleText(html);
    expect(text).toContain("AI Humanizer");
    expect(text).toContain(JSON.parse(row!.output).text);
    expect(html).toContain(`href="/history/${row!.id}/download"`);
    expect(html).toMatch(/<form[^>]*action="\/ai-humanizer" method="post"/);
    expect(html).toContain('name="tone" value="casual"');
    expect(html).toContain('name="text" value="It is important to note that the garden is lovely."');

    const download = await get(`/history/${row!.id}/download`, { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="humanizer-[0-9a-f]{8}\.txt"$/);
    expect(await download.text()).toBe(JSON.parse(row!.output).text);

    // 'Run again' posts the same fields to the tool: a second result, the form filled the same.
    const again = await postForm("/ai-humanizer", JSON.parse(row!.input), { cookie });
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("It is important to note that the garden is lovely.");
    expect(await rowsOf(email)).toHaveLength(2);
  });

  it("keeps API results too, marked as API, and a subscriber's image in R2 for 30 days; deleting the item deletes the image", async () => {
    const { cookie, email } = await subscribe("pro");
    const key = await createKeyOnDashboard(cookie, "history test");
    const api = await callApi("detect", { key, body: { text: detectorText } });
    expect(api.status).toBe(200);
    const image = await postForm("/imagine-ai", { style: "cartoon", size: "square", prompt: "A lighthouse at dusk" }, { cookie });
    expect(image.status).toBe(200);

    const rows = await rowsOf(email);
    expect(rows.map((row) => [row.tool, row.source])).toEqual([
      ["detector", "api"],
      ["imagine", "web"],
    ]);
    const mediaId = rows[1]!.media_id!;
    const object = await env.MEDIA.head(`media/${mediaId}`);
    const days = (Date.parse(object!.customMetadata!.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect(visibleText((await historyPage(cookie)).html)).toContain("AI Detector · API");
    // History's Download gives the drawing as a PNG of its size, like the tool page.
    const item = await (await get(`/history/${rows[1]!.id}`, { headers: { cookie } })).text();
    expect(item).toContain(`href="/media/${mediaId}?format=png" download="generated-image.png"`);
    const png = new Uint8Array(await (await get(`/media/${mediaId}?format=png`, { headers: { cookie } })).arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1024, height: 1024 });

    const deleted = await postForm(`/history/${rows[1]!.id}`, { intent: "delete" }, { cookie });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/history?deleted=1");
    expect(await env.MEDIA.head(`media/${mediaId}`)).toBeNull();
    expect((await rowsOf(email)).map((row) => row.tool)).toEqual(["detector"]);
    expect((await get(`/history/${rows[1]!.id}`, { headers: { cookie } })).status).toBe(404);
    // Deleting twice is harmless.
    expect((await postForm(`/history/${rows[1]!.id}`, { intent: "delete" }, { cookie })).status).toBe(303);
  });

  it("says an image past its 30 days is gone, while the item stays", async () => {
    const { cookie, email } = await subscribe("pro");
    await postForm("/imagine-ai", { style: "cartoon", size: "square", prompt: "A kite over the dunes" }, { cookie });
    const [row] = await rowsOf(email);
    await env.DB.prepare("UPDATE history_items SET created_at = created_at - 31 * 86400 WHERE id = ?").bind(row!.id).run();
    const html = await (await get(`/history/${row!.id}`, { headers: { cookie } })).text();
    expect(visibleText(html)).toContain("This image was kept for 30 days and has been deleted. Run it again to make a new one.");
    expect(html).not.toContain(`<img src="/media/`);
    expect(html).toContain('name="prompt" value="A kite over the dunes"');
  });

  it("keeps one item per chat conversation, without and with JavaScript, that can be continued", async () => {
    const { cookie, email } = await subscribe("pro");
    const first = await postForm("/conversational-ai", chatFields("Tell me about otters"), { cookie });
    expect(first.status).toBe(200);
    const [row] = await rowsOf(email);
    const conversation = JSON.parse(row!.output).conversation as { role: string; content: string }[];
    expect(conversation.map((message) => message.role)).toEqual(["user", "assistant"]);

    // The item page's 'Continue' form carries the conversation; the streamed reply updates the same item.
    const html = await (await get(`/history/${row!.id}`, { headers: { cookie } })).text();
    expect(html).toMatch(/<form[^>]*action="\/conversational-ai" method="post"/);
    const streamed = await postChatStream(chatFields("And beavers?", { history: conversation }), { cookie });
    expect(streamed.status).toBe(200);
    await streamed.text();
    const rows = await rowsOf(email);
    expect(rows).toHaveLength(1);
    expect((JSON.parse(rows[0]!.output).conversation as { content: string }[]).map((message) => message.content).slice(0, 3)).toEqual([
      "Tell me about otters",
      conversation[1]!.content,
      "And beavers?",
    ]);
  });
});

describe("search, filter and paging", () => {
  it("finds items by words of their input or output (FTS5), filters by tool, and treats search syntax as words", async () => {
    const { cookie } = await subscribe("startup");
    await postForm("/ai-detector", { text: detectorText }, { cookie });
    await postForm("/ai-writer", { type: "blog", keywords: "", text: "Caring for a bonsai tree" }, { cookie });
    await postForm("/ai-humanizer", { text: "The bonsai needs water. It is important to note this.", tone: "casual" }, { cookie });

    const titles = async (query: string) => visibleText((await historyPage(cookie, query)).html);
    const bonsai = await historyPage(cookie, "?q=bonsai");
    expect(itemLinks(bonsai.html)).toHaveLength(2);
    expect(itemLinks((await historyPage(cookie, "?q=zeppel")).html)).toHaveLength(1);
    expect(itemLinks((await historyPage(cookie, "?q=bonsai&tool=writer")).html)).toHaveLength(1);
    expect(itemLinks((await historyPage(cookie, "?tool=detector")).html)).toHaveLength(1);
    expect(await titles("?q=nothingmatchesthis")).toContain("Nothing in your history matches this search.");
    // FTS5 operators typed by a person are just words, never a 5xx.
    for (const q of ['"', "bonsai AND (", "NEAR(a b)", "*", "-bonsai", "title:bonsai"]) {
      expect((await historyPage(cookie, `?q=${encodeURIComponent(q)}`)).response.status).toBe(200);
    }
  });

  it("refuses bad paging and filter parameters with 400 and a message", async () => {
    const { cookie } = await subscribe("pro");
    for (const [query, message] of [
      ["?tool=spreadsheet", "Unknown tool"],
      [`?q=${"a".repeat(201)}`, "The search is too long"],
      ["?cursor=1;DROP", "This page link is not valid"],
    ] as const) {
      const { response, html } = await historyPage(cookie, query);
      expect(response.status, query).toBe(400);
      expect(visibleText(html)).toContain(message);
    }
  });

  it("pages 45 items 20 at a time, newest first, with no item twice or missing", async () => {
    const { cookie, email } = await subscribe("pro");
    const now = Math.floor(Date.now() / 1000);
    await env.DB.batch(
      Array.from({ length: 45 }, (_, index) =>
        env.DB.prepare(
          `INSERT INTO history_items (id, email, tool, source, title, input, output, created_at, updated_at, expires_at)
           VALUES (?, ?, 'detector', 'web', ?, '{}', '{"tool":"detector","probability":null,"report":""}', ?, ?, ?)`,
        ).bind(index.toString(16).padStart(32, "0"), email, `Item ${index}`, now - (index % 7), now - (index % 7), now + 1000),
      ),
    );
    const seen: string[] = [];
    let query = "";
    for (let page = 0; page < 3; page += 1) {
      const { html } = await historyPage(cookie, query);
      seen.push(...itemLinks(html));
      const older = html.match(/href="\/history\?(cursor=[^"]+)"/);
      query = older ? `?${older[1]!.replace(/&amp;/g, "&")}` : "";
      if (page < 2) expect(query).not.toBe("");
    }
    expect(query).toBe("");
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
  });
});

describe("isolation", () => {
  it("answers 404 to another account for reading, downloading and running, and never deletes its item", async () => {
    const owner = await subscribe("pro");
    const stranger = await subscribe("pro");
    await postForm("/ai-detector", { text: detectorText }, { cookie: owner.cookie });
    const [row] = await rowsOf(owner.email);
    expect((await get(`/history/${row!.id}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await get(`/history/${row!.id}/download`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await postForm(`/history/${row!.id}`, { intent: "delete" }, { cookie: stranger.cookie })).status).toBe(303);
    expect(await rowsOf(owner.email)).toHaveLength(1);
    expect(itemLinks((await historyPage(stranger.cookie)).html)).toEqual([]);
    expect(itemLinks((await historyPage(stranger.cookie, "?q=zeppelin")).html)).toEqual([]);
    // Signed out: 401; made-up ids: 404; unknown intents: 400.
    expect((await get(`/history/${row!.id}`)).status).toBe(401);
    expect((await get(`/history/not-an-id`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    expect((await postForm(`/history/${row!.id}`, { intent: "share" }, { cookie: owner.cookie })).status).toBe(400);
  });
});
