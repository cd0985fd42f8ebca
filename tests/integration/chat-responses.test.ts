import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAiEngine } from "~/server/ai/openai-engine.server";
import type { ChatPiece } from "~/shared/ai-types";
import { apiSubscriber, callApi, sseEvents } from "./api-helpers";
import { fakeOpenAi, fakeStripe, freshClient, get, postForm, subscribe, visibleText } from "./helpers";
import { carriedHistory, chatEvents, chatFields, chatReplyText, postChatStream } from "./chat-helpers";
import { restoreSettingsAfterEach, withFakeOpenAi } from "./each-test";

// The chat on OpenAI's Responses API, against the fake's /v1/responses (tests/fakes/openai-responses.mjs):
// the events in order, the ways a stream ends (cut, error event, failed, incomplete), web search and
// its citations on every transport, its quota, the files of a message as input parts, and what the
// fake refuses as the real endpoint does.

restoreSettingsAfterEach("DEMO_LIMIT_PER_DAY");

const FAKE_SOURCE = "https://example.com/fake-source";
const searched = (message: string, extra: Record<string, string> = {}) => ({ ...chatFields(message), web_search: "on", ...extra });

async function lastResponsesRequest() {
  return (await fakeOpenAi.requests()).filter((request) => request.path === "/v1/responses").at(-1);
}

/** POST /v1/responses on the fake itself, as any client would; `error` is OpenAI's error object of a refusal. */
async function askFake(body: unknown): Promise<{ status: number; headers: Headers; text: string; error: any }> {
  const response = await fetch(`${env.FAKE_OPENAI_URL}/v1/responses`, {
    method: "POST",
    headers: { authorization: "Bearer sk-test-direct", "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, error: response.ok ? undefined : JSON.parse(text).error };
}

/** An SSE body as `{ event, data }` pairs. */
function sse(text: string): { event: string; data: any }[] {
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? "",
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null"),
    }));
}

async function usedChat(customerId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COALESCE(SUM(used), 0) AS used FROM usage WHERE customer_id = ? AND tool = 'chat'")
    .bind(customerId)
    .first<{ used: number }>();
  return row?.used ?? 0;
}

withFakeOpenAi();
afterEach(() => fakeStripe.off());

describe("the chat's stream over the Responses API", () => {
  it("relays the text deltas in the order the provider's typed events bring them, and the request passes the real checks", async () => {
    await fakeOpenAi.next({ chunks: ["One ", "two ", "three."] });
    const events = await chatEvents(await postChatStream(chatFields("Count to three"), freshClient()));
    expect(events.map((event) => event.type)).toEqual(["token", "token", "token", "done"]);
    expect(chatReplyText(events)).toBe("One two three.");

    // The request the Worker sent, sent again: the fake (which refuses what the API refuses) takes it
    // and streams the events in the Responses API's order, numbered from 0.
    const request = await lastResponsesRequest();
    const replay = await askFake(request!.body);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("content-type")).toContain("text/event-stream");
    const stream = sse(replay.text);
    expect(stream.map((event) => event.data.sequence_number)).toEqual(stream.map((_, index) => index));
    expect(stream.map((event) => event.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      ...Array(stream.length - 8).fill("response.output_text.delta"),
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(stream.every((event) => event.event === event.data.type)).toBe(true);
  });

  it("a stream that stops without a terminal event keeps the text and ends with the error inside the stream", async () => {
    await fakeOpenAi.next({ chunks: ["All ", "of ", "it"], cutAfter: 3 });
    const events = await chatEvents(await postChatStream(chatFields("Everything"), freshClient()));
    expect(chatReplyText(events)).toBe("All of it");
    expect(events.at(-1)).toEqual({ type: "error", message: "Failed to get a reply. Please try again." });
  });

  it("an error event in the stream ends the reply with the error; a rate-limit error says to wait", async () => {
    await fakeOpenAi.next({ chunks: ["Half ", "way ", "there"], errorEvent: { code: "server_error", message: "boom" }, errorAfter: 2 });
    const events = await chatEvents(await postChatStream(chatFields("Go on"), freshClient()));
    expect(chatReplyText(events)).toBe("Half way ");
    expect(events.at(-1)).toEqual({ type: "error", message: "Failed to get a reply. Please try again." });

    // Before any text, the failure still gets a proper status.
    await fakeOpenAi.next({ errorEvent: { code: "rate_limit_exceeded", message: "Rate limit reached" } });
    const refused = await postChatStream(chatFields("Again"), freshClient());
    expect(refused.status).toBe(502);
    expect(await refused.json()).toEqual({
      error: "The AI service is receiving too many requests right now. Please wait a few seconds and try again.",
    });
  });

  it("a response.failed ending is a failure, not a finished reply", async () => {
    await fakeOpenAi.next({ chunks: ["Nearly ", "done"], failed: { code: "server_error", message: "The model failed" } });
    const events = await chatEvents(await postChatStream(chatFields("Try"), freshClient()));
    expect(events.some((event) => event.type === "done")).toBe(false);
    expect(events.at(-1)).toEqual({ type: "error", message: "Failed to get a reply. Please try again." });
  });

  it("an incomplete response keeps what was written and says visibly why it stops; with nothing written it fails and is given back", async () => {
    const { cookie, customerId } = await (async () => {
      await fakeStripe.use();
      return subscribe("basic");
    })();
    await fakeOpenAi.next({
      chunks: ["A ", "long ", "answer ", "that ", "goes ", "on"],
      incomplete: "max_output_tokens",
      incompleteAfter: 3,
    });
    const events = await chatEvents(await postChatStream(chatFields("Tell me a lot"), { ...freshClient(), cookie }));
    const done = events.at(-1);
    expect(done?.type).toBe("done");
    expect(chatReplyText(events)).toBe(
      "A long answer \n\n_The answer stops here: it reached the length limit of one reply. Ask to continue for the rest._",
    );
    expect(done?.type === "done" && done.html).toContain("<em>The answer stops here: it reached the length limit of one reply.");
    expect(await usedChat(customerId)).toBe(1);

    await fakeOpenAi.next({ chunks: ["never"], incomplete: "content_filter", incompleteAfter: 0 });
    const failed = await postChatStream(chatFields("Something filtered"), { ...freshClient(), cookie });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({ error: "Failed to get a reply. Please try again." });
    expect(await usedChat(customerId)).toBe(1);
  });
});

describe("web search with sources", () => {
  it("sends the hosted web_search tool and streams the reply with its sources as numbered links and a Sources list", async () => {
    const events = await chatEvents(await postChatStream(searched("What is new in WCAG?"), freshClient()));
    const request = await lastResponsesRequest();
    expect(request?.body.tools).toEqual([{ type: "web_search" }]);
    const reply = chatReplyText(events);
    const done = events.at(-1);
    expect(done?.type).toBe("done");
    if (done?.type !== "done") return;
    const citations = (done as { citations?: { url: string; title: string; start: number; end: number }[] }).citations ?? [];
    expect(citations).toHaveLength(1);
    expect(citations[0]).toMatchObject({ url: FAKE_SOURCE, title: "Fake source" });
    expect(reply.slice(citations[0]!.start, citations[0]!.end)).toBe(`([example.com](${FAKE_SOURCE}))`);
    // The inline link the model wrote becomes the numbered marker; the list names title and host.
    expect(done.html).toContain(
      `<sup><a href="${FAKE_SOURCE}" title="Fake source" target="_blank" rel="noopener noreferrer nofollow ugc" aria-label="Source 1: Fake source (opens in a new tab)">[1]</a></sup>`,
    );
    expect(done.html).toContain("<strong>Sources</strong>");
    expect(done.html).toMatch(
      new RegExp(`<li><a href="${FAKE_SOURCE}" target="_blank" rel="noopener noreferrer nofollow ugc">Fake source</a> · example.com</li>`),
    );
  });

  it("places markers after the spans they support, numbers repeated sources once, and renders hostile titles and addresses harmless", async () => {
    const text = "First claim. Second claim. Third claim.";
    await fakeOpenAi.next({
      content: text,
      citations: [
        { url: "https://a.example/one", title: "Source <b>A</b> [x](javascript:alert(1))", start: 0, end: 12 },
        { url: "javascript:alert(1)", title: "Evil", start: 13, end: 26 },
        { url: "https://a.example/one", title: "Source A again", start: 27, end: 39 },
      ],
    });
    const events = await chatEvents(await postChatStream(searched("Claims?"), freshClient()));
    const done = events.at(-1);
    const html = done?.type === "done" ? done.html : "";
    expect(html).toMatch(/First claim\.<sup><a href="https:\/\/a\.example\/one".*?>\[1\]<\/a><\/sup> Second claim\. Third claim\.<sup>/);
    // Outside attribute values (where they are quoted text), no markup and no script address.
    const markup = html.replace(/"[^"]*"/g, '""');
    expect(markup).not.toContain("<b>");
    expect(markup.replace(/>[^<]*</g, "><")).not.toContain("javascript:");
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html.match(/<li>/g)).toHaveLength(1);
    // The title shows as the text it is.
    expect(html).toContain("Source &#x3C;b>A&#x3C;/b> [x](javascript:alert(1))</a> · a.example</li>");
  });

  it("without JavaScript the page's answer shows the linked sources, and the switch is off again for the next message", async () => {
    const response = await postForm("/conversational-ai", searched("Sources please"), freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`>[1]</a></sup>`);
    expect(visibleText(html)).toContain("Sources Fake source · example.com");
    const checkbox = html.match(/<input type="checkbox"[^>]*name="web_search"[^>]*>/)?.[0];
    expect(checkbox).toBeDefined();
    expect(checkbox).not.toContain("checked");
    expect(visibleText(html)).toContain("A chat message that searches the web counts as two messages.");
  });

  it("an earlier reply keeps its sources when the next message is sent without JavaScript, and the model reads only its text", async () => {
    const client = freshClient();
    const first = await (await postForm("/conversational-ai", searched("Sources please"), client)).text();
    const carried = carriedHistory(first);
    const reply = carried.find((message) => message.role === "assistant");
    expect(reply?.citations).toEqual([{ url: FAKE_SOURCE, title: "Fake source", start: expect.any(Number), end: expect.any(Number) }]);
    expect(reply!.content.slice(reply!.citations![0]!.start, reply!.citations![0]!.end)).toBe(`([example.com](${FAKE_SOURCE}))`);

    await fakeOpenAi.next({ content: "A plain follow-up." });
    const second = await postForm("/conversational-ai", chatFields("And without a search?", { history: carried }), client);
    expect(second.status).toBe(200);
    const html = await second.text();
    // The first reply still links its source; the new one has none.
    expect(html.match(/>\[1\]<\/a><\/sup>/g)).toHaveLength(1);
    expect(visibleText(html)).toContain("Sources Fake source · example.com");
    expect(visibleText(html)).toContain("A plain follow-up.");
    // ...and carries it on to the next post.
    expect(carriedHistory(html).filter((message) => message.citations)).toHaveLength(1);
    // The provider is sent the earlier reply as text, without the sources.
    const sent = JSON.stringify((await lastResponsesRequest())?.body);
    expect(sent).toContain("And without a search?");
    expect(sent).not.toContain('"citations"');
  });

  it("/api/v1/chat takes back the citations it answered, however many: the reply keeps the first 20, titles cut", async () => {
    await fakeStripe.use();
    const { key } = await apiSubscriber("pro");
    const content = "One claim after another, each with its source.";
    const citations = Array.from({ length: 25 }, (_, index) => ({
      url: `https://example.com/${index}`,
      title: index === 0 ? `https://example.com/${"long-".repeat(100)}` : `Source ${index}`,
      start: 0,
      end: content.length,
    }));
    await fakeOpenAi.next({ content, citations });
    const choices = { assistant: "general", tone: "professional" };
    const first = await callApi("chat", { key, body: { ...choices, message: "Claims?", web_search: true } });
    expect(first.status).toBe(200);
    expect(first.json.citations).toHaveLength(25);
    const history = [
      { role: "user", content: "Claims?" },
      { role: "assistant", content: first.json.message.content, citations: first.json.citations },
    ];
    const second = await callApi("chat", { key, body: { ...choices, message: "And then?", history } });
    expect(second.status).toBe(200);
    // The page carries what the schema kept: the first 20, the long title cut to 300 characters.
    const page = await postForm("/conversational-ai", chatFields("And then?", { history }), freshClient());
    expect(page.status).toBe(200);
    const carried = carriedHistory(await page.text())[1]!.citations!;
    expect(carried).toHaveLength(20);
    expect(carried[0]!.title).toHaveLength(300);
  });

  it("a subscriber's history keeps a reply's sources, streamed or not: the item page links them and Continue carries them", async () => {
    await fakeStripe.use();
    const { cookie, email } = await subscribe("pro");
    expect((await postForm("/conversational-ai", searched("Sources for my history"), { cookie })).status).toBe(200);
    await chatEvents(await postChatStream(searched("More sources, streamed"), { cookie }));
    const { results } = await env.DB.prepare("SELECT id, output FROM history_items WHERE email = ? AND tool = 'chat' ORDER BY seq")
      .bind(email)
      .all<{ id: string; output: string }>();
    expect(results).toHaveLength(2);
    for (const row of results) {
      const reply = JSON.parse(row.output).conversation[1];
      expect(reply.citations).toMatchObject([{ url: FAKE_SOURCE, title: "Fake source" }]);
    }
    const page = await (await get(`/history/${results[0]!.id}`, { headers: { cookie } })).text();
    expect(page).toContain(">[1]</a></sup>");
    expect(visibleText(page)).toContain("Sources Fake source · example.com");
    expect(carriedHistory(page)[1]!.citations).toMatchObject([{ start: expect.any(Number), end: expect.any(Number) }]);
  });

  it("refuses a carried source that is not a web address or whose span lies outside its reply, with 400 and what to do", async () => {
    const reply = { id: "1795000000001", role: "assistant", content: "A claim." };
    const question = { id: "1795000000000", role: "user", content: "Claim?" };
    const cases = [
      [{ url: "javascript:alert(1)", title: "x", start: 0, end: 8 }],
      [{ url: "https://a.example/", title: "x", start: 0, end: 99 }],
      [{ url: "https://a.example/", title: "x", start: 5, end: 2 }],
      [{ url: "https://a.example/", start: 0, end: 8 }],
      Array.from({ length: 201 }, () => ({ url: "https://a.example/", title: "x", start: 0, end: 8 })),
    ];
    for (const citations of cases) {
      const history = [question, { ...reply, citations }];
      const page = await postForm("/conversational-ai", chatFields("Next", { history }), freshClient());
      expect(page.status).toBe(400);
      expect(visibleText(await page.text())).toContain("The sources of an earlier reply could not be read");
      const stream = await postChatStream(chatFields("Next", { history }), freshClient());
      expect(stream.status).toBe(400);
      expect(((await stream.json()) as { error: string }).error).toMatch(/^The sources of an earlier reply could not be read/);
    }
  });

  it("the page offers the switch only with the provider, and says why offline", async () => {
    const withProvider = await (await get("/conversational-ai")).text();
    expect(withProvider).toMatch(/<input type="checkbox"[^>]*name="web_search"/);
    fakeOpenAi.offline();
    const offline = await (await get("/conversational-ai")).text();
    expect(offline).not.toContain('name="web_search"');
    expect(visibleText(offline)).toContain("Web search needs the AI provider: the offline demo engine cannot search the web.");
  });

  it("/api/v1/chat takes web_search and answers citations, in JSON and in the stream's message", async () => {
    await fakeStripe.use();
    const { key } = await apiSubscriber("pro");
    const answer = await callApi("chat", {
      key,
      body: { message: "Latest news?", assistant: "general", tone: "friendly", web_search: true },
    });
    expect(answer.status).toBe(200);
    expect(answer.json.citations).toEqual([{ url: FAKE_SOURCE, title: "Fake source", start: expect.any(Number), end: expect.any(Number) }]);
    const [citation] = answer.json.citations;
    expect(answer.json.message.content.slice(citation.start, citation.end)).toBe(`([example.com](${FAKE_SOURCE}))`);
    expect(answer.json.html).toContain("<strong>Sources</strong>");
    expect((await lastResponsesRequest())?.body.tools).toEqual([{ type: "web_search" }]);

    const plain = await callApi("chat", { key, body: { message: "No search", assistant: "general", tone: "friendly" } });
    expect(plain.json.citations).toEqual([]);
    expect((await lastResponsesRequest())?.body).not.toHaveProperty("tools");

    const streamed = await callApi("chat", {
      key,
      body: { message: "Stream with sources", assistant: "general", tone: "friendly", web_search: true, stream: true },
    });
    const message = sseEvents(streamed.text).at(-1)!;
    expect(message.event).toBe("message");
    expect(message.data.citations).toMatchObject([{ url: FAKE_SOURCE, title: "Fake source" }]);

    const bad = await callApi("chat", { key, body: { message: "x", assistant: "general", tone: "friendly", web_search: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ web_search: "web_search must be true or false." });
  });

  it("a searched message counts as two of the plan's chat messages, given back whole when the provider fails", async () => {
    await fakeStripe.use();
    const { cookie, customerId } = await subscribe("basic");
    await chatEvents(await postChatStream(searched("Search once"), { ...freshClient(), cookie }));
    expect(await usedChat(customerId)).toBe(2);
    await chatEvents(await postChatStream(chatFields("No search"), { ...freshClient(), cookie }));
    expect(await usedChat(customerId)).toBe(3);
    await fakeOpenAi.next({ status: 500 }, { status: 500 }, { status: 500 });
    expect((await postChatStream(searched("Fails"), { ...freshClient(), cookie })).status).toBe(502);
    expect(await usedChat(customerId)).toBe(3);
    // Offline nothing is searched, and the reply says so: one message.
    fakeOpenAi.offline();
    const events = await chatEvents(await postChatStream(searched("Offline search"), { ...freshClient(), cookie }));
    expect(chatReplyText(events)).toContain("Web search needs the AI provider: the offline demo engine searched nothing.");
    expect(await usedChat(customerId), "offline").toBe(4);
    // The price is said where plans are chosen.
    expect(visibleText(await (await get("/pricing")).text())).toContain("A chat message that searches the web counts as two messages.");
  });

  it("a visitor's searched message costs two demo messages, on the stream and the page alike, and a failed one gives both back", async () => {
    env.DEMO_LIMIT_PER_DAY = "4";
    const client = freshClient();
    const left = (events: { type: string; allowance?: { left: number } }[]) => events.at(-1)?.allowance?.left;
    expect(left(await chatEvents(await postChatStream(searched("Search once"), client)))).toBe(10);
    expect(left(await chatEvents(await postChatStream(chatFields("No search"), client)))).toBe(9);
    await fakeOpenAi.next({ status: 500 }, { status: 500 }, { status: 500 });
    expect((await postChatStream(searched("Fails"), client)).status).toBe(502);
    const page = await postForm("/conversational-ai", searched("On the page"), client);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("Demo: 7 messages left today (of 12).");
  });
});

describe("a message's files as Responses input parts", () => {
  it("sends a document as text with its name and an image as a data URL, after the message's own text", async () => {
    const engine = createOpenAiEngine({
      apiKey: "sk-test-integration-key-000000001234",
      baseURL: `${env.FAKE_OPENAI_URL}/v1`,
      textModel: "gpt-6-luna",
      imageModel: "gpt-image-2.6-flare",
      speechModel: "gpt-realtime-2.1-mini",
      timeoutMs: 1000,
    });
    const pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==";
    const pieces: ChatPiece[] = [];
    for await (const piece of engine.chat({
      assistant: "general",
      tone: "professional",
      messages: [
        { role: "user", content: "Earlier question" },
        { role: "assistant", content: "Earlier answer" },
        {
          role: "user",
          content: "Summarise these",
          attachments: [
            { kind: "document", name: "notes.pdf", bytes: 2048, text: "Three short words.", words: 3, pages: 1 },
            { kind: "image", name: "chart.png", bytes: 70, mediaType: "image/png", dataUrl: pixel },
          ],
        },
      ],
    }))
      pieces.push(piece);
    expect(pieces.map((piece) => (piece.type === "text" ? piece.text : "")).join("")).toBe("Fake provider reply to: Summarise these");
    const request = await lastResponsesRequest();
    expect(request?.body.input).toEqual([
      { role: "user", content: "Earlier question" },
      { role: "assistant", content: "Earlier answer" },
      {
        role: "user",
        content: [
          { type: "input_text", text: "Summarise these" },
          { type: "input_text", text: 'Attached document "notes.pdf" (3 words, 1 page):\n\nThree short words.' },
          { type: "input_image", image_url: pixel, detail: "auto" },
        ],
      },
    ]);
  });
});

describe("the fake /v1/responses refuses what the Responses API refuses", () => {
  const valid = { model: "gpt-6-luna", input: "Hello", max_output_tokens: 100, reasoning: { effort: "none" } };

  it.each([
    ["messages", { messages: [{ role: "user", content: "Hello" }] }, "Unknown parameter: 'messages'."],
    ["max_tokens", { max_tokens: 100 }, "Unknown parameter: 'max_tokens'."],
    ["max_completion_tokens", { max_completion_tokens: 100 }, "Unknown parameter: 'max_completion_tokens'."],
    ["n", { n: 2 }, "Unknown parameter: 'n'."],
    ["response_format", { response_format: { type: "text" } }, "Unknown parameter: 'response_format'."],
    ["functions", { functions: [] }, "Unknown parameter: 'functions'."],
    ["reasoning_effort", { reasoning_effort: "none" }, "Unknown parameter: 'reasoning_effort'."],
    [
      "stream_options.include_usage",
      { stream: true, stream_options: { include_usage: true } },
      "Unknown parameter: 'stream_options.include_usage'.",
    ],
  ])("%s → 400 unknown_parameter", async (param, extra, message) => {
    const response = await askFake({ ...valid, ...extra });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({ message, type: "invalid_request_error", param, code: "unknown_parameter" });
  });

  it("an unknown tool type, an input_file without filename, a temperature while reasoning → 400; a retired model → 404", async () => {
    const tool = await askFake({ ...valid, tools: [{ type: "web_browser" }] });
    expect(tool.status).toBe(400);
    expect(tool.error).toMatchObject({ param: "tools[0].type", code: "invalid_value" });

    const file = await askFake({
      ...valid,
      input: [{ role: "user", content: [{ type: "input_file", file_data: "data:application/pdf;base64,JVBERi0=" }] }],
    });
    expect(file.status).toBe(400);
    expect(file.error).toMatchObject({
      message: "Missing required parameter: 'input[0].content[0].filename'.",
      code: "missing_required_parameter",
    });
    const named = await askFake({
      ...valid,
      input: [{ role: "user", content: [{ type: "input_file", filename: "a.pdf", file_data: "data:application/pdf;base64,JVBERi0=" }] }],
    });
    expect(named.status).toBe(200);

    const reasoning = await askFake({ ...valid, reasoning: { effort: "medium" }, temperature: 0.7 });
    expect(reasoning.status).toBe(400);
    expect(reasoning.error).toMatchObject({ param: "temperature", code: "unsupported_parameter" });

    const retired = await askFake({ ...valid, model: "gpt-3.5-turbo" });
    expect(retired.status).toBe(404);
    expect(retired.error.code).toBe("model_not_found");

    const classic = await askFake({ ...valid, model: "gpt-4o-mini" });
    expect(classic.status).toBe(400);
    expect(classic.error).toMatchObject({ param: "reasoning.effort", code: "unsupported_parameter" });
  });

  it("an earlier chat model gets no reasoning parameter from the chat, which it would refuse", async () => {
    env.OPENAI_TEXT_MODEL = "gpt-4o-mini";
    try {
      const events = await chatEvents(await postChatStream(chatFields("Old model"), freshClient()));
      expect(events.at(-1)?.type).toBe("done");
      const request = await lastResponsesRequest();
      expect(request?.body).toMatchObject({ model: "gpt-4o-mini", temperature: 0.7, max_output_tokens: 500 });
      expect(request?.body).not.toHaveProperty("reasoning");
    } finally {
      env.OPENAI_TEXT_MODEL = "";
    }
  });
});
