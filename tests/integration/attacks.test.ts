import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { encodePng } from "~/server/media/png.server";
import { apiSubscriber, callApi, createKeyOnDashboard } from "./api-helpers";
import {
  fakeStripe,
  freshClient,
  get,
  postForm,
  postMultipart,
  sentMailTo,
  signedInCookie,
  startFakeCheckout,
  subscribe,
  uniqueEmail,
  visibleText,
} from "./helpers";
import { restoreSettingsAfterEach, withFakeStripe } from "./each-test";
import { landscape } from "./media-helpers";

// The holes a security review found, each tried as an attacker would try it: paying as someone
// else, replaying and planting a success link, uploads before checks, IPv6 address rotation, a
// forged Host header, originals that outlive their deletion, and keys multiplied past a limit.

withFakeStripe();
restoreSettingsAfterEach(
  "SITE_URL",
  "DEMO_LIMIT_PER_MINUTE",
  "DEMO_LIMIT_PER_DAY",
  "API_RATE_LIMIT_PER_MINUTE",
  "API_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE",
);

const sessionsOf = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE email = ?").bind(email).first<{ n: number }>())!.n;
const sessionCookieSet = (response: Response) => response.headers.getSetCookie().some((cookie) => cookie.startsWith("__Host-session="));

/** An attacker's paid checkout typed with the victim's address; the success link they get back. */
async function paidAs(email: string, headers: Record<string, string> = {}): Promise<string> {
  const sessionId = await startFakeCheckout("basic", "card", headers);
  await fakeStripe.complete(sessionId, { email });
  return `/success?session_id=${sessionId}`;
}

describe("Checkout never signs a browser in as someone else", () => {
  it("paying with another person's address gives the payer no session of theirs; only the address's owner gets the link", async () => {
    const victim = uniqueEmail("victim");
    const victimCookie = await signedInCookie(victim);
    expect(await sessionsOf(victim)).toBe(1);
    const mailsBefore = (await sentMailTo(victim)).length;

    const success = await get(await paidAs(victim));
    expect(success.status).toBe(200);
    expect(sessionCookieSet(success)).toBe(false);
    expect(await sessionsOf(victim)).toBe(1);
    // The attacker's browser (no cookie) is still nobody.
    expect(visibleText(await (await get("/dashboard")).text())).toContain("Sign in to see your plan");
    // The confirmation went to the victim's inbox, and the victim's own session is untouched.
    expect((await sentMailTo(victim, { atLeast: mailsBefore + 1 })).length).toBe(mailsBefore + 1);
    expect(visibleText(await (await get("/dashboard", { headers: { cookie: victimCookie } })).text())).toContain(victim);
  });

  it("a replayed success link sends no second mail and starts no session", async () => {
    const email = uniqueEmail("replay");
    const link = await paidAs(email);
    expect(sessionCookieSet(await get(link))).toBe(false);
    const mails = (await sentMailTo(email)).length;
    expect(mails).toBe(1);

    const replay = await get(link);
    expect(replay.status).toBe(200);
    expect(sessionCookieSet(replay)).toBe(false);
    expect(visibleText(await replay.text())).toContain("This confirmation page was already opened");
    expect((await sentMailTo(email)).length).toBe(mails);
    expect(await sessionsOf(email)).toBe(0);
  });

  it("concurrent visits of one success link mail exactly one confirmation", async () => {
    const email = uniqueEmail("race");
    const link = await paidAs(email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(link)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(answers.some(sessionCookieSet)).toBe(false);
    expect((await sentMailTo(email, { atLeast: 1 })).length).toBe(1);
  });

  it("a cross-site navigation to the attacker's paid link leaves the victim's browser signed in as the victim", async () => {
    const attacker = uniqueEmail("attacker");
    const link = await paidAs(attacker);
    const victim = uniqueEmail("victim");
    const victimCookie = await signedInCookie(victim);

    const planted = await get(link, { headers: { cookie: victimCookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" } });
    expect(planted.status).toBe(200);
    expect(sessionCookieSet(planted)).toBe(false);
    expect(await sessionsOf(attacker)).toBe(0);
    const dashboard = visibleText(await (await get("/dashboard", { headers: { cookie: victimCookie } })).text());
    expect(dashboard).toContain(victim);
    expect(dashboard).not.toContain(attacker);
  });

  it("a signed-in buyer's checkout is bound to their account: their browser stays theirs, any other browser gets nothing", async () => {
    const buyer = uniqueEmail("bound");
    const cookie = await signedInCookie(buyer);
    const sessionId = await startFakeCheckout("pro", "card", { cookie });
    const created = (await fakeStripe.requests()).find((request) => request.path === "/v1/checkout/sessions" && request.method === "POST");
    expect(created?.body.client_reference_id).toMatch(/^acct_[0-9a-f]{64}$/);
    expect(created?.body.client_reference_id).not.toContain(buyer);
    await fakeStripe.complete(sessionId);
    const link = `/success?session_id=${sessionId}`;
    const mailsBefore = (await sentMailTo(buyer)).length;

    const own = await get(link, { headers: { cookie } });
    expect(sessionCookieSet(own)).toBe(false);
    const ownText = visibleText(await own.text());
    expect(ownText).toContain("Payment Successful!");
    expect(ownText).not.toContain("another account");
    expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toContain("Pro");

    const stranger = await signedInCookie(uniqueEmail("stranger"));
    for (const headers of [{ cookie: stranger }, {}] as Record<string, string>[]) {
      const other = await get(link, { headers });
      expect(sessionCookieSet(other)).toBe(false);
      expect(visibleText(await other.text())).toContain("This payment was made while signed in to another account");
    }
    expect((await sentMailTo(buyer)).length).toBe(mailsBefore);
    expect(await sessionsOf(buyer)).toBe(1);
  });
});

describe("Uploads are checked and charged before anything is stored", () => {
  let photo: Uint8Array;
  beforeAll(async () => {
    photo = await encodePng(landscape(64, 64));
  });

  const postEdit = (fields: Record<string, string>, headers: Record<string, string>, withImage = true) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (withImage) form.append("image", new Blob([photo as BlobPart], { type: "image/png" }), "photo.png");
    return postMultipart("/imagine-ai?mode=edit", form, headers);
  };
  const storedObjects = async () => (await env.MEDIA.list({ prefix: "media/" })).objects.length;

  it("a POST with an image and no prompt answers 400 and leaves R2 untouched", async () => {
    const before = await storedObjects();
    const response = await postEdit({ size: "square" }, freshClient());
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("Please describe the change.");
    expect(await storedObjects()).toBe(before);
  });

  it("a POST past the demo limit answers 429 and leaves R2 untouched", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "1";
    const client = freshClient();
    const text =
      "The committee met on Tuesday to review the budget. Several members raised questions about travel costs, and the chair asked for a written summary before the next meeting. ".repeat(
        3,
      );
    expect((await postForm("/ai-detector", { text }, client)).status).toBe(200);
    const before = await storedObjects();
    const response = await postEdit({ prompt: "warmer", size: "square" }, client);
    expect(response.status).toBe(429);
    expect(await storedObjects()).toBe(before);
  });

  it("a POST past a subscriber's quota answers 429 and leaves R2 untouched", async () => {
    const { cookie, customerId } = await subscribe("basic");
    await env.DB.prepare(
      "INSERT INTO usage (customer_id, tool, period_start, used) SELECT ?, 'imagine', period_start, 1000000 FROM (SELECT MAX(current_period_start) AS period_start FROM subscriptions WHERE customer_id = ?)",
    )
      .bind(customerId, customerId)
      .run();
    const before = await storedObjects();
    const response = await postEdit({ prompt: "warmer", size: "square" }, { cookie });
    expect(response.status).toBe(429);
    expect(await storedObjects()).toBe(before);
  });

  it("deleting the history item of an edited upload deletes the uploaded original too", async () => {
    const { cookie, email } = await subscribe("pro");
    const response = await postEdit({ prompt: "black and white", size: "square" }, { cookie });
    expect(response.status).toBe(200);
    const item = await env.DB.prepare("SELECT id, media_id, upload_media_id FROM history_items WHERE email = ?")
      .bind(email)
      .first<{ id: string; media_id: string; upload_media_id: string }>();
    expect(item?.upload_media_id).toMatch(/^[0-9a-f]{32}$/);
    expect(await env.MEDIA.head(`media/${item!.upload_media_id}`)).not.toBeNull();

    expect((await postForm(`/history/${item!.id}`, { intent: "delete" }, { cookie })).status).toBe(303);
    expect(await env.MEDIA.head(`media/${item!.upload_media_id}`)).toBeNull();
    expect(await env.MEDIA.head(`media/${item!.media_id}`)).toBeNull();
    expect((await get(`/media/${item!.upload_media_id}`)).status).toBe(404);
  });

  it("deleting the account deletes an original uploaded through the API", async () => {
    const { key, email, cookie } = await apiSubscriber("pro");
    const form = new FormData();
    form.append("prompt", "sepia");
    form.append("size", "square");
    form.append("image", new Blob([photo as BlobPart], { type: "image/png" }), "photo.png");
    const call = await callApi("images/edits", { key, form });
    expect(call.status).toBe(200);
    const item = await env.DB.prepare("SELECT upload_media_id FROM history_items WHERE email = ?")
      .bind(email)
      .first<{ upload_media_id: string }>();
    const originalId = item!.upload_media_id;
    expect(originalId).toMatch(/^[0-9a-f]{32}$/);
    expect(await env.MEDIA.head(`media/${originalId}`)).not.toBeNull();

    expect((await postForm("/account/delete", { confirmEmail: email }, { cookie })).status).toBeLessThan(400);
    expect(await env.MEDIA.head(`media/${originalId}`)).toBeNull();
    expect((await get(`/media/${originalId}`)).status).toBe(404);
  });
});

describe("Per-client limits key on the IPv6 /64", () => {
  it("two addresses in one /64 share the demo limit; the next /64 has its own", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "1";
    const prefix = `2001:db8:${(Date.now() % 0xffff).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const text = "The committee met on Tuesday to review the budget. Several members raised questions about travel costs. ".repeat(4);
    const detect = (address: string) => postForm("/ai-detector", { text }, { "cf-connecting-ip": address });
    expect((await detect(`${prefix}::1`)).status).toBe(200);
    const rotated = await detect(`${prefix}:ffff:1:2:3`);
    expect(rotated.status).toBe(429);
    expect(visibleText(await rotated.text())).toMatch(/try again/i);
    expect((await detect(`${prefix.replace(/:[0-9a-f]+$/, ":0")}::1`)).status).toBe(200);
  });

  it("two addresses in one /64 share the sign-in per-client limit", async () => {
    env.SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR = "1";
    try {
      const prefix = `2001:db8:ab:${Math.floor(Math.random() * 0xffff).toString(16)}`;
      expect((await postForm("/sign-in", { email: uniqueEmail("v6") }, { "cf-connecting-ip": `${prefix}::5` })).status).toBe(200);
      expect((await postForm("/sign-in", { email: uniqueEmail("v6") }, { "cf-connecting-ip": `${prefix}:1::6` })).status).toBe(429);
    } finally {
      env.SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR = "20";
    }
  });
});

describe("Links in mail and Stripe URLs use SITE_URL, never the Host header", () => {
  const forged = "http://evil.example";
  const postForged = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    exports.default.fetch(
      new Request(`${forged}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: forged, ...freshClient(), ...headers },
        body: new URLSearchParams(fields),
      }),
    );

  it("a sign-in request with a forged Host mails a link on the canonical origin", async () => {
    env.SITE_URL = "https://contentforge.test";
    const email = uniqueEmail("host");
    expect((await postForged("/sign-in", { email })).status).toBe(200);
    const [mail] = await sentMailTo(email, { atLeast: 1 });
    expect(mail?.text).toContain("https://contentforge.test/sign-in/confirm?token=");
    expect(mail?.text).not.toContain("evil.example");
  });

  it("a checkout started with a forged Host sends Stripe the canonical success and cancel URLs", async () => {
    env.SITE_URL = "https://contentforge.test/";
    expect((await postForged("/payment-methods", { plan: "pro", method: "card" })).status).toBe(303);
    const created = (await fakeStripe.requests()).find((request) => request.path === "/v1/checkout/sessions" && request.method === "POST");
    expect(created?.body.success_url).toBe("https://contentforge.test/success?session_id={CHECKOUT_SESSION_ID}");
    expect(created?.body.cancel_url).toBe("https://contentforge.test/payment-methods?plan=pro");
  });

  it("without SITE_URL, a request for another host gets no mail and no checkout: it is refused as not configured", async () => {
    const email = uniqueEmail("nohost");
    const signInAnswer = await postForged("/sign-in", { email });
    expect(signInAnswer.status).toBe(503);
    expect(visibleText(await signInAnswer.text())).toContain("Signing in is not configured");
    expect(await sentMailTo(email)).toEqual([]);
    expect((await postForged("/payment-methods", { plan: "pro", method: "card" })).status).toBe(503);
    expect((await fakeStripe.requests()).filter((request) => request.path === "/v1/checkout/sessions")).toEqual([]);
  });
});

describe("The API rate limit is per account as well as per key", () => {
  it("eleven keys of one account share the account's limit", async () => {
    env.API_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE = "10";
    const { key, cookie } = await apiSubscriber("pro");
    const keys = [key];
    for (let index = 1; index < 10; index++) keys.push(await createKeyOnDashboard(cookie, `key ${index}`));
    // The eleventh: revoke one of the ten live keys and make another.
    const dashboard = await (await get("/dashboard", { headers: { cookie } })).text();
    const keyId = dashboard.match(/name="keyId" value="([^"]+)"/)![1]!;
    expect((await postForm("/dashboard", { intent: "revoke-key", keyId }, { cookie })).status).toBe(303);
    keys.push(await createKeyOnDashboard(cookie, "key 11"));
    expect(new Set(keys).size).toBe(11);

    const answers = [];
    for (const secret of keys) answers.push(await callApi("usage", { key: secret }));
    const statuses = answers.map((answer) => answer.status);
    // The revoked key is refused as unauthorized; the ten others that work share ten requests.
    expect(statuses.filter((status) => status === 401)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);

    const refused = await callApi("usage", { key: keys.at(-1) });
    expect(refused.status).toBe(429);
    expect(refused.json.policy).toBe("per-account");
    expect(refused.json.detail).toContain("Your account's keys together");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get("ratelimit-policy")).toBe('"per-key";q=60;w=60, "per-account";q=10;w=60');
  });

  it("the OpenAPI description states both limits", async () => {
    const document = await (await get("/api/v1/openapi.json")).json<{ info: { description: string } }>();
    expect(document.info.description).toContain("each key may make 60 requests a minute, and all of an account's keys together 120");
  });
});
