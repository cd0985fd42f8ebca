import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { callApi, createKeyOnDashboard } from "./api-helpers";
import {
  exportedData,
  fakeStripe,
  get,
  origin,
  postForm,
  sentMailTo,
  sessionCookieOf,
  signedInCookie,
  signInWith,
  startFakeCheckout,
  stripeTestConfig,
  uniqueEmail,
  visibleText,
} from "./helpers";
import { withFakeStripe } from "./each-test";

// Issue 41, item 2: a stranger, signed out, pays at Checkout typing V's address. Before the fix
// V's dashboard showed the stranger's plan (the newest by anyone with the address), V's API key got
// 403, 'Manage billing' opened the stranger's customer, and deleting V's account cancelled the
// stranger's subscription while V's own kept billing (docs/decisions/055).

withFakeStripe();

const dashboardText = async (cookie: string) => visibleText(await (await get("/dashboard", { headers: { cookie } })).text());

type Purchase = { customer: string; subscription: string; sessionId: string };

/** The signed-in account buys the plan: checkout with its cookie, Pay, /success in its own browser. */
async function buySignedIn(cookie: string, plan: string): Promise<Purchase> {
  const sessionId = await startFakeCheckout(plan, "card", { cookie });
  const { customer, subscription } = await fakeStripe.complete(sessionId);
  expect((await get(`/success?session_id=${sessionId}`, { headers: { cookie } })).status).toBe(200);
  return { customer, subscription, sessionId };
}

/** A signed-out buyer pays typing `email` at Checkout, and opens /success unless told not to. */
async function buySignedOut(email: string, plan: string, { openSuccess = true } = {}): Promise<Purchase> {
  const sessionId = await startFakeCheckout(plan);
  const { customer, subscription } = await fakeStripe.complete(sessionId, { email });
  if (openSuccess) expect((await get(`/success?session_id=${sessionId}`)).status).toBe(200);
  return { customer, subscription, sessionId };
}

const portalCustomer = async (cookie: string) => {
  const response = await postForm("/dashboard", { intent: "manage-billing" }, { cookie });
  expect(response.status).toBe(303);
  const portals = (await fakeStripe.requests()).filter((request) => request.path === "/v1/billing_portal/sessions");
  return portals.at(-1)?.body.customer;
};

describe("a stranger's checkout with V's address", () => {
  it("changes neither V's plan, V's API access nor the customer 'Manage billing' opens", async () => {
    const victim = uniqueEmail("victim");
    const cookie = await signedInCookie(victim);
    const pro = await buySignedIn(cookie, "pro");
    const key = await createKeyOnDashboard(cookie, "victim's key");
    expect((await callApi("usage", { key })).status).toBe(200);

    // The stranger comes later (Stripe's times have seconds): theirs is the newest subscription with the address.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const stranger = await buySignedOut(victim, "basic");
    expect(stranger.customer).not.toBe(pro.customer);

    const dashboard = await dashboardText(cookie);
    expect(dashboard).toContain("Pro");
    expect(dashboard).not.toContain("Basic");
    expect(dashboard).toContain("Unlimited");
    expect((await callApi("usage", { key })).status).toBe(200);
    expect(await portalCustomer(cookie)).toBe(pro.customer);
    // Nor does V's data export hold the stranger's subscription.
    const exported = await exportedData(cookie);
    expect(exported.subscriptions.map((row: { id: string }) => row.id)).toEqual([pro.subscription]);
  });

  it("counts only once V uses the mailed link, and then V keeps the higher plan", async () => {
    const victim = uniqueEmail("victim");
    const cookie = await signedInCookie(victim);
    const pro = await buySignedIn(cookie, "pro");
    const mailsBefore = (await sentMailTo(victim)).length;
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the Basic is the newer one
    const stranger = await buySignedOut(victim, "basic");
    const [claim] = (await sentMailTo(victim, { atLeast: mailsBefore + 1 })).slice(mailsBefore);
    expect(claim?.text).toContain("someone typed your address at checkout");

    expect(sessionCookieOf(await signInWith(claim!.link!))).toMatch(/^__Host-session=/);
    const bound = await env.DB.prepare("SELECT id FROM customers WHERE account_email = ? ORDER BY id").bind(victim).all<{ id: string }>();
    expect(bound.results.map((row) => row.id).sort()).toEqual([pro.customer, stranger.customer].sort());
    expect(await dashboardText(cookie)).not.toContain("Basic");
    expect(await portalCustomer(cookie)).toBe(pro.customer);
  });
});

describe("a signed-out purchase", () => {
  it("is bound to the account only by the POST of the link mailed to the paid address", async () => {
    const buyer = uniqueEmail("visitor");
    await buySignedOut(buyer, "basic");
    const [claim] = await sentMailTo(buyer, { atLeast: 1 });
    expect(claim?.link).toMatch(new RegExp(`^${origin}/sign-in/confirm\\?token=`));

    // Signing in by an ordinary link does not bring the checkout with it.
    const ordinary = await signedInCookie(buyer);
    expect(await dashboardText(ordinary)).toContain("No plan yet");

    // Opening the link (what a mail scanner does) binds nothing; its button does.
    const page = await get(new URL(claim!.link!).pathname + new URL(claim!.link!).search);
    expect(page.status).toBe(200);
    expect(visibleText(await page.text())).toContain("This also adds the subscription paid for with this address to its account.");
    expect(await dashboardText(ordinary)).toContain("No plan yet");

    // Basic's quotas (25 generations of AI Writer) on both of the account's browsers.
    const cookie = sessionCookieOf(await signInWith(claim!.link!));
    for (const browser of [cookie, ordinary]) {
      const text = await dashboardText(browser);
      expect(text).not.toContain("No plan yet");
      expect(text).toContain("0 / 25 generations");
    }
  });

  it("says the subscription is ready and where the link went, and signs nobody in", async () => {
    const buyer = uniqueEmail("visitor");
    const sessionId = await startFakeCheckout("pro");
    await fakeStripe.complete(sessionId, { email: buyer });
    const success = await get(`/success?session_id=${sessionId}`);
    expect(success.headers.getSetCookie()).toEqual([]);
    const text = visibleText(await success.text());
    expect(text).toContain("Payment Successful!");
    expect(text).toContain(`Your subscription is ready. We sent a confirmation link to ${buyer}`);
  });
});

describe("the Stripe webhook", () => {
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  /** Delivers checkout.session.completed for the session as the fake Stripe holds it, signed. */
  async function deliverCompleted(sessionId: string) {
    const session = await (
      await fetch(`${env.FAKE_STRIPE_URL}/v1/checkout/sessions/${sessionId}`, {
        headers: { authorization: `Bearer ${stripeTestConfig.secretKey}` },
      })
    ).json();
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: stripeTestConfig.webhookSecret, cryptoProvider });
    const response = await exports.default.fetch(
      new Request(`${origin}/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": header },
        body: payload,
      }),
    );
    expect(response.status).toBe(200);
  }

  it("binds a signed-in buyer's checkout to their account, and a visitor's checkout to none", async () => {
    const member = uniqueEmail("member");
    const memberCookie = await signedInCookie(member);
    const bound = await startFakeCheckout("startup", "card", { cookie: memberCookie });
    await fakeStripe.complete(bound);
    await deliverCompleted(bound);
    expect(await dashboardText(memberCookie)).toContain("Startup");

    const owner = uniqueEmail("owner");
    const ownerCookie = await signedInCookie(owner);
    const visitor = await buySignedOut(owner, "pro", { openSuccess: false });
    await deliverCompleted(visitor.sessionId);
    expect(await dashboardText(ownerCookie)).toContain("No plan yet");
  });
});

describe("deleting V's account", () => {
  const cancelled = async () =>
    (await fakeStripe.requests())
      .filter((request) => request.method === "POST" && request.path.startsWith("/v1/subscriptions/"))
      .filter((request) => request.body.cancel_at_period_end === "true")
      .map((request) => request.path.replace("/v1/subscriptions/", ""));

  it("ends every running subscription of every Stripe customer with the address, V's own first of all", async () => {
    const victim = uniqueEmail("victim");
    const cookie = await signedInCookie(victim);
    const pro = await buySignedIn(cookie, "pro");
    const seen = await buySignedOut(victim, "basic");
    // Paid with the address, but its success page never opened and no webhook came: only Stripe knows it.
    const unseen = await buySignedOut(victim, "startup", { openSuccess: false });
    // The same address in capitals: Stripe's email filter is case-sensitive.
    const shouted = await buySignedOut(victim.toUpperCase(), "basic");

    const deleted = await postForm("/account/delete", { confirmEmail: victim }, { cookie });
    expect(deleted.status).toBe(200);
    expect(visibleText(await deleted.text())).toContain("Your subscription will not renew");
    expect((await cancelled()).sort()).toEqual([pro, seen, unseen, shouted].map((purchase) => purchase.subscription).sort());
    const listed = (await fakeStripe.requests()).filter((request) => request.path === "/v1/customers");
    expect(listed.map((request) => request.body.email).sort()).toEqual([victim, victim.toUpperCase()].sort());
  });

  it("is refused, deleting nothing, when Stripe refuses to list the address's customers", async () => {
    const victim = uniqueEmail("victim");
    const cookie = await signedInCookie(victim);
    // A subscription with the address that this site never recorded: only Stripe's list finds it.
    await buySignedOut(victim, "basic", { openSuccess: false });
    await fakeStripe.next({ status: 401, error: { type: "invalid_request_error", message: "Invalid API Key provided." } });

    const refused = await postForm("/account/delete", { confirmEmail: victim }, { cookie });
    expect(refused.status).toBe(502);
    expect(visibleText(await refused.text())).toContain("Cancel your subscription on the billing portal first");
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts WHERE email = ?").bind(victim).first()).toEqual({ n: 1 });
    expect(await cancelled()).toEqual([]);
  });
});
