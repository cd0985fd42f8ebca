import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { detectAiText } from "~/server/detector/detect.server";
import { MAX_PASSES } from "~/server/ai/openai-humanize.server";
import { trainedDetector } from "~/server/detector/trained-detector.server";
import { expectProviderFailurePage, fakeOpenAi, freshClient, postForm, visibleText } from "./helpers";
import { withFakeOpenAi } from "./each-test";

// The provider humanizer (app/server/ai/openai-humanize.server.ts) through the page's form, against
// the fake OpenAI (tests/fakes/openai-server.mjs), which refuses what the real API refuses. The
// texts are written for this test: assistant-style paragraphs of 80+ words (the detector's minimum)
// and a plain one.

const input =
  "In today's fast-paced world, it is important to note that remote work plays a crucial role in how modern teams operate. " +
  "Furthermore, organizations must leverage robust tools to navigate the complexities of distributed collaboration. " +
  "Moreover, companies that embrace flexible schedules can unlock new opportunities, streamline operations, and foster innovation across 42 offices. " +
  "Additionally, it is essential to recognize that remote work is not a one-size-fits-all solution; rather, it requires careful planning and a commitment to continuous improvement. " +
  "In conclusion, embracing remote work unlocks the potential for seamless growth.";

// Still assistant-like rewrites of `input`, each keeping 42 and every negation; each called 'Likely
// AI' at Balanced, the default level (decision 058 raised its paragraph line to 92%).
const stillFlagged = [
  "In today's ever-evolving landscape, remote work plays a pivotal role in how modern teams operate. Organizations must leverage robust tools to navigate the complexities of distributed collaboration. Companies that embrace flexible schedules can unlock new opportunities, streamline operations, and foster innovation across 42 offices. Additionally, it is essential to recognize that remote work is not a one-size-fits-all solution; rather, it requires careful planning, clear communication, and a commitment to continuous improvement. By fostering a culture of trust, transparency, and accountability, leaders can empower their teams to thrive in this dynamic environment. In conclusion, embracing remote work unlocks the potential for seamless growth and lasting success.",
  "In today's ever-evolving landscape, remote work plays a pivotal role in how modern teams operate. Organizations must leverage robust tools to navigate the complexities of distributed collaboration. Companies that embrace flexible schedules can unlock new opportunities, streamline operations, and foster innovation across 42 offices. It is essential to recognize that remote work is not a one-size-fits-all solution; rather, it requires careful planning, clear communication, and a commitment to continuous improvement. By fostering a culture of trust, transparency, and accountability, leaders can empower their teams to thrive in this dynamic environment. Embracing remote work unlocks the potential for seamless growth and lasting success.",
  "In today's ever-evolving landscape, remote work plays a pivotal role in how modern teams operate. Organizations must leverage robust tools to navigate the complexities of distributed collaboration. Companies that embrace flexible schedules can unlock new opportunities, streamline operations, and foster innovation across 42 offices. It is essential to recognize that remote work is not a one-size-fits-all solution; rather, it requires careful planning, clear communication, and a commitment to continuous improvement. By fostering a culture of trust, transparency, and accountability, leaders can empower their teams to thrive in this dynamic environment. In conclusion, embracing remote work unlocks the potential for seamless growth and lasting success.",
];

const plain =
  "Remote work changed how our teams get things done, and not always smoothly. We tried a few chat apps before one stuck, and honestly the first month was messy. " +
  "Across our 42 offices people now pick their own hours, which most of them like, though a few still miss the hallway chatter and the coffee runs. " +
  "It is not a fix for everything. You have to plan the week, check in often and keep tweaking what doesn't work. Still, I wouldn't go back to the old way.";

// The humanizer's calls (a system and a user message), not the status line's connection test.
const chatRequests = async () =>
  (await fakeOpenAi.requests()).filter(
    (request) => request.path === "/v1/chat/completions" && request.body?.messages?.[0]?.role === "system",
  );

withFakeOpenAi();

describe("the humanizer with a provider", () => {
  it("stops after MAX_PASSES calls while the detector keeps flagging, each revision scoring lower, and lists every pass", async () => {
    // Worst first, so that each answer is a revision the detector scores lower than the one before.
    const chain = stillFlagged
      .map((text) => ({ text, detection: detectAiText(text) }))
      .sort((a, b) => b.detection.probability - a.detection.probability);
    for (const { detection } of chain) expect(detection.verdict).toBe("likely-ai");
    expect(new Set(chain.map(({ detection }) => detection.probability)).size).toBe(chain.length);
    await fakeOpenAi.next(...chain.map(({ text }) => ({ content: text })), { content: plain });

    const response = await postForm("/ai-humanizer", { text: input, tone: "professional" }, freshClient());
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(MAX_PASSES).toBe(3);
    expect(await chatRequests()).toHaveLength(MAX_PASSES);
    expect(text).toContain(chain.at(-1)!.text);
    expect(text).toContain("Pass 1: paraphrased in the tone");
    expect(text).toMatch(/Pass 3: asked to rewrite \d+ flagged sentences?, detector \d{1,2}%/);
    expect(text).not.toContain("Pass 4");
  });

  it("sends each pass as OpenAI expects: spec parameters, a system and a user message, the flagged sentences listed", async () => {
    await fakeOpenAi.next({ content: stillFlagged[0] }, { content: plain }, { content: plain });
    const response = await postForm("/ai-humanizer", { text: input, tone: "casual" }, freshClient());
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain(plain);
    const requests = await chatRequests();
    const [paraphrase, revision] = requests;
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.length).toBeLessThanOrEqual(MAX_PASSES);
    for (const request of requests) {
      expect(request?.body).toMatchObject({ model: "gpt-6-luna", temperature: 0.8, max_completion_tokens: 500, reasoning_effort: "none" });
      expect(request?.body).not.toHaveProperty("max_tokens");
      expect(request?.body.messages.map((message: { role: string }) => message.role)).toEqual(["system", "user"]);
      expect(request?.body.messages[0].content).toContain("casual tone");
    }
    expect(paraphrase?.body.messages[1]).toEqual({ role: "user", content: input });
    const flagged = detectAiText(stillFlagged[0]!).sentences.filter((sentence) => sentence.score >= trainedDetector().aiThreshold);
    expect(flagged.length).toBeGreaterThan(0);
    expect(revision?.body.messages[1].content).toContain(`${stillFlagged[0]}\n\nSentences to rewrite:\n- `);
    for (const sentence of flagged) expect(revision?.body.messages[1].content).toContain(`- ${sentence.text}`);
    expect(text).toMatch(/Pass 2: asked to rewrite \d+ flagged sentences?, detector \d{1,2}%, \d+ sentences? still flagged\./);
  });

  it("keeps no revision that drops a number of the input, and stops there", async () => {
    const without42 = plain.replace("Across our 42 offices", "Across our offices");
    await fakeOpenAi.next({ content: stillFlagged[0] }, { content: without42 }, { content: plain });
    const response = await postForm("/ai-humanizer", { text: input, tone: "friendly" }, freshClient());
    const text = visibleText(await response.text());
    expect(await chatRequests()).toHaveLength(2);
    expect(text).toMatch(/Pass 2: [^.]*\. Not kept/);
    expect(text).toContain(stillFlagged[0]);
    expect(text).not.toContain(without42);
  });

  it("asks the next pass to put back what the paraphrase lost, and keeps the revision that does", async () => {
    const paraphraseWithout42 = stillFlagged[0]!.replace("across 42 offices", "across many offices");
    await fakeOpenAi.next({ content: paraphraseWithout42 }, { content: plain });
    const response = await postForm("/ai-humanizer", { text: input, tone: "friendly" }, freshClient());
    const text = visibleText(await response.text());
    const [, revision] = await chatRequests();
    expect(revision?.body.messages[1].content).toContain("must be in the text word for word: 42");
    expect(text).toContain("Pass 1: paraphrased in the tone, detector");
    expect(text).toContain("It lacks 42 from your text.");
    expect(text).toContain(plain);
  });

  it("keeps the paraphrase when a revision fails, and says so", async () => {
    // A 500 is retried twice by the SDK: three failures make the call fail.
    await fakeOpenAi.next({ content: stillFlagged[0] }, { status: 500 }, { status: 500 }, { status: 500 });
    const response = await postForm("/ai-humanizer", { text: input, tone: "professional" }, freshClient());
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain(stillFlagged[0]);
    expect(text).toContain("the provider did not answer, so the previous version stands.");
  });

  it.each([
    [500, "Failed to humanize text. Please try again."],
    [429, "Please wait a few seconds and try again."],
  ])("maps a first-pass %i to the spec's message and keeps the input", async (status, message) => {
    await fakeOpenAi.next({ status }, { status }, { status });
    const response = await postForm("/ai-humanizer", { text: input, tone: "casual" }, freshClient());
    await expectProviderFailurePage(response, message, "fast-paced world, it is important to note");
  });

  it("a retired text model fails with the humanizer's message (the fake answers 404 as OpenAI does)", async () => {
    env.OPENAI_TEXT_MODEL = "gpt-4";
    try {
      const response = await postForm("/ai-humanizer", { text: input, tone: "casual" }, freshClient());
      expect(response.status).toBe(502);
      expect(visibleText(await response.text())).toContain("Failed to humanize text. Please try again.");
      expect(await chatRequests()).toHaveLength(1);
    } finally {
      env.OPENAI_TEXT_MODEL = "gpt-6-luna";
    }
  });

  it("an empty first answer is the spec's fallback, with no further pass", async () => {
    await fakeOpenAi.next({ content: "" });
    const response = await postForm("/ai-humanizer", { text: input, tone: "casual" }, freshClient());
    expect(visibleText(await response.text())).toContain("Humanization failed");
    expect(await chatRequests()).toHaveLength(1);
  });
});
