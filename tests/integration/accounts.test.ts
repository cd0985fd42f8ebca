import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import {
  fakeStripe,
  freshClient,
  get,
  postForm,
  requestSignInLink,
  sentMailTo,
  sessionCookieOf,
  signedInCookie,
  signInWith,
  startFakeCheckout,
  subscribe,
  tokenOf,
  uniqueEmail,
  visibleText,
} from "./helpers";
import { withFakeStripe } from "./each-test";

// Accounts (issue 18): sign-in by an emailed link, D1 sessions, sign-out here and everywhere. The
// mails are the ones miniflare's real send_email binding wrote to disk (tests/support/local-mail.mjs).

withFakeStripe();

const sha256Hex = async (text: string) =>
  [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");

/** Sets when the address's sign-in tokens or sessions expire (Unix seconds), as if time had passed. */
const setExpiry = (table: "sign_in_tokens" | "sessions", email: string, expiresAt: number) =>
  env.DB.prepare(`UPDATE ${table} SET expires_at = ? WHERE email = ?`).bind(expiresAt, email).run();

/** The address in a 'Check your inbox' page replaced by a placeholder, to compare two answers. */
const withoutAddress = (html: string, email: string) => visibleText(html).replaceAll(email, "<address>");

describe("the sign-in page", () => {
  it("has one labelled email field and an 'Email me a sign-in link' button, and is never cached", async () => {
    const response = await get("/sign-in");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toMatch(/<label[^>]*for="sign-in-email"[^>]*>Email address<\/label>/);
    const input = html.match(/<input[^>]*id="sign-in-email"[^>]*>/)?.[0];
    expect(input).toContain('name="email"');
    expect(input).toContain('type="email"');
    expect(input).toContain('autoComplete="email"');
    expect(html).toMatch(/<form[^>]*action="\/sign-in"[^>]*method="post"/);
    expect(visibleText(html)).toContain("Email me a sign-in link");
  });

  it("answers a customer and a stranger with the same 'Check your inbox' page, and mails both a link", async () => {
    const { email: customer } = await subscribe("pro");
    const stranger = uniqueEmail("stranger");
    const answers = [];
    for (const email of [customer, stranger]) {
      // The customer already has the confirmation mailed after their checkout.
      const mailsBefore = (await sentMailTo(email)).length;
      const response = await postForm("/sign-in", { email }, freshClient());
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(visibleText(html)).toContain(`Check your inbox We sent a sign-in link to ${email} .`);
      expect(html).toMatch(/<button[^>]*>Send the link again<\/button>/);
      answers.push(withoutAddress(html, email));
      expect(await sentMailTo(email, { atLeast: mailsBefore + 1 })).toHaveLength(mailsBefore + 1);
    }
    expect(answers[0]).toBe(answers[1]);
  });

  it("normalises the address: spaces and capitals make no second account", async () => {
    const email = uniqueEmail("case");
    const response = await postForm("/sign-in", { email: `  ${email.toUpperCase()} ` }, freshClient());
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain(`We sent a sign-in link to ${email} .`);
    expect(await sentMailTo(email, { atLeast: 1 })).toHaveLength(1);
  });

  it.each([
    ["", "Enter your email address."],
    ["   ", "Enter your email address."],
    ["not-an-email", "Enter a valid email address, like name@example.com."],
    ["a@b", "Enter a valid email address, like name@example.com."],
    [`${"x".repeat(250)}@example.com`, "An email address has at most 254 characters."],
  ])("refuses %j with 400 and a message, keeping what was typed", async (email, message) => {
    const response = await postForm("/sign-in", { email }, freshClient());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain(message);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    if (email.trim()) expect(html).toContain(`value="${email}"`);
  });

  it("says so on the page, and with 503, when sessions are not configured", async () => {
    env.SESSION_SECRET = "";
    expect(visibleText(await (await get("/sign-in")).text())).toContain("Signing in is not configured on this site yet.");
    const email = uniqueEmail();
    const response = await postForm("/sign-in", { email }, freshClient());
    expect(response.status).toBe(503);
    expect(visibleText(await response.text())).toContain("Signing in is not configured on this site yet.");
    expect(await sentMailTo(email)).toHaveLength(0);
  });

  it("sends a signed-in person to the dashboard", async () => {
    const cookie = await signedInCookie(uniqueEmail());
    const response = await get("/sign-in", { headers: { cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
  });
});

describe("the sign-in mail", () => {
  it("carries the link in a text and an HTML body, says what to do if it was not requested, and comes from MAIL_FROM", async () => {
    const email = uniqueEmail("mail");
    const link = await requestSignInLink(email);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1\/sign-in\/confirm\?token=[\w-]{43}$/);
    const [mail] = await sentMailTo(email, { atLeast: 1 });
    expect(mail!.text).toContain(`Someone asked to sign in to ContentForge AI as ${email}.`);
    expect(mail!.text).toContain("If you did not ask for it, you can ignore this mail");
    expect(mail!.text).toContain("expires in 15 minutes");
    // miniflare writes the HTML body beside the text body.
    const htmlPath = mail!.path.replace("/email-text/", "/email-html/");
    expect(htmlPath).not.toBe(mail!.path);
  });

  it("stores the token only as its SHA-256 hash, bound to the address, expiring in 15 minutes", async () => {
    const email = uniqueEmail("hash");
    const token = tokenOf(await requestSignInLink(email));
    const rows = await env.DB.prepare("SELECT * FROM sign_in_tokens WHERE email = ?").bind(email).all<Record<string, unknown>>();
    expect(rows.results).toHaveLength(1);
    const row = rows.results[0]!;
    expect(row.token_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(15 * 60);
    expect(row.used_at).toBeNull();
  });
});

describe("the link", () => {
  it("opens a confirm page whose button POSTs; opening it (as a mail scanner does) uses nothing up", async () => {
    const email = uniqueEmail("confirm");
    const link = await requestSignInLink(email);
    const path = new URL(link).pathname + new URL(link).search;
    for (let i = 0; i < 3; i += 1) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("private, no-store");
      expect(page.headers.get("set-cookie")).toBeNull();
      const html = await page.text();
      expect(visibleText(html)).toContain(`Sign in as ${email} on this device.`);
      expect(html).toMatch(/<form[^>]*method="post"/);
      expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
    }
    const row = await env.DB.prepare("SELECT used_at FROM sign_in_tokens WHERE email = ?").bind(email).first();
    expect(row).toEqual({ used_at: null });
  });

  it("signs in with a 303 to the dashboard and an HttpOnly, Secure, Lax, 30-day cookie holding an id stored only hashed", async () => {
    const email = uniqueEmail("session");
    const response = await signInWith(await requestSignInLink(email));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dashboard");
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-session="))!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain("Max-Age=2592000");
    // React Router's signed cookie: base64 of the JSON id, a dot, the HMAC.
    const value = decodeURIComponent(setCookie.split(";")[0]!.slice("__Host-session=".length));
    const id = JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))) as string;
    expect(id.length).toBeGreaterThanOrEqual(43);
    const sessions = await env.DB.prepare("SELECT * FROM sessions WHERE email = ?").bind(email).all<Record<string, unknown>>();
    expect(sessions.results).toHaveLength(1);
    expect(sessions.results[0]!.id_hash).toBe(await sha256Hex(id));
    expect(JSON.stringify(sessions.results[0])).not.toContain(id);
    expect(Number(sessions.results[0]!.expires_at) - Date.now() / 1000).toBeGreaterThan(30 * 86_400 - 60);
  });

  it("works once: a used link gets a clear 410 page with 'Send a new link'", async () => {
    const link = await requestSignInLink(uniqueEmail("once"));
    expect((await signInWith(link)).status).toBe(303);
    for (const response of [await signInWith(link), await get(new URL(link).pathname + new URL(link).search)]) {
      expect(response.status).toBe(410);
      expect(response.headers.getSetCookie()).toEqual([]);
      const html = await response.text();
      expect(visibleText(html)).toContain("This sign-in link was already used");
      expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Send a new link<\/a>/);
    }
  });

  it("signs in exactly once when 20 clicks arrive together", async () => {
    const email = uniqueEmail("race");
    const link = await requestSignInLink(email);
    const responses = await Promise.all(Array.from({ length: 20 }, () => signInWith(link)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(1);
    expect(statuses.filter((status) => status === 410)).toHaveLength(19);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE email = ?").bind(email).first()).toEqual({ n: 1 });
  });

  it("expires after 15 minutes: a clear 410 page, never a session", async () => {
    const email = uniqueEmail("expired");
    const link = await requestSignInLink(email);
    await setExpiry("sign_in_tokens", email, Math.floor(Date.now() / 1000) - 1);
    for (const response of [await get(new URL(link).pathname + new URL(link).search), await signInWith(link)]) {
      expect(response.status).toBe(410);
      const html = await response.text();
      expect(visibleText(html)).toContain("This sign-in link has expired");
      expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Send a new link<\/a>/);
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE email = ?").bind(email).first()).toEqual({ n: 0 });
  });

  it.each([
    ["no token", ""],
    ["an empty token", "?token="],
    ["a short token", "?token=short"],
    ["an unknown token", `?token=${"A".repeat(43)}`],
    ["a token of invalid bytes", `?token=${"%FF".repeat(20)}`],
    ["a 5,000-character token", `?token=${"x".repeat(5000)}`],
  ])("answers %s with a 400 page offering a new link", async (_name, query) => {
    const response = await get(`/sign-in/confirm${query}`);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("This sign-in link is not valid");
    expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Send a new link<\/a>/);
  });

  it("is bound to the address it was sent to", async () => {
    const alice = uniqueEmail("alice");
    const bob = uniqueEmail("bob");
    const aliceLink = await requestSignInLink(alice);
    await requestSignInLink(bob);
    const cookie = sessionCookieOf(await signInWith(aliceLink));
    const text = visibleText(await (await get("/dashboard", { headers: { cookie } })).text());
    expect(text).toContain(alice);
    expect(text).not.toContain(bob);
  });
});

describe("sign-in limits", () => {
  it("sends 5 links an hour per address, then answers 429 with Retry-After, keeping the address", async () => {
    const email = uniqueEmail("limit");
    for (let i = 0; i < 5; i += 1) expect((await postForm("/sign-in", { email }, freshClient())).status).toBe(200);
    const response = await postForm("/sign-in", { email }, freshClient());
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    const html = await response.text();
    expect(visibleText(html)).toMatch(/Too many sign-in links were asked for\. Please try again in (59|60) minutes\./);
    expect(html).toContain(`value="${email}"`);
    expect(await sentMailTo(email, { atLeast: 5 })).toHaveLength(5);
  });

  it("counts exactly under concurrency: of 12 simultaneous requests for one address, 5 are sent", async () => {
    const email = uniqueEmail("burst");
    const responses = await Promise.all(Array.from({ length: 12 }, () => postForm("/sign-in", { email }, freshClient())));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await sentMailTo(email, { atLeast: 5 })).toHaveLength(5);
  });

  it("sends 20 links an hour per client, whatever the addresses", async () => {
    const client = freshClient();
    for (let i = 0; i < 20; i += 1) expect((await postForm("/sign-in", { email: uniqueEmail("walk") }, client)).status).toBe(200);
    const response = await postForm("/sign-in", { email: uniqueEmail("walk") }, client);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await postForm("/sign-in", { email: uniqueEmail("other") }, freshClient())).status).toBe(200);
  });

  it("follows its vars: 0 turns the per-client limit off, 1 allows one link per address", async () => {
    env.SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR = "0";
    env.SIGN_IN_LIMIT_PER_ADDRESS_PER_HOUR = "1";
    try {
      const client = freshClient();
      for (let i = 0; i < 25; i += 1) expect((await postForm("/sign-in", { email: uniqueEmail("open") }, client)).status).toBe(200);
      const email = uniqueEmail("single");
      expect((await postForm("/sign-in", { email }, freshClient())).status).toBe(200);
      expect((await postForm("/sign-in", { email }, freshClient())).status).toBe(429);
    } finally {
      env.SIGN_IN_LIMIT_PER_CLIENT_PER_HOUR = "20";
      env.SIGN_IN_LIMIT_PER_ADDRESS_PER_HOUR = "5";
    }
  });
});

describe("sessions", () => {
  it("a subscriber who lost their cookie signs in with the checkout email and sees the same plan and usage", async () => {
    const { cookie: first, email, customerId } = await subscribe("basic");
    expect(
      (await postForm("/ai-writer", { type: "blog", keywords: "", text: "A topic" }, { cookie: first, ...freshClient() })).status,
    ).toBe(200);
    const cookie = await signedInCookie(email);
    expect(cookie).not.toBe(first);
    const text = visibleText(await (await get("/dashboard", { headers: { cookie } })).text());
    expect(text).toContain(email);
    expect(text).toContain("Basic");
    expect(text).toContain("Active");
    expect(text).toContain("1 / 25 generations");
    expect(await env.DB.prepare("SELECT used FROM usage WHERE customer_id = ? AND tool = 'writer'").bind(customerId).first()).toEqual({
      used: 1,
    });
  });

  it("shows a signed-in person without a plan 'No plan yet' and the plans", async () => {
    const email = uniqueEmail("noplan");
    const cookie = await signedInCookie(email);
    const response = await get("/dashboard", { headers: { cookie } });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain(email);
    expect(text).toContain("No plan yet");
    for (const plan of ["Basic", "Pro", "Startup"]) expect(html).toContain(`aria-label="Choose plan ${plan}"`);
    expect(text).toContain("Sign out of all devices");
  });

  it("a signed-in person's checkout carries their email, and the subscription lands on their account", async () => {
    const email = uniqueEmail("checkout");
    const cookie = await signedInCookie(email);
    const sessionId = await startFakeCheckout("pro", "card", { cookie });
    const created = (await fakeStripe.requests()).find((request) => request.path === "/v1/checkout/sessions" && request.method === "POST");
    expect(created?.body.customer_email).toBe(email);
    expect(created?.body.customer).toBeUndefined();
    await fakeStripe.complete(sessionId);
    expect((await get(`/success?session_id=${sessionId}`)).status).toBe(200);
    const text = visibleText(await (await get("/dashboard", { headers: { cookie } })).text());
    expect(text).toContain("Pro");
    expect(text).not.toContain("No plan yet");
  });

  it("a returning customer's new checkout reuses their Stripe customer", async () => {
    const { email, customerId } = await subscribe("basic");
    const cookie = await signedInCookie(email);
    await fakeStripe.use();
    await startFakeCheckout("pro", "card", { cookie });
    const [created] = (await fakeStripe.requests()).filter((request) => request.path === "/v1/checkout/sessions");
    expect(created?.body.customer).toBe(customerId);
    expect(created?.body.customer_email).toBeUndefined();
  });

  it("treats a tampered cookie as no session and removes it", async () => {
    const cookie = await signedInCookie(uniqueEmail("tamper"));
    // One character of the signature changed (to another one: the test once left it as it was).
    const tampered = cookie.slice(0, -3) + (cookie.at(-3) === "A" ? "B" : "A") + cookie.slice(-2);
    expect(tampered).not.toBe(cookie);
    const response = await get("/pricing", { headers: { cookie: tampered } });
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toMatch(/Sign in/);
    expect(response.headers.getSetCookie()).toContain("__Host-session=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });

  it("'Sign out' ends this session only; the ended cookie signs nobody in again", async () => {
    const email = uniqueEmail("signout");
    const laptop = await signedInCookie(email);
    const phone = await signedInCookie(email);
    const response = await postForm("/sign-out", { scope: "this-device" }, { cookie: laptop });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/sign-in?signed-out=this-device");
    expect(visibleText(await (await get("/sign-in?signed-out=this-device")).text())).toContain("You are signed out on this device.");
    expect(visibleText(await (await get("/dashboard", { headers: { cookie: laptop } })).text())).toContain("Sign in to see your plan");
    expect(visibleText(await (await get("/dashboard", { headers: { cookie: phone } })).text())).toContain(email);
  });

  it("keeps a script-readable signed-in hint beside the HttpOnly session cookie, and removes it with the session", async () => {
    const email = uniqueEmail("hint");
    const signedIn = await signInWith(await requestSignInLink(email));
    const cookies = signedIn.headers.getSetCookie();
    expect(cookies.find((value) => value.startsWith("__Host-session="))).toContain("HttpOnly");
    const hint = cookies.find((value) => value.startsWith("signed-in="));
    expect(hint).toBe("signed-in=1; Max-Age=2592000; Path=/; Secure; SameSite=Lax");
    const cookie = sessionCookieOf(signedIn);
    // A session from before the hint existed gets one on its next request.
    expect((await get("/ai-detector", { headers: { cookie } })).headers.getSetCookie()).toContain(hint);
    const signedOut = await postForm("/sign-out", { scope: "this-device" }, { cookie: `${cookie}; signed-in=1` });
    expect(signedOut.headers.getSetCookie()).toContain("signed-in=; Max-Age=0; Path=/; Secure; SameSite=Lax");
    // A hint without a session is stale: it is removed.
    expect((await get("/ai-detector", { headers: { cookie: "signed-in=1" } })).headers.getSetCookie()).toEqual([
      "signed-in=; Max-Age=0; Path=/; Secure; SameSite=Lax",
    ]);
  });

  it("sends a signed-in browser that follows 'Sign in' (a shared page's link) straight to the dashboard", async () => {
    const cookie = await signedInCookie(uniqueEmail("shared-page"));
    const response = await get("/sign-in", { headers: { cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard");
  });

  it("'Sign out of all devices' ends every session of the account and no one else's", async () => {
    const email = uniqueEmail("everywhere");
    const laptop = await signedInCookie(email);
    const phone = await signedInCookie(email);
    const someoneElse = await signedInCookie(uniqueEmail("bystander"));
    const response = await postForm("/sign-out", { scope: "all-devices" }, { cookie: phone });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/sign-in?signed-out=all-devices");
    for (const cookie of [laptop, phone]) {
      expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toContain("Sign in to see your plan");
    }
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE email = ?").bind(email).first()).toEqual({ n: 0 });
    expect(visibleText(await (await get("/dashboard", { headers: { cookie: someoneElse } })).text())).toContain("bystander");
  });

  it("refuses a sign-out from another site with 403, and a GET changes nothing", async () => {
    const email = uniqueEmail("csrf");
    const cookie = await signedInCookie(email);
    expect((await postForm("/sign-out", { scope: "all-devices" }, { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await get("/sign-out", { headers: { cookie } })).status).toBe(302);
    expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toContain(email);
  });

  it("slides: a day after the last refresh the expiry moves 30 days ahead and the cookie is renewed; within the day nothing is written", async () => {
    const email = uniqueEmail("slide");
    const cookie = await signedInCookie(email);
    // As a browser sends it: the session and the signed-in hint set beside it.
    const fresh = await get("/pricing", { headers: { cookie: `${cookie}; signed-in=1` } });
    expect(fresh.headers.getSetCookie()).toEqual([]);
    const twoDaysAgo = Math.floor(Date.now() / 1000) - 2 * 86_400;
    await env.DB.prepare("UPDATE sessions SET refreshed_at = ?, expires_at = ? WHERE email = ?")
      .bind(twoDaysAgo, twoDaysAgo + 30 * 86_400, email)
      .run();
    const stale = await get("/pricing", { headers: { cookie } });
    const renewed = stale.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
    expect(renewed).toContain("Max-Age=2592000");
    expect(renewed!.split(";")[0]).toBe(cookie);
    const row = await env.DB.prepare("SELECT expires_at, refreshed_at FROM sessions WHERE email = ?")
      .bind(email)
      .first<{ expires_at: number; refreshed_at: number }>();
    expect(row!.expires_at).toBeGreaterThan(Date.now() / 1000 + 30 * 86_400 - 60);
    expect(row!.refreshed_at).toBeGreaterThan(twoDaysAgo);
  });

  it("ends a session 30 days after its last refresh, and the next sign-in clears the dead row out", async () => {
    const email = uniqueEmail("lapsed");
    const cookie = await signedInCookie(email);
    await setExpiry("sessions", email, Math.floor(Date.now() / 1000) - 1);
    expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toContain("Sign in to see your plan");
    await signedInCookie(uniqueEmail("next"));
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE email = ?").bind(email).first()).toEqual({ n: 0 });
  });

  it("keeps dead sign-in tokens for a day (a late click still hears why), then clears them out", async () => {
    const email = uniqueEmail("old-token");
    await requestSignInLink(email);
    const dayAgo = Math.floor(Date.now() / 1000) - 86_400;
    await setExpiry("sign_in_tokens", email, dayAgo + 60);
    await requestSignInLink(uniqueEmail("other"));
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sign_in_tokens WHERE email = ?").bind(email).first()).toEqual({ n: 1 });
    await setExpiry("sign_in_tokens", email, dayAgo - 60);
    await requestSignInLink(uniqueEmail("other"));
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sign_in_tokens WHERE email = ?").bind(email).first()).toEqual({ n: 0 });
  });

  it("asks the holder of the retired subscriber cookie to sign in once, without an error, and removes that cookie", async () => {
    const response = await get("/dashboard", { headers: { cookie: "__Host-subscriber=Y3VzXzF8OTk5OTk5OTk5OQ.c2lnbmF0dXJl" } });
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).toContain("Sign in to see your plan");
    expect(response.headers.getSetCookie()).toContain("__Host-subscriber=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax");
  });
});

describe("where the account shows", () => {
  it("the navbar and mobile menu offer 'Sign in' to visitors, on a page that never reads the session", async () => {
    const response = await get("/");
    expect(response.headers.get("cache-control")).toBeNull();
    const html = await response.text();
    expect(html.match(/<a[^>]*href="\/sign-in"[^>]*>Sign in<\/a>/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html).not.toContain('action="/sign-out"');
  });

  it("shows a signed-in person their email, 'Dashboard' and 'Sign out' on every page, never cached", async () => {
    const email = uniqueEmail("navbar");
    const cookie = await signedInCookie(email);
    for (const path of ["/", "/pricing", "/ai-detector"]) {
      const response = await get(path, { headers: { cookie } });
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const html = await response.text();
      expect(visibleText(html)).toContain(`Signed in as ${email}`);
      expect(html.match(/<a[^>]*href="\/dashboard"[^>]*>Dashboard<\/a>/g)?.length).toBeGreaterThanOrEqual(2);
      expect(html.match(/<form[^>]*action="\/sign-out"/g)?.length).toBeGreaterThanOrEqual(2);
      expect(html).not.toMatch(/<a[^>]*href="\/sign-in"[^>]*>Sign in<\/a>/);
    }
  });

  it("every demo modal links 'Sign in' to /sign-in", async () => {
    for (const path of ["/ai-detector", "/ai-humanizer", "/ai-writer", "/voiceover-ai", "/imagine-ai", "/conversational-ai"]) {
      const html = await (await get(path)).text();
      const dialog = html.slice(html.indexOf("<dialog"), html.indexOf("</dialog>"));
      expect(dialog, path).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Sign in<\/a>/);
    }
  });
});
