import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { currentEngine } from "~/server/ai/engine.server";
import { detectAiText, detectionResult } from "~/server/detector/detect.server";
import { scoreSections } from "~/server/detector/lm-scorer.server";
import { textFile } from "../support/document-fixtures";
import { fakeOpenAi, fakeStripe, freshClient, get, postForm, visibleText } from "./helpers";
import { apiSubscriber, callApi } from "./api-helpers";
import { detectOnPage } from "./report-helpers";

// The language-model scorer (decision 059) through the real Worker, against tests/fakes/vllm-server.mjs:
// what the inference server received, the verdict and the engine named, and the stylometric verdict
// standing when the server refuses, fails or does not answer.

const vars = env as unknown as Record<string, string | undefined>;
const SCORER_VARS = [
  "DETECTOR_SCORER_URL",
  "DETECTOR_PERFORMER_URL",
  "DETECTOR_OBSERVER_MODEL",
  "DETECTOR_PERFORMER_MODEL",
  "DETECTOR_SCORER_API_KEY",
  "DETECTOR_SCORER_TIMEOUT_MS",
  "DETECTOR_SCORER_TOP_LOGPROBS",
];

// Written the way people write: the stylometric model does not call it 'Likely AI' at Balanced.
const personalText =
  "I moved to Leeds in 2019 - honestly I didn't know anyone. The first winter was rough; my flat had a boiler that quit every " +
  "other Tuesday and I'd sit in my coat eating toast. Then my neighbour Sam knocked (he'd heard me swearing at the radiator) " +
  "and we ended up fixing it with a bent spoon and a YouTube video. Still friends! Still the same boiler, too.";

type Received = { path: string; headers: Record<string, string>; body: Record<string, unknown> };

const fakeVllm = {
  async next(...answers: object[]) {
    await fetch(`${env.FAKE_VLLM_URL}/__fake/next`, { method: "POST", body: JSON.stringify(answers) });
  },
  async requests(): Promise<Received[]> {
    return (await fetch(`${env.FAKE_VLLM_URL}/__fake/requests`)).json();
  },
};

beforeEach(async () => {
  await fetch(`${env.FAKE_VLLM_URL}/__fake/reset`, { method: "POST" });
  vars.DETECTOR_SCORER_URL = `${env.FAKE_VLLM_URL}/v1`;
  vars.DETECTOR_OBSERVER_MODEL = "tiiuae/falcon-7b";
  vars.DETECTOR_PERFORMER_MODEL = "tiiuae/falcon-7b-instruct";
  vars.DETECTOR_SCORER_API_KEY = "vllm-test-key";
});

afterEach(() => {
  for (const name of SCORER_VARS) vars[name] = "";
  fakeOpenAi.offline();
});

describe("the language-model scorer", () => {
  it("asks both models for the prompt's log-probabilities and, under the paper's low-false-positive line, the page says Likely AI and names Binoculars", async () => {
    const alone = detectionResult(detectAiText(personalText));
    expect(alone.verdict).not.toBe("likely-ai");
    // The fake's text reads as very predictable to both models: a score far under 0.8536.
    await fakeVllm.next({ predictable: 0.95 }, { predictable: 0.95 });

    const response = await postForm("/ai-detector", { text: personalText }, freshClient());
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Likely AI-written");
    expect(text).toContain("Decided by the language-model scorer: Likely AI.");
    expect(text).toMatch(/Its Binoculars score 0\.\d+ \(tiiuae\/falcon-7b observing, tiiuae\/falcon-7b-instruct performing\)/);
    expect(text).toContain("which calls a text Likely AI at Strict, Balanced, Sensitive");
    // Beside the verdict, the engine whose line decided.
    expect(text).toContain("Decided by: Binoculars (tiiuae/falcon-7b / tiiuae/falcon-7b-instruct) (Binoculars score 0.");

    const received = await fakeVllm.requests();
    expect(received.map((request) => request.body.model).sort()).toEqual(["tiiuae/falcon-7b", "tiiuae/falcon-7b-instruct"]);
    for (const request of received) {
      expect(request.path).toBe("/v1/completions");
      expect(request.headers.authorization).toBe("Bearer vllm-test-key");
      expect(request.body).toMatchObject({ prompt: personalText, prompt_logprobs: 20, return_token_ids: true, max_tokens: 1 });
    }
  });

  it("between the paper's two lines: Likely AI at Balanced and Sensitive, the stylometric verdict at Strict", async () => {
    const stylometric = detectionResult(detectAiText(personalText, "strict"));
    await fakeVllm.next({ predictable: 0.68 }, { predictable: 0.68 }, { predictable: 0.68 }, { predictable: 0.68 });
    const strict = await currentEngine().detect(personalText, "strict");
    const balanced = await currentEngine().detect(personalText, "balanced");

    expect(strict.engine?.score).toBeGreaterThanOrEqual(0.8536);
    expect(strict.engine?.score).toBeLessThan(0.9015);
    expect(strict.verdict).toBe(stylometric.verdict);
    expect(strict.engine).toMatchObject({ id: "stylometric", label: "Stylometric model" });
    expect(strict.report).toContain("does not call the text Likely AI at Strict, so the stylometric verdict stands.");
    expect(strict.strictness?.flaggedAt).toEqual(["balanced", "sensitive"]);

    expect(balanced.verdict).toBe("likely-ai");
    expect(balanced.engine).toMatchObject({ id: "binoculars", label: "Binoculars (tiiuae/falcon-7b / tiiuae/falcon-7b-instruct)" });
    expect(balanced.report).toContain("under the paper's accuracy line");
  });

  it("above both lines the stylometric verdict stands, with the score said", async () => {
    const stylometric = detectionResult(detectAiText(personalText));
    await fakeVllm.next({ predictable: 0.5 }, { predictable: 0.5 });
    const result = await currentEngine().detect(personalText);
    expect(result.engine?.id).toBe("stylometric");
    expect(result.engine?.score).toBeGreaterThan(0.9015);
    expect(result.verdict).toBe(stylometric.verdict);
    expect(result.probability).toBe(stylometric.probability);
  });

  it("the OpenAI engine consults it too, the provider's commentary after the verdict", async () => {
    await fakeOpenAi.use();
    await fakeOpenAi.next({ content: "AI Probability: 10%\nAnalysis: It reads like a person telling a story." });
    await fakeVllm.next({ predictable: 0.95 }, { predictable: 0.95 });
    const result = await currentEngine().detect(personalText);
    expect(result.verdict).toBe("likely-ai");
    expect(result.engine?.id).toBe("binoculars");
    expect(result.report).toMatch(
      /Decided by the language-model scorer[\s\S]*\nProvider commentary \(gpt-6-luna\): It reads like a person/,
    );
  });

  it("a performer served at a URL of its own gets its own request", async () => {
    vars.DETECTOR_PERFORMER_URL = `${env.FAKE_VLLM_URL}/v1/`;
    await currentEngine().detect(personalText);
    expect((await fakeVllm.requests()).map((request) => request.body.model).sort()).toEqual([
      "tiiuae/falcon-7b",
      "tiiuae/falcon-7b-instruct",
    ]);
  });

  it.each([
    [
      "the server fails (500)",
      () => fakeVllm.next({ status: 500 }),
      /tiiuae\/falcon-7b(-instruct)? was refused \(HTTP 500: Scripted failure\.\)/,
    ],
    [
      "a model is not served (404)",
      () => void (vars.DETECTOR_OBSERVER_MODEL = "tiiuae/falcon-40b"),
      /tiiuae\/falcon-40b was refused \(HTTP 404: The model `tiiuae\/falcon-40b` does not exist\.\)/,
    ],
    [
      "more log-probabilities are asked than --max-logprobs allows (400)",
      () => void (vars.DETECTOR_SCORER_TOP_LOGPROBS = "50"),
      /was refused \(HTTP 400: Requested prompt logprobs of 50, which is greater than max allowed: 20\)/,
    ],
    ["the key is wrong (401)", () => void (vars.DETECTOR_SCORER_API_KEY = "wrong"), /was refused \(HTTP 401: Unauthorized\)/],
    [
      "the server does not answer in time",
      async () => {
        vars.DETECTOR_SCORER_TIMEOUT_MS = "300";
        await fakeVllm.next({ hang: true }, { hang: true });
      },
      /did not answer within 0\.3 s/,
    ],
  ])("when %s, the stylometric verdict stands and the analysis says why", async (_case, arrange, reason) => {
    const stylometric = detectionResult(detectAiText(personalText));
    await arrange();
    const result = await currentEngine().detect(personalText);
    expect(result.verdict).toBe(stylometric.verdict);
    expect(result.probability).toBe(stylometric.probability);
    expect(result.engine?.id).toBe("stylometric");
    expect(result.engine?.note).toMatch(reason);
    expect(result.report).toMatch(/The language-model scorer gave no score \(.+\), so this verdict is the stylometric model's alone\./);
    expect(result.report).not.toContain("vllm-test-key");
  });

  it("scores a document's sections and the document as their tokens read together; a failed section fails the document", async () => {
    const sections = [personalText, `${personalText} ${personalText}`];
    await fakeVllm.next({ predictable: 0.95 }, { predictable: 0.95 }, { predictable: 0.5 }, { predictable: 0.5 });
    const scored = (await scoreSections(sections))!;
    const [first, second] = scored.sections.map((outcome) => (outcome.ok ? outcome.binoculars : undefined));
    expect(first!.score).toBeLessThan(0.8536);
    expect(second!.score).toBeGreaterThan(0.9015);
    expect(second!.positions).toBe(2 * first!.positions + 1);
    expect(scored.document).toEqual({
      ok: true,
      binoculars: expect.objectContaining({ positions: first!.positions + second!.positions }),
    });
    const document = scored.document.ok ? scored.document.binoculars : undefined;
    const weighted = (of: "logPerplexity" | "logCrossPerplexity") =>
      (first![of] * first!.positions + second![of] * second!.positions) / (first!.positions + second!.positions);
    expect(document!.score).toBeCloseTo(weighted("logPerplexity") / weighted("logCrossPerplexity"), 10);

    await fakeVllm.next({ status: 503 });
    const failed = (await scoreSections(sections))!;
    expect(failed.document).toMatchObject({ ok: false, reason: expect.stringMatching(/HTTP 503/) });
    vars.DETECTOR_SCORER_URL = "";
    expect(await scoreSections(sections)).toBeUndefined();
  });

  it("reads each section of a long document on the page, and a document under the line is 'Likely AI', Binoculars named", async () => {
    // ~14,000 characters: longer than the text box, so the detector scores it section by section.
    const diary = Array.from({ length: 40 }, (_, index) => `${personalText} (Day ${index + 1}.)`).join("\n\n");
    const stylometric = visibleText(await detectOnPage(textFile(diary, { name: "diary.txt" }), freshClient()));
    expect(stylometric).not.toContain("Likely AI-written");
    await fetch(`${env.FAKE_VLLM_URL}/__fake/reset`, { method: "POST" });
    await fakeVllm.next(...Array.from({ length: 60 }, () => ({ predictable: 0.95 })));

    const page = visibleText(await detectOnPage(textFile(diary, { name: "diary.txt" }), freshClient()));
    expect(page).toContain("Likely AI-written");
    expect(page).toContain("Decided by: Binoculars (tiiuae/falcon-7b / tiiuae/falcon-7b-instruct)");
    const received = await fakeVllm.requests();
    const prompts = [...new Set(received.map((request) => request.body.prompt as string))];
    // Each section once per model, and together the sections are the document.
    expect(prompts.length).toBeGreaterThan(1);
    expect(received).toHaveLength(2 * prompts.length);
    expect(prompts.join(" ")).toContain("(Day 1.)");
    expect(prompts.join(" ")).toContain("(Day 40.)");
  });

  it("the API's answer names the engine that decided, with the Binoculars score", async () => {
    await fakeStripe.use();
    const { key } = await apiSubscriber("pro").finally(() => fakeStripe.off());
    await fakeVllm.next({ predictable: 0.95 }, { predictable: 0.95 });
    const answer = await callApi("detect", { key, body: { text: personalText } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      verdict: "likely-ai",
      engine: { id: "binoculars", label: "Binoculars (tiiuae/falcon-7b / tiiuae/falcon-7b-instruct)", score: expect.any(Number) },
    });
    expect(answer.json.engine.score).toBeLessThan(0.8536);
  });

  it("a report of a pasted text gets the verdict the page gives, and says the language models scored it too", async () => {
    await fakeVllm.next({ predictable: 0.95 }, { predictable: 0.95 });
    const response = await postForm("/reports", { text: personalText }, freshClient());
    expect(response.status).toBe(303);
    const id = response.headers.get("location")!.split("/").at(-1)!;
    const row = await env.DB.prepare("SELECT result, engine, receipt_payload FROM reports WHERE id = ?")
      .bind(id)
      .first<{ result: string; engine: string; receipt_payload: string | null }>();
    const stored = JSON.parse(row!.result) as { result: { verdict: string; engine?: { id: string } } };
    expect(stored.result.verdict).toBe("likely-ai");
    expect(stored.result.engine?.id).toBe("binoculars");
    expect(row!.engine).toBe("contentforge-trained-detector+Binoculars (tiiuae/falcon-7b / tiiuae/falcon-7b-instruct)");
    if (row!.receipt_payload) expect(JSON.parse(row!.receipt_payload)).toMatchObject({ verdict: "likely-ai", engine: row!.engine });
  });

  it("is not asked when it is not configured, nor for a text too short to score", async () => {
    vars.DETECTOR_SCORER_URL = "";
    const off = await currentEngine().detect(personalText);
    expect(off.engine).toBeUndefined();
    vars.DETECTOR_SCORER_URL = `${env.FAKE_VLLM_URL}/v1`;
    const short = await currentEngine().detect("Too short to say anything about.");
    expect(short.verdict).toBe("too-short");
    expect(short.engine).toBeUndefined();
    expect(await fakeVllm.requests()).toEqual([]);
  });

  it("a scorer URL that does not parse turns the scorer off and /healthz names it", async () => {
    vars.DETECTOR_SCORER_URL = "vllm.internal:8000";
    expect((await currentEngine().detect(personalText)).engine).toBeUndefined();
    const body = (await (await get("/healthz")).json()) as { status: string; invalidSettings?: unknown };
    expect(body.status).toBe("degraded");
    expect(body.invalidSettings).toEqual([{ variable: "DETECTOR_SCORER_URL", problem: "not an http(s) URL" }]);
  });
});
