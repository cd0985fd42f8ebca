import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { expectProviderFailurePage, fakeOpenAi, freshClient, get, postForm, visibleText } from "./helpers";

const aiStyleText =
  "In today's fast-paced world, it is important to note that artificial intelligence plays a crucial role in transforming industries. " +
  "Furthermore, businesses must leverage robust solutions to navigate the complexities of the ever-evolving digital landscape. " +
  "Moreover, organizations that harness data-driven insights can unlock new opportunities, streamline operations, and foster innovation. " +
  "It is essential to recognize that these tools are not a one-size-fits-all solution; rather, they require careful planning and a commitment to continuous improvement. " +
  "In conclusion, embracing AI unlocks the potential for seamless growth.";

afterEach(() => {
  fakeOpenAi.offline();
  env.DEMO_LIMIT_PER_MINUTE = "10";
  env.DEMO_LIMIT_PER_DAY = "100";
  env.OPENAI_TEXT_MODEL = "gpt-6-luna";
});

describe("text tools on the offline engine", () => {
  it("the detector answers with a probability, the named signals and the demo modal, keeping the text", async () => {
    const response = await postForm("/ai-detector", { text: aiStyleText }, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toMatch(/AI Probability: \d{1,3}%/);
    expect(text).toMatch(/Likely AI-written|Mixed: no confident call|Likely human-written/);
    expect(text).toContain("Analysis:");
    expect(text).toContain("Offline engine: a trained stylometric model");
    expect(text).toContain("Sentence by sentence");
    expect(html).toMatch(/<dialog[^>]*open=""/);
    expect(text).toContain("Demo Version");
    expect(html).toContain("In today&#x27;s fast-paced world");
  });

  it("notes the tool in the demo-seen cookie, whether the form is posted by the browser or by a script (.data)", async () => {
    for (const path of ["/ai-detector", "/ai-detector.data"]) {
      const response = await postForm(path, { text: aiStyleText }, freshClient());
      expect(response.status, path).toBe(200);
      expect(response.headers.getSetCookie(), path).toContainEqual(expect.stringMatching(/^demo-seen=ai-detector;/));
      await response.body?.cancel();
    }
  });

  it("the Worker scores a 1,000-word text with the shipped weights: a verdict band, a probability and per-sentence tints", async () => {
    const words = aiStyleText.split(" ");
    const long = Array.from({ length: 1000 }, (_, i) => words[i % words.length]).join(" ");
    const response = await postForm("/ai-detector", { text: long }, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toMatch(/AI Probability: \d{1,2}%/);
    expect(html).toMatch(/aria-label="AI probability \d{1,2}%"/);
    expect(visibleText(html)).toMatch(/Likely AI-written|Mixed: no confident call|Likely human-written/);
    expect(html).toMatch(/title="\d{1,3}% AI-like"/);
  });

  it("the detector gives no number for a text under 40 words, only 'too short for a reliable verdict'", async () => {
    const response = await postForm(
      "/ai-detector",
      { text: "Furthermore, it is important to note that robust tools foster growth." },
      freshClient(),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("Too short for a reliable verdict: paste at least 40 words.");
    expect(visibleText(html)).toContain("AI Probability: too short for a reliable verdict");
    expect(html).not.toContain('aria-label="AI probability');
  });

  it("the humanizer rewrites in the chosen tone and keeps numbers and links", async () => {
    const input = "We utilize 42 servers in order to facilitate growth. Moreover, see https://example.com/a for details.";
    const response = await postForm("/ai-humanizer", { text: input, tone: "casual" }, freshClient());
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Humanized Version");
    expect(text).toContain("42");
    expect(text).toContain("https://example.com/a");
    expect(text).toContain("Offline demo engine: rule-based rewrite");
    expect(text).toMatch(/Show changes \(\d+ edits?\)/);
  });

  it("the writer drafts the chosen content type from the keywords and renders its markdown", async () => {
    const response = await postForm(
      "/ai-writer",
      { type: "blog", keywords: "remote work, productivity", text: "How small teams stay focused when working remotely" },
      freshClient(),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("Generated Content");
    // The draft's headings sit one level below the page's <h1>.
    expect(html).toMatch(/<h2>[^<]*<\/h2>/);
    expect((html.match(/<h3>/g) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(html.toLowerCase()).toContain("remote work");
    expect(html).toContain('download="draft.md"');
  });
});

describe("validation", () => {
  it.each([
    ["/ai-detector", { text: "   \n  " }, "Please enter the text to analyze."],
    ["/ai-humanizer", { text: "  ", tone: "casual" }, "Please enter the text to humanize."],
    ["/ai-writer", { type: "blog", keywords: "", text: " " }, "Please enter the topic to write about."],
  ])("%s answers a blank text with 400 and a gentle message", async (path, fields, message) => {
    const response = await postForm(path, fields, freshClient());
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(message);
  });

  it("names the limit when the text is too long and keeps the input", async () => {
    const text = `${"word ".repeat(2000)}tail-marker`;
    const response = await postForm("/ai-detector", { text }, freshClient());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("the limit is 10,000 characters");
    expect(html).toContain("tail-marker");
  });

  it("names the writer's keyword and topic limits", async () => {
    const keywords = await postForm("/ai-writer", { type: "ad", keywords: "k".repeat(501), text: "shoes" }, freshClient());
    expect(keywords.status).toBe(400);
    expect(visibleText(await keywords.text())).toContain("the limit is 500 characters");
    const topic = await postForm("/ai-writer", { type: "ad", keywords: "", text: "t".repeat(2001) }, freshClient());
    expect(topic.status).toBe(400);
    expect(visibleText(await topic.text())).toContain("the limit is 2,000 characters");
  });

  it("rejects an unknown tone or content type with 400 and a clear message", async () => {
    const tone = await postForm("/ai-humanizer", { text: "Hello there.", tone: "sarcastic" }, freshClient());
    expect(tone.status).toBe(400);
    expect(visibleText(await tone.text())).toContain("Unknown tone. Choose one of: Professional, Casual");
    const type = await postForm("/ai-writer", { type: "poem", text: "Autumn" }, freshClient());
    expect(type.status).toBe(400);
    expect(visibleText(await type.text())).toContain("Unknown content type.");
  });

  it("answers JSON with 415, a malformed multipart body with 400 and an oversized body with 413", async () => {
    const json = await postForm("/ai-detector", {}, { "content-type": "application/json" });
    expect(json.status).toBe(415);
    const multipart = await postForm("/ai-detector", { text: "x" }, { "content-type": "multipart/form-data; boundary=nothing" });
    expect(multipart.status).toBe(400);
    const huge = await postForm("/ai-detector", { text: "a".repeat(70_000) }, freshClient());
    expect(huge.status).toBe(413);
    for (const response of [json, multipart, huge]) {
      const html = await response.text();
      expect(html).toContain("Unexpected Application Error!");
      expect(html).not.toMatch(/at \S+ \(.*:\d+:\d+\)/);
    }
  });

  it("refuses a cross-site POST with 403", async () => {
    const response = await postForm("/ai-detector", { text: aiStyleText }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });
});

describe("demo rate limit", () => {
  it("answers 429 with when to retry once a visitor passes the per-minute limit, keeping the input", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "2";
    const client = freshClient();
    for (let i = 0; i < 2; i += 1) {
      expect((await postForm("/ai-detector", { text: aiStyleText }, client)).status).toBe(200);
    }
    const limited = await postForm("/ai-detector", { text: "keep-this-input please" }, client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const html = await limited.text();
    expect(visibleText(html)).toMatch(/try again in \d+ seconds?/);
    expect(html).toContain("keep-this-input please");
    // Another visitor is not affected.
    expect((await postForm("/ai-detector", { text: aiStyleText }, freshClient())).status).toBe(200);
  });

  it("turns the limit off with 0", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "0";
    env.DEMO_LIMIT_PER_DAY = "0";
    const client = freshClient();
    for (let i = 0; i < 12; i += 1) {
      expect((await postForm("/ai-detector", { text: "Short text to check." }, client)).status).toBe(200);
    }
  });
});

describe("text tools on the OpenAI engine (fake provider)", () => {
  beforeEach(() => fakeOpenAi.use());

  it("the detector sends the spec's payload, heads with the measured model's probability and shows the provider's analysis as commentary", async () => {
    await fakeOpenAi.next({ content: "AI Probability: 87%\nAnalysis: Uniform sentence rhythm." });
    const response = await postForm("/ai-detector", { text: aiStyleText }, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    const measured = /AI Probability: (\d{1,3})%/.exec(visibleText(html))?.[1];
    expect(measured).toBeDefined();
    expect(measured).not.toBe("87");
    expect(html).toContain(`aria-label="AI probability ${measured}%"`);
    expect(visibleText(html)).toContain("Provider commentary (gpt-6-luna): Uniform sentence rhythm.");
    const [request] = (await fakeOpenAi.requests()).filter((r) => r.body?.max_completion_tokens === 500);
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer sk-test-integration-key-000000001234");
    // gpt-6-luna is a reasoning model: it refuses max_tokens, and a temperature unless reasoning is off.
    expect(request?.body).toMatchObject({ model: "gpt-6-luna", temperature: 0.7, max_completion_tokens: 500, reasoning_effort: "none" });
    expect(request?.body).not.toHaveProperty("max_tokens");
    expect(request?.body.messages[0].role).toBe("system");
    expect(request?.body.messages[0].content).toContain("AI Probability: X%");
    expect(request?.body.messages[0].content).toContain("Analysis:");
    expect(request?.body.messages[1]).toEqual({ role: "user", content: aiStyleText });
    expect(html).not.toContain("sk-test-integration-key");
  });

  it("the humanizer asks for a rewrite in the chosen tone at temperature 0.8 with 500 tokens", async () => {
    await fakeOpenAi.next({ content: "Honestly, this reads way better now." });
    const response = await postForm("/ai-humanizer", { text: "The text utilizes words.", tone: "friendly" }, freshClient());
    expect(visibleText(await response.text())).toContain("Honestly, this reads way better now.");
    const request = (await fakeOpenAi.requests()).find((r) => r.body?.temperature === 0.8);
    expect(request?.body).toMatchObject({ model: "gpt-6-luna", temperature: 0.8, max_completion_tokens: 500, reasoning_effort: "none" });
    expect(request?.body.messages[0].content).toContain("friendly tone");
    expect(request?.body.messages[1]).toEqual({ role: "user", content: "The text utilizes words." });
  });

  it("the humanizer has the provider revise the sentences the detector still flags, and shows the score before and after", async () => {
    // A whole text as the revision prompt asks, keeping the input's name ("AI") and its negation:
    // a revision that drops either, or comes back too short to score, is not kept.
    const secondPass =
      "AI is changing how companies work, and most of us can already feel it. Some teams pick new tools quickly and hope for the best; others take their time and plan every step. " +
      "Either way, the tools only help when people know what they want from them, so it pays to start small, learn from what breaks, and keep the parts that actually save time. " +
      "AI won't fix a messy process by itself. It needs a plan, some patience and people willing to change how they work.";
    await fakeOpenAi.next({ content: aiStyleText }, { content: secondPass });
    const response = await postForm("/ai-humanizer", { text: aiStyleText, tone: "casual" }, freshClient());
    const text = visibleText(await response.text());
    expect(text).toContain(secondPass);
    expect(text).toMatch(/Our AI detector: \d{1,2} ?% before, \d{1,2} ?% after ?\./);
    const revision = (await fakeOpenAi.requests()).find((r) =>
      String(r.body?.messages?.[0]?.content).startsWith("Rewrite only the listed sentences"),
    );
    expect(revision?.body.messages[1].content).toContain("Sentences to rewrite:\n- ");
    expect(revision?.body.messages[0].content).toContain("casual tone");
  });

  it("the writer sends the type's system message and a prompt of type name, keywords and text", async () => {
    await fakeOpenAi.next({ content: "# Launch day\n\nWe are live." });
    const response = await postForm(
      "/ai-writer",
      { type: "email", keywords: "launch, beta", text: "Invite users to our beta" },
      freshClient(),
    );
    const html = await response.text();
    expect(html).toContain("<h2>Launch day</h2>");
    const request = (await fakeOpenAi.requests()).find((r) => r.body?.max_completion_tokens === 1000);
    expect(request?.body).toMatchObject({ model: "gpt-6-luna", temperature: 0.8, max_completion_tokens: 1000, reasoning_effort: "none" });
    expect(request?.body.messages[0].role).toBe("system");
    expect(request?.body.messages[0].content).toContain("email content");
    expect(request?.body.messages[1].content).toContain("Email");
    expect(request?.body.messages[1].content).toContain("launch, beta");
    expect(request?.body.messages[1].content).toContain("Invite users to our beta");
  });

  it("falls back to the spec's text when the answer has no content", async () => {
    await fakeOpenAi.next({ content: null });
    const response = await postForm("/ai-detector", { text: aiStyleText }, freshClient());
    expect(visibleText(await response.text())).toContain("Analysis failed");
  });

  it.each([
    [400, "Failed to analyze text. Please try again."],
    [401, "Failed to analyze text. Please try again."],
    [500, "Failed to analyze text. Please try again."],
    [429, "Please wait a few seconds and try again."],
  ])("maps a provider %i to a clear message and keeps the input", async (status, message) => {
    // Retried statuses (429, 5xx) are answered three times: the first try and the SDK's two retries.
    await fakeOpenAi.next({ status }, { status }, { status });
    const response = await postForm("/ai-detector", { text: "Keep me in the form." }, freshClient());
    await expectProviderFailurePage(response, message, "Keep me in the form.");
  });

  /** The visitor's first writer run, which the provider refuses (400): the page answers 502. */
  async function writerRunTheProviderRefuses(client: Record<string, string>) {
    await fakeOpenAi.next({ status: 400 });
    expect((await postForm("/ai-writer", { type: "blog", text: "First try" }, client)).status).toBe(502);
  }

  it("gives a visitor's demo action of the day back when the provider fails; an answered one is spent", async () => {
    env.DEMO_LIMIT_PER_DAY = "1";
    const client = freshClient();
    await writerRunTheProviderRefuses(client);
    expect((await postForm("/ai-writer", { type: "blog", text: "Second try" }, client)).status).toBe(200);
    const spent = await postForm("/ai-writer", { type: "blog", text: "Third try" }, client);
    expect(spent.status).toBe(429);
    expect(visibleText(await spent.text())).toContain("You have reached the demo limit.");
  });

  it("keeps a failed run's place in the visitor's minute, so failing runs are still paced", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "1";
    const client = freshClient();
    await writerRunTheProviderRefuses(client);
    expect((await postForm("/ai-writer", { type: "blog", text: "Second try" }, client)).status).toBe(429);
  });

  it("gives up on a provider that hangs past the timeout", async () => {
    await fakeOpenAi.next({ hang: true }, { hang: true }, { hang: true });
    const response = await postForm("/ai-writer", { type: "blog", text: "Anything" }, freshClient());
    expect(response.status).toBe(502);
    expect(visibleText(await response.text())).toContain("Failed to generate content. Please try again.");
  });

  it("treats a malformed provider body as a failure", async () => {
    await fakeOpenAi.next({ raw: "{not json" });
    const response = await postForm("/ai-humanizer", { text: "Some text.", tone: "casual" }, freshClient());
    expect(response.status).toBe(502);
    expect(visibleText(await response.text())).toContain("Failed to humanize text. Please try again.");
  });

  it("runs the connection test with one user message and 5 tokens, reasoning off, and shows a failure without the key", async () => {
    env.OPENAI_TEXT_MODEL = "gpt-5.6-terra"; // a current model, in a configuration not yet cached
    await fakeOpenAi.next({ status: 401 });
    const html = await (await get("/ai-humanizer")).text();
    const text = visibleText(html);
    expect(text).toContain("AI Service Unavailable");
    expect(text).toContain("401");
    expect(html).not.toMatch(/sk-test[\w*]*1234/);
    const pings = (await fakeOpenAi.requests()).filter((r) => r.path === "/v1/chat/completions");
    // With reasoning on, a 5-token budget would be spent on thinking and come back empty.
    expect(pings.map((r) => r.body)).toEqual([
      { model: "gpt-5.6-terra", messages: [{ role: "user", content: "Hello" }], max_completion_tokens: 5, reasoning_effort: "none" },
    ]);
    // Cached per isolate: a second page load does not call the provider again.
    await get("/ai-writer");
    expect((await fakeOpenAi.requests()).filter((r) => r.path === "/v1/chat/completions")).toHaveLength(1);
  });
});
