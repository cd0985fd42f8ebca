import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import {
  fakeOpenAi,
  fakeStripe,
  freshClient,
  get,
  origin,
  postForm,
  sentMailTo,
  sessionCookieOf,
  signInWith,
  startFakeCheckout,
  stripeTestConfig,
  subscribe,
  uniqueEmail,
  visibleText,
} from "./helpers";
import { subscriptionEvent as stripeSubscriptionEvent } from "../support/stripe-events.mjs";
import { restoreSettingsAfterEach, withFakeStripe } from "./each-test";

withFakeStripe();
afterEach(() => fakeOpenAi.offline());
restoreSettingsAfterEach("DEMO_LIMIT_PER_MINUTE", "DEMO_LIMIT_PER_DAY");

/** The payment page's submit buttons named "method" (React orders attributes its own way). */
const methodButtons = (html: string) => (html.match(/<button[^>]*>/g) ?? []).filter((tag) => tag.includes('name="method"'));

describe("pricing", () => {
  it("lists the three plans with their monthly prices, every feature, 'Most popular' on pro and a 'Choose plan' link each", async () => {
    const response = await get("/pricing");
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    for (const price of ["$16.99", "$24.99", "$39.99"]) expect(text).toContain(`${price} /month`);
    expect(text.match(/Most popular/g)).toHaveLength(1);
    for (const feature of [
      "AI Detection 100 scans/month",
      "Chat AI unlimited",
      "API Access",
      "SLA guarantee",
      "Custom analytics dashboard",
    ]) {
      expect(text).toContain(feature);
    }
    for (const plan of ["basic", "pro", "startup"]) expect(html).toContain(`href="/payment-methods?plan=${plan}"`);
    expect(html).not.toContain("price_pro_test");
  });

  it("formats prices in PLAN_CURRENCY", async () => {
    env.PLAN_CURRENCY = "eur";
    expect(visibleText(await (await get("/pricing")).text())).toContain("€24.99");
  });
});

describe("payment methods", () => {
  it("summarises the chosen plan, and pro when none or an unknown one is asked for", async () => {
    expect(visibleText(await (await get("/payment-methods?plan=basic")).text())).toContain("Basic");
    for (const path of ["/payment-methods", "/payment-methods?plan=gold"]) {
      const text = visibleText(await (await get(path)).text());
      expect(text).toContain("Pro");
      expect(text).toContain("$24.99");
    }
    const html = await (await get("/payment-methods?plan=startup")).text();
    expect(html).toContain('name="plan" value="startup"');
    const buttons = methodButtons(html);
    expect(buttons.map((tag) => tag.match(/value="(\w+)"/)?.[1])).toEqual(["card", "ach"]);
    expect(visibleText(html)).toContain("Credit / Debit Card Visa, Mastercard, AMEX");
    expect(visibleText(html)).toContain("Bank Account (ACH) US Bank Accounts");
  });

  it("starts a card checkout with the exact parameters and answers 303 to the hosted page", async () => {
    const response = await postForm("/payment-methods", { plan: "pro", method: "card" });
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${env.FAKE_STRIPE_URL}/checkout/cs_test_\\w+$`));
    const [request] = await fakeStripe.requests();
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.headers.authorization).toBe(`Bearer ${stripeTestConfig.secretKey}`);
    expect(request?.headers["idempotency-key"]).toMatch(/^checkout-[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_pro_test", quantity: "1" }],
      allowed_payment_method_types: ["card"],
      billing_address_collection: "required",
      success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/payment-methods?plan=pro`,
      metadata: { plan: "pro" },
      subscription_data: { metadata: { plan: "pro" } },
    });
  });

  it("asks for a US bank account (ACH) when that button is pressed", async () => {
    const response = await postForm("/payment-methods", { plan: "basic", method: "ach" });
    expect(response.status).toBe(303);
    const [request] = await fakeStripe.requests();
    expect(request?.body.allowed_payment_method_types).toEqual(["us_bank_account"]);
    expect(request?.body.line_items).toEqual([{ price: "price_basic_test", quantity: "1" }]);
    expect(request?.body.cancel_url).toBe(`${origin}/payment-methods?plan=basic`);
  });

  it.each([
    [{ plan: "gold", method: "card" }, "Unknown plan. Choose one of: basic, pro, startup."],
    [{ plan: "pro", method: "paypal" }, "Unknown payment method. Choose card or ach."],
    [{ method: "card" }, "Unknown plan."],
  ])("answers %o with 400 and a clear message, calling no one", async (fields, message) => {
    const response = await postForm("/payment-methods", fields as Record<string, string>);
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(message);
    expect(await fakeStripe.requests()).toHaveLength(0);
  });

  it("shows 'Payment failed. Please try again.' when Stripe refuses", async () => {
    await fakeStripe.next({ status: 400, error: { type: "invalid_request_error", message: "No such price", code: "resource_missing" } });
    const response = await postForm("/payment-methods", { plan: "pro", method: "card" });
    expect(response.status).toBe(502);
    const html = await response.text();
    expect(visibleText(html)).toContain("Payment failed. Please try again.");
    expect(html).toContain('name="plan" value="pro"');
    expect(html).not.toContain(stripeTestConfig.secretKey);
  });

  it("without STRIPE_SECRET_KEY shows the not-configured notice with disabled buttons, and POST answers 503", async () => {
    env.STRIPE_SECRET_KEY = "";
    const page = await get("/payment-methods?plan=pro");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain("Payments are not configured");
    expect(methodButtons(html).filter((tag) => tag.includes('disabled=""'))).toHaveLength(2);
    const post = await postForm("/payment-methods", { plan: "pro", method: "card" });
    expect(post.status).toBe(503);
    expect(visibleText(await post.text())).toContain("Payments are not configured");
  });

  it("treats a plan without a price id as not configured", async () => {
    env.STRIPE_PRICE_STARTUP = "";
    const post = await postForm("/payment-methods", { plan: "startup", method: "card" });
    expect(post.status).toBe(503);
    expect(await fakeStripe.requests()).toHaveLength(0);
    expect((await postForm("/payment-methods", { plan: "pro", method: "card" })).status).toBe(303);
  });

  it("lets forms redirect to Stripe's checkout and portal (and the fake) under the CSP", async () => {
    const csp = (await get("/payment-methods")).headers.get("content-security-policy")!;
    const formAction = csp.split("; ").find((directive) => directive.startsWith("form-action"));
    expect(formAction).toBe(`form-action 'self' https://checkout.stripe.com https://billing.stripe.com ${env.FAKE_STRIPE_URL}`);
  });
});

describe("success page", () => {
  it.each([
    ["", 400],
    ["?session_id=not-a-session", 400],
    ["?session_id=cs_test_doesnotexist", 404],
  ])("refuses %s with %i and a link back to the plans, never success", async (query, status) => {
    const response = await get(`/success${query}`);
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(visibleText(html)).not.toContain("Payment Successful!");
    expect(html).toContain('href="/pricing"');
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("refuses an open (unpaid) session with 402", async () => {
    const sessionId = await startFakeCheckout("pro");
    const response = await get(`/success?session_id=${sessionId}`);
    expect(response.status).toBe(402);
    expect(visibleText(await response.text())).toContain("has not been paid yet");
  });

  it("refuses a complete session whose payment is still processing (ACH) with 402", async () => {
    const sessionId = await startFakeCheckout("pro", "ach");
    await fakeStripe.complete(sessionId, { payment_status: "unpaid", subscription_status: "incomplete" });
    expect((await get(`/success?session_id=${sessionId}`)).status).toBe(402);
  });

  it("confirms a paid visitor checkout, records the subscription, starts no session and mails a confirmation link to the paid address", async () => {
    const sessionId = await startFakeCheckout("basic");
    const email = uniqueEmail();
    const { customer, subscription } = await fakeStripe.complete(sessionId, { email });
    const response = await get(`/success?session_id=${sessionId}`);
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Payment Successful!");
    expect(text).toContain("Thank you for your subscription. You now have access to all the features included in your plan.");
    expect(text).toContain(`We sent a confirmation link to ${email}`);
    expect(text).toContain("Go to Dashboard");
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM sessions WHERE email = ?").bind(email).first()).toEqual({ n: 0 });

    const [mail] = await sentMailTo(email, { atLeast: 1 });
    expect(mail?.text).toContain("Thank you for subscribing to the ContentForge AI Basic plan");
    expect(mail?.link).toMatch(new RegExp(`^${origin}/sign-in/confirm\\?token=[\\w-]{43}$`));
    const cookie = sessionCookieOf(await signInWith(mail!.link!));
    expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toContain("Basic");

    const row = await env.DB.prepare("SELECT customer_id, plan_id, status, current_period_end FROM subscriptions WHERE id = ?")
      .bind(subscription)
      .first();
    expect(row).toMatchObject({ customer_id: customer, plan_id: "basic", status: "active" });
    expect(row?.current_period_end).toBeGreaterThan(Date.now() / 1000);
    const [retrieve] = (await fakeStripe.requests()).filter((request) => request.method === "GET");
    expect(retrieve?.path).toBe(`/v1/checkout/sessions/${sessionId}`);
    expect(retrieve?.body.expand).toEqual(["subscription"]);
  });

  it("still confirms the payment without SESSION_SECRET, saying the dashboard needs configuration", async () => {
    env.SESSION_SECRET = "";
    const sessionId = await startFakeCheckout("pro");
    await fakeStripe.complete(sessionId);
    const response = await get(`/success?session_id=${sessionId}`);
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Payment Successful!");
    expect(text).toContain("dashboard needs configuration");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers 503 when Stripe is not configured", async () => {
    env.STRIPE_SECRET_KEY = "";
    const response = await get("/success?session_id=cs_test_whatever");
    expect(response.status).toBe(503);
    expect(visibleText(await response.text())).not.toContain("Payment Successful!");
  });
});

describe("dashboard", () => {
  it("asks a visitor to sign in, and links the plans", async () => {
    const response = await get("/dashboard");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(visibleText(html)).toContain("Sign in to see your plan, renewal date and usage");
    expect(html).toMatch(/<a[^>]*href="\/sign-in"[^>]*>Sign in<\/a>/);
    expect(html).toContain('href="/pricing"');
  });

  it("shows the plan, status, renewal date and this period's usage against the quotas", async () => {
    const { cookie } = await subscribe("basic");
    const html = await (await get("/dashboard", { headers: { cookie } })).text();
    const text = visibleText(html);
    expect(text).toContain("Basic");
    expect(text).toContain("Active");
    expect(text).toMatch(/Renews on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    expect(text).toContain("0 / 25 generations");
    expect(text).toContain("0 / 10 minutes");
    expect(html.match(/role="progressbar"/g)).toHaveLength(6);
    expect(html).toContain('aria-valuemax="100"');
  });

  it("ignores a tampered or forged session cookie", async () => {
    const { cookie } = await subscribe("pro");
    const [name, value] = cookie.split("=");
    const [payload, signature] = value!.split(".");
    const forgedPayload = btoa(JSON.stringify("another-session-id")).replace(/=+$/, "");
    for (const bad of [`${name}=${forgedPayload}.${signature}`, `${name}=${payload}.${signature!.slice(0, -2)}AA`]) {
      const text = visibleText(await (await get("/dashboard", { headers: { cookie: bad } })).text());
      expect(text).toContain("Sign in to see your plan, renewal date and usage");
    }
  });

  it("'Manage billing' opens Stripe's billing portal for the customer with /dashboard as the return address", async () => {
    const { cookie, customerId } = await subscribe("pro");
    const response = await postForm("/dashboard", { intent: "manage-billing" }, { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(new RegExp(`^${env.FAKE_STRIPE_URL}/portal/bps_test_\\w+`));
    const portal = (await fakeStripe.requests()).find((request) => request.path === "/v1/billing_portal/sessions");
    expect(portal?.body).toEqual({ customer: customerId, return_url: `${origin}/dashboard` });
  });

  it("'Sign out' ends the session and clears its cookie", async () => {
    const { cookie } = await subscribe("pro");
    const response = await postForm("/sign-out", { scope: "this-device" }, { cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("set-cookie")).toMatch(/^__Host-session=; Path=\/; .*HttpOnly; Secure; SameSite=Lax/);
    expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toContain("Sign in to see your plan");
  });
});

describe("Stripe webhook", () => {
  const cryptoProvider = Stripe.createSubtleCryptoProvider();
  let counter = 0;
  const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1)}`;

  async function deliver(
    event: object,
    {
      secret = stripeTestConfig.webhookSecret,
      tamper = false,
      signature,
    }: { secret?: string; tamper?: boolean; signature?: string | null } = {},
  ) {
    const payload = JSON.stringify(event);
    const header =
      signature === undefined ? await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, cryptoProvider }) : signature;
    return exports.default.fetch(
      new Request(`${origin}/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(header ? { "stripe-signature": header } : {}) },
        body: tamper ? payload.replace('"active"', '"canceled"') : payload,
      }),
    );
  }

  const subscriptionEvent = (type: string, subscriptionId: string, customerId: string, status: string, created: number) =>
    stripeSubscriptionEvent({
      id: unique("evt"),
      type,
      subscriptionId,
      customerId,
      status,
      plan: "pro",
      priceId: "price_pro_test",
      created,
    });

  const stored = (id: string) => env.DB.prepare("SELECT status, plan_id, last_event_at FROM subscriptions WHERE id = ?").bind(id).first();

  it("applies a signed subscription event and answers 200", async () => {
    const subscriptionId = unique("sub");
    const event = subscriptionEvent("customer.subscription.created", subscriptionId, unique("cus"), "active", 1_800_000_000);
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, duplicate: false });
    expect(await stored(subscriptionId)).toMatchObject({ status: "active", plan_id: "pro", last_event_at: 1_800_000_000 });
  });

  it("rejects a tampered body, a wrong secret and a missing signature with 400, changing nothing", async () => {
    const subscriptionId = unique("sub");
    const event = subscriptionEvent("customer.subscription.updated", subscriptionId, unique("cus"), "active", 1_800_000_000);
    expect((await deliver(event, { tamper: true })).status).toBe(400);
    expect((await deliver(event, { secret: "whsec_wrong" })).status).toBe(400);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect(await stored(subscriptionId)).toBeNull();
    expect(await env.DB.prepare("SELECT 1 FROM processed_events WHERE id = ?").bind(event.id).first()).toBeNull();
  });

  it("answers other methods with 405", async () => {
    const response = await get("/webhooks/stripe");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("applies a replayed event only once", async () => {
    const subscriptionId = unique("sub");
    const event = subscriptionEvent("customer.subscription.updated", subscriptionId, unique("cus"), "active", 1_800_000_000);
    expect(await (await deliver(event)).json()).toMatchObject({ duplicate: false });
    // Change the row behind Stripe's back: a replay must not write it again.
    await env.DB.prepare("UPDATE subscriptions SET status = 'paused' WHERE id = ?").bind(subscriptionId).run();
    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(await stored(subscriptionId)).toMatchObject({ status: "paused" });
  });

  it("never lets an older event overwrite a newer state (out-of-order delivery)", async () => {
    const subscriptionId = unique("sub");
    const customerId = unique("cus");
    await deliver(subscriptionEvent("customer.subscription.deleted", subscriptionId, customerId, "canceled", 1_800_000_100));
    await deliver(subscriptionEvent("customer.subscription.updated", subscriptionId, customerId, "active", 1_800_000_000));
    expect(await stored(subscriptionId)).toMatchObject({ status: "canceled", last_event_at: 1_800_000_100 });
    // Within the same second the lifecycle only moves forward.
    await deliver(subscriptionEvent("customer.subscription.updated", subscriptionId, customerId, "active", 1_800_000_100));
    expect(await stored(subscriptionId)).toMatchObject({ status: "canceled" });
    await deliver(subscriptionEvent("customer.subscription.created", subscriptionId, customerId, "active", 1_800_000_200));
    expect(await stored(subscriptionId)).toMatchObject({ status: "active", last_event_at: 1_800_000_200 });
  });

  it("processes 100 concurrent deliveries of one event exactly once", async () => {
    const subscriptionId = unique("sub");
    const event = subscriptionEvent("customer.subscription.created", subscriptionId, unique("cus"), "active", 1_800_000_000);
    const responses = await Promise.all(Array.from({ length: 100 }, () => deliver(event)));
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200));
    const bodies = await Promise.all(responses.map((response) => response.json() as Promise<{ duplicate: boolean }>));
    expect(bodies.filter((body) => !body.duplicate)).toHaveLength(1);
    const { count } = (await env.DB.prepare("SELECT COUNT(*) AS count FROM processed_events WHERE id = ?")
      .bind(event.id)
      .first<{ count: number }>())!;
    expect(count).toBe(1);
  });

  it("records checkout.session.completed, and invoice events move the status", async () => {
    const subscriptionId = unique("sub");
    const customerId = unique("cus");
    const completed = {
      id: unique("evt"),
      object: "event",
      type: "checkout.session.completed",
      created: 1_800_000_000,
      data: {
        object: {
          id: unique("cs_test"),
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          customer: customerId,
          customer_details: { email: "buyer@example.com" },
          subscription: subscriptionId,
          metadata: { plan: "startup" },
        },
      },
    };
    expect((await deliver(completed)).status).toBe(200);
    expect(await stored(subscriptionId)).toMatchObject({ status: "active", plan_id: "startup" });
    expect(await env.DB.prepare("SELECT email FROM customers WHERE id = ?").bind(customerId).first()).toEqual({
      email: "buyer@example.com",
    });

    const invoice = (type: string, created: number) => ({
      id: unique("evt"),
      object: "event",
      type,
      created,
      data: {
        object: {
          id: unique("in"),
          object: "invoice",
          customer: customerId,
          parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId } },
          lines: { object: "list", data: [{ period: { start: created, end: created + 2_592_000 } }] },
        },
      },
    });
    await deliver(invoice("invoice.payment_failed", 1_800_000_050));
    expect(await stored(subscriptionId)).toMatchObject({ status: "past_due" });
    await deliver(invoice("invoice.paid", 1_800_000_060));
    expect(await stored(subscriptionId)).toMatchObject({ status: "active", last_event_at: 1_800_000_060 });
  });

  it("answers 200 to event types it does not handle, recording nothing", async () => {
    const event = {
      id: unique("evt"),
      object: "event",
      type: "charge.refunded",
      created: 1_800_000_000,
      data: { object: { id: "ch_1", object: "charge" } },
    };
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: true });
  });
});

describe("plan quotas", () => {
  const writerFields = { type: "blog", keywords: "", text: "Keep this topic in the form" };
  const usage = (customerId: string, tool: string) =>
    env.DB.prepare("SELECT COALESCE(SUM(used), 0) AS used FROM usage WHERE customer_id = ? AND tool = ?")
      .bind(customerId, tool)
      .first<{ used: number }>();

  it("takes one unit per action, then answers 429 naming the reset date with an upgrade link, keeping the input", async () => {
    const { cookie, customerId } = await subscribe("basic");
    const first = await postForm("/ai-writer", writerFields, { cookie, ...freshClient() });
    expect(first.status).toBe(200);
    expect((await usage(customerId, "writer"))?.used).toBe(1);
    // 25 generations a month on Basic: use up the rest.
    await env.DB.prepare("UPDATE usage SET used = 25 WHERE customer_id = ? AND tool = 'writer'").bind(customerId).run();
    const over = await postForm("/ai-writer", writerFields, { cookie, ...freshClient() });
    expect(over.status).toBe(429);
    const html = await over.text();
    const text = visibleText(html);
    expect(text).toContain("You have used all 25 generations of AI Writer in your Basic plan for this period.");
    expect(text).toMatch(/Your quota resets on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(html).toMatch(/<a[^>]*href="\/pricing"[^>]*>See plans<\/a>/);
    expect(html).toContain("Keep this topic in the form");
    expect((await usage(customerId, "writer"))?.used).toBe(25);
  });

  it("never lets concurrent actions overspend the quota", async () => {
    const { cookie, customerId } = await subscribe("basic");
    await postForm("/ai-detector", { text: "Counting starts here." }, { cookie });
    await env.DB.prepare("UPDATE usage SET used = 95 WHERE customer_id = ? AND tool = 'detector'").bind(customerId).run();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => postForm("/ai-detector", { text: "Short text to check." }, { cookie })),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect((await usage(customerId, "detector"))?.used).toBe(100);
  });

  it("gives the unit back when the provider fails", async () => {
    const { cookie, customerId } = await subscribe("basic");
    await fakeOpenAi.use();
    await fakeOpenAi.next({ status: 500 }, { status: 500 }, { status: 500 });
    const response = await postForm("/ai-humanizer", { text: "Refund me.", tone: "casual" }, { cookie });
    expect(response.status).toBe(502);
    expect((await usage(customerId, "humanizer"))?.used).toBe(0);
  });

  it("lets subscribers skip the demo rate limit and the demo modal; visitors keep both", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "1";
    const { cookie } = await subscribe("pro");
    const client = freshClient();
    for (let i = 0; i < 3; i += 1) {
      const response = await postForm("/ai-detector", { text: "A subscriber's text." }, { cookie, ...client });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toMatch(/<dialog[^>]*open=""/);
      // Not even a closed one the page could open when the next analysis starts.
      expect(html).not.toContain("Demo Version");
    }
    // The tool pages themselves know the visitor is a subscriber.
    for (const path of ["/ai-detector", "/voiceover-ai", "/conversational-ai"]) {
      expect(await (await get(path, { headers: { cookie } })).text()).not.toContain("Demo Version");
      expect(await (await get(path)).text()).toContain("Demo Version");
    }
    const visitor = freshClient();
    const demo = await postForm("/ai-detector", { text: "A visitor's text." }, visitor);
    expect(demo.status).toBe(200);
    expect(await demo.text()).toMatch(/<dialog[^>]*open=""/);
    expect((await postForm("/ai-detector", { text: "Again." }, visitor)).status).toBe(429);
  });

  it("treats a cancelled subscription as a visitor again", async () => {
    const { cookie, customerId } = await subscribe("pro");
    await env.DB.prepare("UPDATE subscriptions SET status = 'canceled' WHERE customer_id = ?").bind(customerId).run();
    const html = await (await postForm("/ai-detector", { text: "Lapsed." }, { cookie, ...freshClient() })).text();
    expect(html).toMatch(/<dialog[^>]*open=""/);
    expect((await usage(customerId, "detector"))?.used).toBe(0);
  });
});
