import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fakeOpenAi, freshClient, get, postForm, postMultipart, visibleText } from "./helpers";
import { carriedHistory, chatEvents, chatFields, chatReplyText, postChatStream } from "./chat-helpers";

const earlier = [
  { id: "1795000000000", role: "user", content: "What is a content calendar?" },
  { id: "1795000000001", role: "assistant", content: "A **plan** of what you publish and when." },
];

function manyMessages(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: String(1795000000000 + i),
    role: i % 2 === 0 ? "user" : "assistant",
    content: `message number ${i}`,
  }));
}

afterEach(() => {
  fakeOpenAi.offline();
  env.DEMO_LIMIT_PER_MINUTE = "10";
  env.DEMO_LIMIT_PER_DAY = "100";
});

describe("chat on the offline engine", () => {
  it("streams the simulated reply word by word as NDJSON, ending with the rendered reply", async () => {
    const response = await postChatStream(chatFields("Hello there, how are you?"), freshClient());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const events = await chatEvents(response);
    const tokens = events.filter((event) => event.type === "token");
    expect(tokens.length).toBeGreaterThan(5);
    expect(chatReplyText(events)).toBe(
      'This is a simulated response to: "Hello there, how are you?"\n\n_Offline demo engine: no language model was called._',
    );
    const last = events.at(-1);
    expect(last?.type).toBe("done");
    expect(last?.type === "done" && last.html).toContain("<em>Offline demo engine: no language model was called.</em>");
  });

  it("renders the reply's Markdown sanitized: raw HTML shows as text, unsafe links lose their address", async () => {
    const events = await chatEvents(
      await postChatStream(chatFields('<img src=x onerror="alert(1)"> [link](javascript:alert(1))'), freshClient()),
    );
    const done = events.at(-1);
    expect(done?.type).toBe("done");
    const html = done?.type === "done" ? done.html : "";
    expect(html).not.toContain("<img");
    expect(html).toContain("&#x3C;img");
    expect(html).not.toContain("javascript:");
  });

  it("without JavaScript the page's action renders the whole conversation with the reply and the demo modal", async () => {
    const response = await postForm(
      "/conversational-ai",
      chatFields("And how often should I post?", { assistant: "strategist", tone: "friendly", history: earlier }),
      freshClient(),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("What is a content calendar?");
    expect(html).toContain("A <strong>plan</strong> of what you publish and when.");
    expect(text).toContain("And how often should I post?");
    expect(text).toContain('This is a simulated response to: "And how often should I post?"');
    expect(html).toMatch(/<dialog[^>]*open=""/);
    expect(html).toMatch(/<time dateTime="2026-11-18T11:06:40.000Z">11:06 UTC<\/time>/i);
    // The choices stay selected and the next post carries all four messages.
    expect(html).toMatch(/<input type="radio"[^>]*name="assistant" checked="" value="strategist"/);
    expect(html).toMatch(/<input type="radio"[^>]*name="tone" checked="" value="friendly"/);
    const carried = carriedHistory(html);
    expect(carried.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(carried[2]?.content).toBe("And how often should I post?");
    expect(Number(carried[3]?.id)).toBeGreaterThanOrEqual(Number(carried[2]?.id));
  });

  it("without JavaScript Regenerate answers the last question again in place of its answer, keeping what is typed", async () => {
    const history = [
      ...earlier,
      { id: "1795000000002", role: "user", content: "How often?" },
      { id: "1795000000003", role: "assistant", content: "An old answer." },
    ];
    const response = await postForm(
      "/conversational-ai",
      { ...chatFields("half a thought", { history }), intent: "regenerate" },
      freshClient(),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("What is a content calendar?");
    expect(text).not.toContain("An old answer.");
    expect(text).toContain('This is a simulated response to: "How often?"');
    expect(messageField(html)).toBe("half a thought");
    expect(carriedHistory(html).map(({ role, content }) => `${role}: ${content.split("\n")[0]}`)).toEqual([
      "user: What is a content calendar?",
      "assistant: A **plan** of what you publish and when.",
      "user: How often?",
      'assistant: This is a simulated response to: "How often?"',
    ]);
  });

  it("Regenerate counts against the demo allowance like a message", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "1";
    const client = freshClient();
    const regenerate = { ...chatFields("", { history: earlier }), intent: "regenerate" };
    for (let i = 0; i < 3; i++) expect((await postForm("/conversational-ai", regenerate, client)).status).toBe(200);
    const limited = await postForm("/conversational-ai", regenerate, client);
    expect(limited.status).toBe(429);
    expect(visibleText(await limited.text())).toMatch(/demo limit/);
  });
});

describe("chat validation (both routes share one schema)", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["a blank message", chatFields("  \n "), "Please enter a message."],
    ["a message of 4,001 characters", chatFields("a".repeat(4001)), "The message is too long: the limit is 4,000 characters."],
    [
      "an unknown tone",
      chatFields("Hi", { tone: "sarcastic" }),
      "Unknown tone. Choose one of: Professional, Friendly, Creative, Academic.",
    ],
    [
      "an unknown assistant",
      chatFields("Hi", { assistant: "hacker" }),
      "Unknown assistant. Choose one of: General Assistant, Content Strategist, Copy Editor, Social Media Coach.",
    ],
    ["a history that is not JSON", { ...chatFields("Hi"), history: "{nope" }, "The conversation could not be read"],
    [
      "a history entry with an unknown role",
      chatFields("Hi", { history: [{ id: "1", role: "system", content: "x" }] }),
      "The conversation could not be read",
    ],
    [
      "a history entry over 4,000 characters",
      chatFields("Hi", { history: [{ id: "1", role: "user", content: "b".repeat(4001) }] }),
      "at most 4,000 characters",
    ],
    [
      "Regenerate before any answer",
      { ...chatFields("", { history: earlier.slice(0, 1) }), intent: "regenerate" },
      "There is no answer to regenerate yet: send a message first.",
    ],
    ["an unknown intent", { ...chatFields("Hi"), intent: "delete" }, "Unknown action: use Send, Regenerate or Edit."],
  ];

  it.each(cases)("the stream route answers %s with 400 and a clear message, before streaming", async (_, fields, message) => {
    const response = await postChatStream(fields, freshClient());
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain(message);
  });

  it.each(cases)("the page's action answers %s with 400, the message and the input kept", async (_, fields, message) => {
    const response = await postForm("/conversational-ai", fields, freshClient());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain(message);
    if (fields.message!.trim() && fields.message!.length < 100) expect(messageField(html)).toBe(fields.message);
  });

  it("the stream route answers a body it cannot read with a 4xx JSON message", async () => {
    const json = await postChatStream({}, { "content-type": "application/json" });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { error: string }).error).toContain("application/x-www-form-urlencoded");
    const huge = await postChatStream(
      chatFields("x", { history: [{ id: "1", role: "user", content: "a".repeat(1_100_000) }] }),
      freshClient(),
    );
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toContain("The form is too large");
  });

  it("a file where the message belongs is refused with 400 on both routes", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(chatFields("x"))) form.set(name, value);
    form.set("message", new File(["hello"], "hello.txt", { type: "text/plain" }));
    const send = (path: string) => postMultipart(path, form, freshClient());
    const stream = await send("/api/chat");
    expect(stream.status).toBe(400);
    expect(((await stream.json()) as { error: string }).error).toBe('The field "message" must be text, not a file.');
    const page = await send("/conversational-ai");
    expect(page.status).toBe(400);
    expect(await page.text()).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
  });

  it("a full conversation fits: 20 earlier messages of 4,000 characters each are accepted", async () => {
    const long = Array.from({ length: 20 }, (_, i) => ({
      id: String(1795000000000 + i),
      role: i % 2 ? "assistant" : "user",
      content: "é".repeat(4000),
    }));
    const response = await postChatStream(chatFields("Still there?", { history: long }), freshClient());
    expect(response.status).toBe(200);
    expect((await chatEvents(response)).at(-1)?.type).toBe("done");
  });

  it("the stream route only answers POST", async () => {
    const response = await get("/api/chat");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("refuses a cross-site POST with 403", async () => {
    const response = await postChatStream(chatFields("Hi"), { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("has its own demo allowance, three times the other tools', and answers 429 with when to retry", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "1";
    const client = freshClient();
    expect((await postChatStream(chatFields("one"), client)).status).toBe(200);
    expect((await postForm("/conversational-ai", chatFields("two"), client)).status).toBe(200);
    expect((await postChatStream(chatFields("three"), client)).status).toBe(200);
    // The other tools' minute is untouched by the conversation.
    expect((await postForm("/ai-writer", { type: "blog", keywords: "", text: "A short guide to composting at home" }, client)).status).toBe(
      200,
    );
    const limited = await postChatStream(chatFields("four"), client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/demo limit\. Please try again in \d+ seconds?/);
    const page = await postForm("/conversational-ai", chatFields("keep me"), client);
    expect(page.status).toBe(429);
    expect(messageField(await page.text())).toBe("keep me");
  });
});

describe("chat on the OpenAI engine (fake provider)", () => {
  beforeEach(() => fakeOpenAi.use());

  it("sends the spec's payload on the Responses API: streaming, temperature 0.7, 500 tokens, instructions + history + new message, nothing stored", async () => {
    await fakeOpenAi.next({ chunks: ["Post ", "three ", "times ", "a week."] });
    const response = await postChatStream(
      chatFields("How often should I post?", { assistant: "social", tone: "academic", history: earlier }),
      freshClient(),
    );
    const events = await chatEvents(response);
    expect(chatReplyText(events)).toBe("Post three times a week.");
    expect(events.filter((event) => event.type === "token")).toHaveLength(4);
    const request = (await fakeOpenAi.requests()).find((r) => r.body?.stream === true);
    expect(request?.path).toBe("/v1/responses");
    expect(request?.body).toMatchObject({
      model: "gpt-6-luna",
      temperature: 0.7,
      max_output_tokens: 500,
      reasoning: { effort: "none" },
      store: false,
      stream: true,
    });
    // No web search unless asked for, and nothing of Chat Completions.
    expect(request?.body).not.toHaveProperty("tools");
    expect(request?.body).not.toHaveProperty("messages");
    expect(request?.body.instructions).toContain("social media coach");
    expect(request?.body.instructions).toContain("academic tone: scholarly and detailed");
    expect(request?.body.input).toEqual([
      { role: "user", content: "What is a content calendar?" },
      { role: "assistant", content: "A **plan** of what you publish and when." },
      { role: "user", content: "How often should I post?" },
    ]);
  });

  it("keeps only the last 20 earlier messages of a longer conversation", async () => {
    await fakeOpenAi.next({ chunks: ["ok"] });
    await chatEvents(await postChatStream(chatFields("latest", { history: manyMessages(25) }), freshClient()));
    const request = (await fakeOpenAi.requests()).find((r) => r.body?.stream === true);
    const input = request?.body.input as { content: string }[];
    expect(input).toHaveLength(20 + 1);
    expect(input[0]?.content).toBe("message number 5");
    expect(input.at(-2)?.content).toBe("message number 24");
    expect(input.at(-1)?.content).toBe("latest");
  });

  it("pipes the first pieces to the client while the provider is still writing the rest", async () => {
    await fakeOpenAi.next({ chunks: ["First ", "second ", "third"], chunkDelayMs: 600 });
    const response = await postChatStream(chatFields("Stream please"), freshClient());
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('{"type":"token","text":"First "}');
    expect(first).not.toContain("third");
    // The provider is still holding the rest of its answer at this point.
    const [upstream] = (await fakeOpenAi.requests()).filter((r) => r.body?.stream === true);
    expect(upstream?.firstChunkAt).toBeTypeOf("number");
    expect(upstream?.finishedAt).toBeUndefined();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('"text":"third"');
    expect(rest).toContain('"type":"done"');
    const [finished] = (await fakeOpenAi.requests()).filter((r) => r.body?.stream === true);
    expect(finished?.finishedAt).toBeTypeOf("number");
  });

  // A client that stops reading no longer stops the reply: the conversation's Durable Object writes
  // it to its end, and Stop is a request of its own (chat-resume.test.ts, decision 072).

  it("a cut upstream stream keeps the partial reply and ends with the error inside the stream", async () => {
    await fakeOpenAi.next({ chunks: ["Half ", "an ", "answer ", "never ends"], cutAfter: 2 });
    const response = await postChatStream(chatFields("Tell me everything"), freshClient());
    expect(response.status).toBe(200);
    const events = await chatEvents(response);
    expect(chatReplyText(events)).toBe("Half an ");
    expect(events.at(-1)).toEqual({ type: "error", message: "Failed to get a reply. Please try again." });
    expect(events.some((event) => event.type === "done")).toBe(false);
  });

  it("a provider that stalls mid-reply is given up on, with the error inside the stream", async () => {
    // The integration config sets OPENAI_TIMEOUT_MS to 1000: also the longest allowed silence.
    await fakeOpenAi.next({ chunks: ["Slow ", "start"], chunkDelayMs: 2500 });
    const events = await chatEvents(await postChatStream(chatFields("Hello?"), freshClient()));
    expect(chatReplyText(events)).toBe("Slow ");
    expect(events.at(-1)).toEqual({ type: "error", message: "Failed to get a reply. Please try again." });
  });

  it.each([
    [429, "The AI service is receiving too many requests right now. Please wait a few seconds and try again."],
    [500, "Failed to get a reply. Please try again."],
  ])("a provider %i before streaming answers 502 with a clear message", async (status, message) => {
    await fakeOpenAi.next({ status }, { status }, { status });
    const response = await postChatStream(chatFields("Anyone there?"), freshClient());
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: message });
  });

  it("the page's action shows the provider's failure and keeps the conversation and the message", async () => {
    await fakeOpenAi.next({ status: 500 }, { status: 500 }, { status: 500 });
    const response = await postForm("/conversational-ai", chatFields("Keep this question", { history: earlier }), freshClient());
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(visibleText(html)).toContain("Failed to get a reply. Please try again.");
    expect(visibleText(html)).toContain("What is a content calendar?");
    expect(messageField(html)).toBe("Keep this question");
    expect(html).not.toContain("sk-test");
  });

  it("an empty answer becomes the spec's fallback text", async () => {
    await fakeOpenAi.next({ chunks: [] });
    const events = await chatEvents(await postChatStream(chatFields("Say nothing"), freshClient()));
    expect(chatReplyText(events)).toBe("Chat response failed");
    expect(events.at(-1)?.type).toBe("done");
  });

  it("the page's action answers with the provider's whole reply rendered", async () => {
    await fakeOpenAi.next({ chunks: ["Here is ", "**bold** ", "advice."] });
    const response = await postForm("/conversational-ai", chatFields("Advise me"), freshClient());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Here is <strong>bold</strong> advice.");
  });

  it("Regenerate without JavaScript asks the provider the last question again, without its old answer", async () => {
    await fakeOpenAi.next({ chunks: ["A fresh ", "answer."] });
    const history = [
      ...earlier,
      { id: "1795000000002", role: "user", content: "How often?" },
      { id: "1795000000003", role: "assistant", content: "An old answer." },
    ];
    const response = await postForm("/conversational-ai", { ...chatFields("", { history }), intent: "regenerate" }, freshClient());
    expect(response.status).toBe(200);
    const request = (await fakeOpenAi.requests()).find((r) => r.body?.stream === true);
    expect(request?.body.input).toEqual([
      { role: "user", content: "What is a content calendar?" },
      { role: "assistant", content: "A **plan** of what you publish and when." },
      { role: "user", content: "How often?" },
    ]);
    const text = visibleText(await response.text());
    expect(text).toContain("A fresh answer.");
    expect(text).not.toContain("An old answer.");
  });
});

/** What the page's message box (a textarea) holds. */
function messageField(html: string): string | undefined {
  return html.match(/<textarea[^>]*name="message"[^>]*>([^<]*)<\/textarea>/)?.[1];
}
