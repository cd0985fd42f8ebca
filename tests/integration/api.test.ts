import { env } from "cloudflare:workers";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { apiExamples, examplePath } from "~/content/api-examples";
import { humanizerToneIds } from "~/content/catalogs";
import { resetClock, setClock } from "~/server/clock.server";
import weights from "~/server/detector/detector-weights.json";
import { encodePng } from "~/server/media/png.server";
import { createRaster } from "~/server/media/raster.server";
import { apiSubscriber, callApi, contractChecks, createKeyOnDashboard, multipart, sseEvents } from "./api-helpers";
import { fakeOpenAi, get, origin, postForm, subscribe, visibleText } from "./helpers";
import { withFakeStripe } from "./each-test";

// The developer API (issue 20) end to end inside workerd: keys made on the dashboard, every
// endpoint and every problem type, quotas and rate limits under concurrency, Idempotency-Key —
// and every answer validated against the OpenAPI document the API serves (api-helpers.ts).

withFakeStripe();
afterEach(() => {
  fakeOpenAi.offline();
  env.API_RATE_LIMIT_PER_MINUTE = "60";
  resetClock();
});
afterAll(() => {
  // The contract test only means something if it saw the answers.
  expect(contractChecks.count).toBeGreaterThan(60);
});

const sha256Hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

const aiText =
  "In today's fast-paced digital landscape, it is important to note that content plays a crucial role. " +
  "Furthermore, leveraging innovative strategies can unlock new opportunities. Moreover, this comprehensive approach ensures success.";

/** Well over the 40 words the detector needs for a verdict. */
const longAiText = `${aiText} ${aiText} ${aiText} In conclusion, embracing these robust solutions empowers organizations to navigate the ever-evolving landscape with confidence.`;

async function usedInD1(customerId: string, tool: string): Promise<number> {
  const row = await env.DB.prepare("SELECT SUM(used) AS used FROM usage WHERE customer_id = ? AND tool = ?")
    .bind(customerId, tool)
    .first<{ used: number | null }>();
  return row?.used ?? 0;
}

describe("keys on the dashboard", () => {
  it("creates a key shown once with a cf_live_ prefix and 256 random bits, lists it and stores only its SHA-256", async () => {
    const { cookie, email } = await subscribe("pro");
    const created = await postForm("/dashboard", { intent: "create-key", name: "Blog pipeline" }, { cookie });
    expect(created.status).toBe(200);
    const html = await created.text();
    const secret = html.match(/value="(cf_live_[A-Za-z0-9_-]+)"/)![1]!;
    expect(secret).toMatch(/^cf_live_[A-Za-z0-9_-]{43}$/);
    expect(visibleText(html)).toContain("Copy it now: it is shown only once.");

    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE email = ?").bind(email).first<Record<string, unknown>>();
    expect(row?.key_hash).toBe(await sha256Hex(secret));
    expect(Object.values(row!).some((value) => typeof value === "string" && value.includes(secret))).toBe(false);

    const page = await (await get("/dashboard", { headers: { cookie } })).text();
    expect(page).not.toContain(secret);
    const text = visibleText(page);
    expect(text).toContain("Blog pipeline");
    expect(text).toContain(secret.slice(0, 16));
    expect(text).not.toContain(secret.slice(0, 17));
    expect(text).toContain("Never used");
    expect(page).toContain('href="/docs/api"');
  });

  it("shows a Basic subscriber what API access is with an upgrade link, and refuses to create a key", async () => {
    const { cookie } = await subscribe("basic");
    const page = await (await get("/dashboard", { headers: { cookie } })).text();
    expect(visibleText(page)).toContain("API access comes with the Pro and Startup plans. Upgrade your plan to create keys.");
    expect(page).not.toContain('value="create-key"');
    const refused = await postForm("/dashboard", { intent: "create-key", name: "x" }, { cookie });
    expect(refused.status).toBe(403);
  });

  it("allows at most 10 live keys, asks for a name, and revoking frees a place", async () => {
    const { cookie, email } = await subscribe("startup");
    expect((await postForm("/dashboard", { intent: "create-key", name: "  " }, { cookie })).status).toBe(400);
    await Promise.all(
      Array.from({ length: 12 }, (_, index) => postForm("/dashboard", { intent: "create-key", name: `key ${index}` }, { cookie })),
    );
    const live = await env.DB.prepare("SELECT id FROM api_keys WHERE email = ? AND revoked_at IS NULL").bind(email).all<{ id: string }>();
    expect(live.results).toHaveLength(10);
    const eleventh = await postForm("/dashboard", { intent: "create-key", name: "one more" }, { cookie });
    expect(eleventh.status).toBe(409);
    expect(visibleText(await eleventh.text())).toContain("You already have 10 keys.");
    const revoked = await postForm("/dashboard", { intent: "revoke-key", keyId: live.results[0]!.id }, { cookie });
    expect(revoked.status).toBe(303);
    expect((await postForm("/dashboard", { intent: "create-key", name: "one more" }, { cookie })).status).toBe(200);
  });

  it("does not let one account revoke another's key", async () => {
    const owner = await apiSubscriber("pro");
    const other = await subscribe("pro");
    const { id } = (await env.DB.prepare("SELECT id FROM api_keys WHERE email = ?").bind(owner.email).first<{ id: string }>())!;
    await postForm("/dashboard", { intent: "revoke-key", keyId: id }, { cookie: other.cookie });
    expect((await callApi("usage", { key: owner.key })).status).toBe(200);
  });
});

describe("tool endpoints", () => {
  it("detect answers the probability, verdict, report, per-sentence scores and band edges, counts the call and marks the key used", async () => {
    const { key, customerId, cookie } = await apiSubscriber("pro");
    const { status, json, headers } = await callApi("detect", { key, body: { text: longAiText } });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("application/json");
    // The same trained model and bands as the web page: a stock-phrase paragraph reads as machine text.
    expect(json.probability).toBeGreaterThan(50);
    expect(["likely-ai", "mixed"]).toContain(json.verdict);
    expect(json.report).toMatch(/^AI Probability: \d+%/);
    expect(json.sentences.length).toBe(10);
    expect(json.sentences[0]).toEqual({ text: expect.any(String), start: 0, end: expect.any(Number), score: expect.any(Number) });
    expect(json.range.low).toBeLessThanOrEqual(json.probability);
    expect(json.range.high).toBeGreaterThanOrEqual(json.probability);
    // The band edges of this detector version, which drew the verdict and colour the page's sentences.
    expect(json.bands).toEqual({ likelyAi: weights.aiThreshold, mixedFrom: weights.mixedFrom });
    expect(await usedInD1(customerId, "detector")).toBe(1);
    const dashboard = visibleText(await (await get("/dashboard", { headers: { cookie } })).text());
    expect(dashboard).toContain("Last used");
  });

  it("humanize, write, speech, images and chat answer JSON through the same engine as the pages", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const humanized = await callApi("humanize", { key, body: { text: "It is important to note that we utilize tools.", tone: "casual" } });
    expect(humanized.status).toBe(200);
    expect(humanized.json.text).toEqual(expect.any(String));
    expect(humanized.json.text).not.toBe("");

    const written = await callApi("write", { key, body: { type: "blog", keywords: "seo, content", text: "Launching a newsletter" } });
    expect(written.status).toBe(200);
    expect(written.json.markdown).toContain("#");
    expect(written.json.html).toContain("<h");

    const speech = await callApi("speech", {
      key,
      body: { text: "Hello from the API.", voice: "ava", speed: 1.2, pitch: 1, emotion: 0.5 },
    });
    expect(speech.status).toBe(200);
    expect(speech.json.url).toMatch(new RegExp(`^${origin}/media/[0-9a-f]{32}$`));
    expect(speech.json.contentType).toBe("audio/wav");
    expect(Date.parse(speech.json.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const audio = await get(new URL(speech.json.url).pathname);
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBe(speech.json.size);

    const image = await callApi("images", { key, body: { prompt: "A lighthouse at dawn", style: "realistic", size: "landscape" } });
    expect(image.status).toBe(200);
    expect(image.json).toMatchObject({ width: 1536, height: 1024, contentType: "image/svg+xml" });
    expect((await get(new URL(image.json.url).pathname)).status).toBe(200);

    const chat = await callApi("chat", {
      key,
      body: {
        message: "How are you?",
        assistant: "general",
        tone: "friendly",
        history: [
          { role: "user", content: "Hi" },
          { role: "assistant", content: "Hello!" },
        ],
      },
    });
    expect(chat.status).toBe(200);
    expect(chat.json.message.role).toBe("assistant");
    expect(chat.json.message.content).toMatch(/^This is a simulated response to: "How are you\?"/);
    expect(chat.json.html).toContain("<p>");

    for (const tool of ["humanizer", "writer", "voiceover", "imagine", "chat"]) expect(await usedInD1(customerId, tool)).toBe(1);
  });

  it("chat with stream: true sends Server-Sent Events: deltas, then the whole message", async () => {
    const { key } = await apiSubscriber("pro");
    const { status, headers, text } = await callApi("chat", {
      key,
      body: { message: "Stream this", assistant: "editor", tone: "academic", stream: true },
    });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const events = sseEvents(text);
    const deltas = events.filter((event) => event.event === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)!.event).toBe("message");
    expect(events.at(-1)!.data.message.content).toBe(deltas.map((event) => event.data.text).join(""));
  });

  it("detect answers 'english-only' with no number for text in another language", async () => {
    const { key } = await apiSubscriber("pro");
    const spanish =
      "Ayer fuimos a la playa con mis amigos y comimos paella en un restaurante muy bonito cerca del puerto. Después caminamos por el paseo marítimo hasta la noche.";
    const { status, json } = await callApi("detect", { key, body: { text: spanish } });
    expect(status).toBe(200);
    expect(json).toMatchObject({ verdict: "english-only", probability: null, range: null, sentences: [] });
    expect(json.report).toContain("This text looks like Spanish. The detector is trained on English only for now");
  });

  it("sends the provider the validated input, and a provider failure is a 502 problem with the spec's message and no quota spent", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    await fakeOpenAi.use();
    await fakeOpenAi.next({ content: "AI Probability: 87%\nAnalysis: Uniform sentence rhythm." });
    const ok = await callApi("detect", { key, body: { text: "  Trim me.  " } });
    expect(ok.status).toBe(200);
    // The headline is the trained detector's (too short here); the chat model's answer is commentary.
    expect(ok.json).toMatchObject({ probability: null, verdict: "too-short" });
    expect(ok.json.report).toContain("Provider commentary (gpt-6-luna): Uniform sentence rhythm.");
    const [request] = await fakeOpenAi.requests();
    expect(JSON.stringify(request!.body.messages)).toContain("Trim me.");
    expect(JSON.stringify(request!.body.messages)).not.toContain("  Trim me.  ");

    await fakeOpenAi.next({ status: 500 }, { status: 500 }, { status: 500 });
    const failed = await callApi("humanize", { key, body: { text: "Some text.", tone: "casual" } });
    expect(failed.status).toBe(502);
    expect(failed.json).toMatchObject({
      type: "/docs/api#problem-provider-failure",
      status: 502,
      detail: "Failed to humanize text. Please try again.",
    });
    expect(failed.text).not.toContain("sk-test");
    expect(await usedInD1(customerId, "humanizer")).toBe(0);
  });

  it("GET usage reports the plan, the period and used and limit per tool", async () => {
    const { key } = await apiSubscriber("pro");
    await callApi("detect", { key, body: { text: aiText } });
    await callApi("speech", { key, body: { text: "One minute at most.", voice: "oliver" } });
    const { status, json } = await callApi("usage", { key });
    expect(status).toBe(200);
    expect(json.plan).toEqual({ id: "pro", name: "Pro" });
    expect(json.status).toBe("active");
    expect(Date.parse(json.period.end)).toBeGreaterThan(Date.now());
    const byTool = Object.fromEntries(json.tools.map((tool: any) => [tool.tool, tool]));
    expect(byTool.detector).toMatchObject({ used: 1, limit: null });
    expect(byTool.voiceover).toMatchObject({ used: 1, limit: 60, unit: "minutes" });
    expect(byTool.humanizer).toMatchObject({ used: 0, limit: 200 });
  });
});

describe("problems", () => {
  it("answers invalid input with 400 and the form's own messages per field, never a 5xx", async () => {
    const { key } = await apiSubscriber("pro");
    const blank = await callApi("detect", { key, body: { text: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.headers.get("content-type")).toBe("application/problem+json");
    expect(blank.json).toMatchObject({ type: "/docs/api#problem-invalid-request", errors: { text: "Please enter the text to analyze." } });

    const several = await callApi("speech", { key, body: { text: "Hi", voice: "robot", speed: 9 } });
    expect(several.status).toBe(400);
    expect(Object.keys(several.json.errors).sort()).toEqual(["speed", "voice"]);
    expect(several.json.errors.speed).toContain("Speed must be a number from");

    const tone = await callApi("humanize", { key, body: { text: "Hi", tone: "pirate" } });
    expect(tone.json.errors.tone).toContain("Unknown tone. Choose one of:");
    // JSON is read as JSON (no flattening into form strings): a number where text belongs says so.
    const number = await callApi("detect", { key, body: { text: 42 } });
    expect(number.status).toBe(400);
    expect(number.json.errors).toEqual({ text: "The text to analyze must be text." });
    expect((await callApi("detect", { key, body: { text: "x".repeat(10_001) } })).status).toBe(400);
    expect((await callApi("detect", { key, body: { text: "x", stream: true } })).json.errors.stream).toBe(
      "Only the chat endpoint streams; leave stream out.",
    );
    expect((await callApi("chat", { key, body: { message: "x", assistant: "general", tone: "friendly", stream: "yes" } })).status).toBe(
      400,
    );
    expect((await callApi("detect", { key, rawBody: "{not json" })).json.errors).toEqual({ body: "Send a JSON object." });
    expect((await callApi("detect", { key, rawBody: "[1,2]" })).status).toBe(400);
    const form = await callApi("detect", { key, rawBody: "text=hi", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    const large = await callApi("detect", { key, rawBody: JSON.stringify({ text: "x".repeat(70_000) }) });
    expect(large.status).toBe(413);
    expect(large.json.type).toBe("/docs/api#problem-payload-too-large");
  });

  it("answers 401 without a key, with an unknown or revoked key, and to a session cookie alone", async () => {
    const { key, cookie, email } = await apiSubscriber("pro");
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer cf_live_nope" },
      { authorization: `Basic ${key}` },
      { cookie },
    ];
    for (const headers of attempts) {
      const { status, json, headers: answer } = await callApi("usage", { headers });
      expect(status).toBe(401);
      expect(json.type).toBe("/docs/api#problem-unauthorized");
      expect(answer.get("www-authenticate")).toBe('Bearer realm="api"');
    }
    const { id } = (await env.DB.prepare("SELECT id FROM api_keys WHERE email = ?").bind(email).first<{ id: string }>())!;
    expect((await callApi("usage", { key })).status).toBe(200);
    await postForm("/dashboard", { intent: "revoke-key", keyId: id }, { cookie });
    expect((await callApi("usage", { key })).status).toBe(401);
  });

  it("refuses Basic plans and subscriptions that are not active with 403 and a reason", async () => {
    const pro = await apiSubscriber("pro");
    await env.DB.prepare("UPDATE subscriptions SET status = 'past_due' WHERE customer_id = ?").bind(pro.customerId).run();
    const inactive = await callApi("detect", { key: pro.key, body: { text: "Hi" } });
    expect(inactive.status).toBe(403);
    expect(inactive.json).toMatchObject({ type: "/docs/api#problem-forbidden-plan", reason: "subscription-inactive" });
    expect(await usedInD1(pro.customerId, "detector")).toBe(0);

    // A key made on Pro stops working when the plan becomes Basic.
    const downgraded = await apiSubscriber("pro");
    await env.DB.prepare("UPDATE subscriptions SET plan_id = 'basic' WHERE customer_id = ?").bind(downgraded.customerId).run();
    const basic = await callApi("usage", { key: downgraded.key });
    expect(basic.status).toBe(403);
    expect(basic.json.reason).toBe("basic-plan");
  });

  it("answers unknown addresses with 404 and wrong methods with 405, as problems", async () => {
    const { key } = await apiSubscriber("pro");
    const missing = await callApi("translate", { key, body: {} });
    expect(missing.status).toBe(404);
    expect(missing.json.type).toBe("/docs/api#problem-not-found");
    const outside = await get("/api/nothing-here");
    expect(outside.status).toBe(404);
    expect(outside.headers.get("content-type")).toBe("application/problem+json");
    const getDetect = await callApi("detect", { key });
    expect(getDetect.status).toBe(405);
    expect(getDetect.headers.get("allow")).toBe("POST");
    const postUsage = await callApi("usage", { key, body: {} });
    expect(postUsage.status).toBe(405);
    expect(postUsage.headers.get("allow")).toBe("GET, HEAD");
    expect((await callApi("detect", { key, method: "DELETE" })).status).toBe(405);
  });

  it("lets curl and other sites call with a key (no Origin check, cookies ignored)", async () => {
    const { key, cookie } = await apiSubscriber("pro");
    const crossSite = await callApi("detect", {
      key,
      body: { text: "Hi there." },
      headers: { origin: "https://evil.example", cookie, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(200);
    const cookieOnly = await callApi("detect", { body: { text: "Hi there." }, headers: { origin: "https://evil.example", cookie } });
    expect(cookieOnly.status).toBe(401);
  });
});

describe("quotas and rate limits", () => {
  it("spends the same monthly quota as the web tools: exact under 50 concurrent calls, with the reset time when used up", async () => {
    const { key, customerId, cookie } = await apiSubscriber("pro");
    // The web form and the API share one counter: 180 of 200 humanizer texts used on the page.
    const { results } = await env.DB.prepare("SELECT period_start FROM usage WHERE customer_id = ?").bind(customerId).all();
    expect(results).toEqual([]);
    expect((await postForm("/ai-humanizer", { text: "Some text.", tone: "casual" }, { cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE usage SET used = 180 WHERE customer_id = ? AND tool = 'humanizer'").bind(customerId).run();

    const answers = await Promise.all(
      Array.from({ length: 50 }, () => callApi("humanize", { key, body: { text: "It is important to note this.", tone: "friendly" } })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    expect(await usedInD1(customerId, "humanizer")).toBe(200);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.json.type).toBe("/docs/api#problem-quota-exceeded");
    expect(Date.parse(refused.json.resetsAt)).toBeGreaterThan(Date.now());
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits each key per minute, exactly under 50 concurrent calls, with RateLimit and Retry-After headers", async () => {
    env.API_RATE_LIMIT_PER_MINUTE = "30";
    const { key, cookie } = await apiSubscriber("startup");
    const second = await createKeyOnDashboard(cookie, "second");
    // The window is the clock's minute: the clock is set 5 seconds into the next one, so all 50 calls fall in the same window.
    const minute = Math.ceil(Date.now() / 60_000) * 60_000;
    setClock(minute + 5_000);
    const answers = await Promise.all(Array.from({ length: 50 }, () => callApi("usage", { key })));
    const ok = answers.filter((answer) => answer.status === 200);
    const limited = answers.filter((answer) => answer.status === 429);
    expect(ok).toHaveLength(30);
    expect(limited).toHaveLength(20);
    expect(limited[0]!.json.type).toBe("/docs/api#problem-rate-limited");
    // The window resets 55 seconds after the clock's time.
    expect(limited[0]!.headers.get("ratelimit")).toBe('"per-key";r=0;t=55');
    expect(Number(limited[0]!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(ok[0]!.headers.get("ratelimit-policy")).toBe('"per-key";q=30;w=60, "per-account";q=120;w=60');
    expect(ok[0]!.headers.get("ratelimit")).toMatch(/^"per-key";r=\d+;t=\d+, "per-account";r=\d+;t=\d+$/);
    // Another key of the same account has its own allowance.
    expect((await callApi("usage", { key: second })).status).toBe(200);
    // The next minute, without waiting for it: the key is allowed again.
    setClock(minute + 65_000);
    expect((await callApi("usage", { key })).status).toBe(200);
  });
});

describe("Idempotency-Key", () => {
  it("returns the first answer to a retry and spends quota once; another body with the same key is refused", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const headers = { "idempotency-key": "retry-1" };
    const first = await callApi("write", { key, body: { type: "email", text: "Welcome mail" }, headers });
    const again = await Promise.all(
      Array.from({ length: 5 }, () => callApi("write", { key, body: { type: "email", text: "Welcome mail" }, headers })),
    );
    expect(first.status).toBe(200);
    for (const retry of again) {
      expect([200, 409]).toContain(retry.status);
      if (retry.status === 200) {
        expect(retry.text).toBe(first.text);
        expect(retry.headers.get("idempotent-replayed")).toBe("true");
      }
    }
    expect(await usedInD1(customerId, "writer")).toBe(1);
    const other = await callApi("write", { key, body: { type: "email", text: "Another mail" }, headers });
    expect(other.status).toBe(422);
    expect(other.json.type).toBe("/docs/api#problem-idempotency-key-reused");
  });

  it("runs only one of simultaneous first requests with the same key", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const headers = { "idempotency-key": crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => callApi("detect", { key, body: { text: aiText }, headers })));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    expect(await usedInD1(customerId, "detector")).toBe(1);
  });

  it("replays a streamed chat and refuses a malformed key", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const body = { message: "Once only", assistant: "general", tone: "friendly", stream: true };
    const first = await callApi("chat", { key, body, headers: { "idempotency-key": "chat-1" } });
    const retry = await callApi("chat", { key, body, headers: { "idempotency-key": "chat-1" } });
    expect(retry.text).toBe(first.text);
    expect(await usedInD1(customerId, "chat")).toBe(1);
    const bad = await callApi("chat", { key, body, headers: { "idempotency-key": "spaces are not allowed" } });
    expect(bad.status).toBe(400);
  });

  it("lets a retry take over a claim whose client left mid-stream once it is abandoned, not before", async () => {
    const { key } = await apiSubscriber("pro");
    const body = { message: "Leaving early", assistant: "general", tone: "friendly", stream: true };
    const headers = { "idempotency-key": "chat-left" };
    const started = await get("/api/v1/chat", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const reader = started.body!.getReader();
    await reader.read();
    await reader.cancel();
    const pending = () =>
      env.DB.prepare("SELECT status FROM api_idempotency WHERE idempotency_key = 'chat-left'").first<{ status: number | null }>();
    expect(await pending()).toEqual({ status: null });

    const tooSoon = await callApi("chat", { key, body, headers });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.json.type).toBe("/docs/api#problem-idempotency-conflict");

    // Five minutes later the claim counts as abandoned: the retry runs the request afresh.
    await env.DB.prepare("UPDATE api_idempotency SET created_at = created_at - 301 WHERE idempotency_key = 'chat-left'").run();
    const retry = await callApi("chat", { key, body, headers });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(sseEvents(retry.text).at(-1)?.event).toBe("message");
    expect(await pending()).toEqual({ status: 200 });
    // Another body never takes a claim over.
    await env.DB.prepare(
      "UPDATE api_idempotency SET status = NULL, created_at = created_at - 301 WHERE idempotency_key = 'chat-left'",
    ).run();
    expect((await callApi("chat", { key, body: { ...body, message: "Something else" }, headers })).status).toBe(422);
  });
});

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1, public, and generated from the forms' schemas", async () => {
    const response = await get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const document: any = await response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers).toEqual([{ url: `${origin}/api/v1` }]);
    expect(Object.keys(document.paths).sort()).toEqual([
      "/chat",
      "/credentials",
      "/detect",
      "/detect/batch",
      "/humanize",
      "/images",
      "/images/edits",
      "/openapi.json",
      "/reports/{id}",
      "/speech",
      "/usage",
      "/write",
    ]);
    const humanize = document.paths["/humanize"].post.requestBody.content["application/json"].schema;
    expect(humanize.properties.tone.enum).toEqual(humanizerToneIds);
    expect(humanize.properties.text.maxLength).toBe(10_000);
    expect(document.paths["/detect"].post.responses["429"].content["application/problem+json"]).toBeDefined();
    // The detect example is the docs page's: at least the 40 words a verdict needs.
    expect(document.paths["/detect"].post.requestBody.content["application/json"].example.text.split(/\s+/).length).toBeGreaterThanOrEqual(
      40,
    );
    expect((await get("/api/v1/openapi.json", { method: "POST" })).status).toBe(405);
  });
});

describe("docs page", () => {
  it("shows a curl example per endpoint, the fields from the forms' schemas and every problem type; linked from footer and pricing", async () => {
    const response = await get("/docs/api");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    for (const example of apiExamples) expect(text).toContain(`${example.method} /api/v1/${example.name}`);
    expect((text.match(/curl( -N)? http:\/\/127\.0\.0\.1\/api\/v1\//g) ?? []).length).toBe(apiExamples.length);
    expect(text).toContain("one of professional, casual, friendly, academic, creative, persuasive");
    for (const type of ["invalid-request", "quota-exceeded", "rate-limited", "provider-failure"])
      expect(html).toContain(`id="problem-${type}"`);
    expect(html).toContain('href="/api/v1/openapi.json"');
    expect(await (await get("/pricing")).text()).toContain('href="/docs/api"');
    expect(await (await get("/terms")).text()).toContain('href="/docs/api"');
  });

  it("every example on the docs page works as shown", async () => {
    const { key, cookie } = await apiSubscriber("pro");
    // A report's id comes from its address after the detector's 'Create a shareable report'.
    const created = await postForm("/reports", { text: "A report for the docs example, made on the site." }, { cookie });
    const reportId = created.headers.get("location")!.split("/").pop()!;
    // The examples' files are the user's own; a small PNG stands in for them.
    const photo = await encodePng(createRaster(64, 48));
    for (const example of apiExamples) {
      const form = example.form
        ? multipart({
            ...example.form.fields,
            ...Object.fromEntries(
              Object.entries(example.form.files).map(([name, file]) => [name, { bytes: photo, name: file, type: "image/png" }]),
            ),
          })
        : undefined;
      const answer = await callApi(examplePath(example, { id: reportId }), {
        key,
        method: example.method,
        ...(example.body ? { body: example.body } : {}),
        ...(form ? { form } : {}),
      });
      expect(answer.status, example.name).toBe(200);
      // The detect example is long enough for a verdict, not 'too-short'.
      if (example.name === "detect") expect(["likely-ai", "mixed", "likely-human"]).toContain(answer.json.verdict);
    }
    // The OpenAPI document's other examples (the chat with web search) work as shown too.
    for (const example of apiExamples) {
      for (const variant of example.variants ?? []) {
        const answer = await callApi(example.name, { key, method: example.method, body: variant.body });
        expect(answer.status, `${example.name} ${variant.name}`).toBe(200);
      }
    }
  });
});
