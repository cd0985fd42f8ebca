import { env, exports } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { createKeyOnDashboard } from "./api-helpers";
import {
  fakeOpenAi,
  fakeStripe,
  get,
  origin,
  postForm,
  sentMailTo,
  signedInCookie,
  stripeTestConfig,
  subscribe,
  visibleText,
} from "./helpers";
import { mediaUrlIn } from "./media-helpers";
import { withFakeStripe } from "./each-test";

// The data rights of the privacy policy (issue 23) inside workerd: 'Export my data' (built after
// the answer, mailed, downloadable by its account for 24 hours), 'Delete my account' (Stripe told
// to end the subscription, every row and object of the account gone, billing records kept without
// the email), the cookies page, and the retention Cron Trigger.

beforeAll(async () => {
  await (await get("/cookies")).text();
}, 120_000);
withFakeStripe();

const text = "Moreover, it is important to note that the marmalade industry plays a crucial role in breakfast.";

async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
}

/** The Worker's Cron Trigger, as the runtime fires it (the binding has `scheduled`, its type does not say so). */
const runCron = () =>
  (exports.default as unknown as { scheduled(options: { cron: string; scheduledTime: Date }): Promise<unknown> }).scheduled({
    cron: "17 * * * *",
    scheduledTime: new Date(),
  });

async function waitFor<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("export my data", () => {
  it("builds a JSON export after answering, mails its page, and lets only its account download it", async () => {
    const owner = await subscribe("pro");
    await postForm("/ai-detector", { text }, { cookie: owner.cookie });
    await postForm("/imagine-ai", { style: "cartoon", size: "square", prompt: "A marmalade jar" }, { cookie: owner.cookie });

    const started = await postForm("/account/export", { intent: "export" }, { cookie: owner.cookie });
    expect(started.status).toBe(303);
    const page = started.headers.get("location")!;
    expect(page).toMatch(/^\/account\/export\/[0-9a-f]{32}$/);

    const mail = await waitFor(async () => (await sentMailTo(owner.email)).find((sent) => sent.text.includes(page)), "the export mail");
    expect(mail.text).toContain("Your ContentForge AI data export is ready.");
    const ready = await (await get(page, { headers: { cookie: owner.cookie } })).text();
    expect(visibleText(ready)).toContain("Your export is ready");

    const download = await get(`${page}/download`, { headers: { cookie: owner.cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="contentforge-export-\d{4}-\d\d-\d\d\.json"$/);
    const data = await download.json<any>();
    expect(data.account.email).toBe(owner.email);
    expect(data.subscriptions).toEqual([expect.objectContaining({ plan: "pro", status: "active" })]);
    expect(data.history.map((item: any) => item.tool)).toEqual(["detector", "imagine"]);
    expect(data.history[0].input).toEqual({ text });
    expect(data.history[1].mediaUrl).toMatch(/^http:\/\/127\.0\.0\.1\/media\/[0-9a-f]{32}$/);
    expect((await get(new URL(data.history[1].mediaUrl).pathname)).status).toBe(200);

    const stranger = await subscribe("pro");
    expect((await get(page, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await get(`${page}/download`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await get(`${page}/download`)).status).toBe(401);
    expect((await postForm("/account/export", { intent: "everything" }, { cookie: owner.cookie })).status).toBe(400);
  });
});

describe("delete my account", () => {
  it("asks for the email, ends the subscription at the period's end through Stripe, deletes everything but the billing records, and signing in again finds nothing", async () => {
    const { cookie, email, customerId, sessionId } = await subscribe("pro");
    await postForm("/ai-detector", { text }, { cookie });
    await postForm("/imagine-ai", { style: "cartoon", size: "square", prompt: "A marmalade jar" }, { cookie });
    await createKeyOnDashboard(cookie, "to be deleted");
    const mediaId = (await env.DB.prepare("SELECT media_id FROM history_items WHERE email = ? AND media_id IS NOT NULL")
      .bind(email)
      .first<{ media_id: string }>())!.media_id;

    const form = await get("/account/delete", { headers: { cookie } });
    expect(visibleText(await form.text())).toContain(`Type your email address, ${email} , to confirm`);
    const wrong = await postForm("/account/delete", { confirmEmail: "someone@example.com" }, { cookie });
    expect(wrong.status).toBe(400);
    expect(visibleText(await wrong.text())).toContain("That is not your email address.");
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", email)).toBe(2);

    const deleted = await postForm("/account/delete", { confirmEmail: email.toUpperCase() }, { cookie });
    expect(deleted.status).toBe(200);
    const page = visibleText(await deleted.text());
    expect(page).toContain("Your account is deleted");
    expect(page).toContain("Your subscription will not renew");
    expect(page).toContain("We keep only what billing records require");
    expect(deleted.headers.getSetCookie().some((value) => value.startsWith("__Host-session=;"))).toBe(true);

    const stripeCalls = await fakeStripe.requests();
    const subscriptionId = (await env.DB.prepare("SELECT id FROM subscriptions WHERE customer_id = ?")
      .bind(customerId)
      .first<{ id: string }>())!.id;
    expect(stripeCalls.find((call) => call.method === "POST" && call.path === `/v1/subscriptions/${subscriptionId}`)?.body).toEqual({
      cancel_at_period_end: "true",
    });

    for (const table of ["history_items", "sessions", "api_keys", "accounts", "data_exports", "sign_in_tokens"]) {
      expect(await count(`SELECT COUNT(*) AS n FROM ${table} WHERE email = ?`, email), table).toBe(0);
    }
    expect(await count("SELECT COUNT(*) AS n FROM usage WHERE customer_id = ?", customerId)).toBe(0);
    expect(await env.MEDIA.head(`media/${mediaId}`)).toBeNull();
    // The billing records stay, without the address.
    expect(await env.DB.prepare("SELECT email FROM customers WHERE id = ?").bind(customerId).first()).toEqual({ email: null });
    expect(await count("SELECT COUNT(*) AS n FROM subscriptions WHERE customer_id = ?", customerId)).toBe(1);

    // Neither a late Stripe event carrying the address nor a revisit of the success page brings the account back.
    const payload = JSON.stringify({
      id: `evt_late_${crypto.randomUUID().slice(0, 8)}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000) - 60,
      data: {
        object: {
          id: sessionId,
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          customer: customerId,
          customer_details: { email },
          subscription: subscriptionId,
          metadata: { plan: "pro" },
        },
      },
    });
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: stripeTestConfig.webhookSecret,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    const late = await exports.default.fetch(
      new Request(`${origin}/webhooks/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: payload,
      }),
    );
    expect(await late.json()).toEqual({ received: true, duplicate: false });
    const revisit = await get(`/success?session_id=${sessionId}`);
    expect(revisit.headers.getSetCookie()).toEqual([]);
    expect(visibleText(await revisit.text())).toContain("The account this checkout belonged to has been deleted");
    expect(await env.DB.prepare("SELECT email FROM customers WHERE id = ?").bind(customerId).first()).toEqual({ email: null });

    // The old cookie is dead; deleting again is harmless.
    expect(visibleText(await (await get("/history", { headers: { cookie } })).text())).toContain(
      "Sign in to see the results you produced.",
    );
    expect((await postForm("/account/delete", { confirmEmail: email }, { cookie })).status).toBe(401);

    const again = await signedInCookie(email);
    const history = await (await get("/history", { headers: { cookie: again } })).text();
    expect(visibleText(history)).toContain("Nothing here yet.");
    expect(visibleText(await (await get("/dashboard", { headers: { cookie: again } })).text())).not.toContain("Usage this period");
  });

  it("keeps nothing of an image that was still being made when the account was deleted: no item, no activity, no media", async () => {
    const { cookie, email } = await subscribe("pro");
    fakeOpenAi.use();
    try {
      await fakeOpenAi.next({ delayMs: 1500 });
      const making = postForm("/imagine-ai", { style: "cartoon", size: "square", prompt: "A lighthouse at dusk" }, { cookie });
      await waitFor(
        async () => ((await fakeOpenAi.requests()).some((request) => request.path.endsWith("/images/generations")) ? true : undefined),
        "the image request",
      );
      expect((await postForm("/account/delete", { confirmEmail: email }, { cookie })).status).toBe(200);
      const page = await making;
      // The page still shows what was made (the person asked for it); nothing of it stays.
      expect(page.status).toBe(200);
      const image = mediaUrlIn(await page.text(), "img");
      expect(image).toBeDefined();
      expect(await env.MEDIA.head(`media/${image!.slice("/media/".length)}`)).toBeNull();
      expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", email)).toBe(0);
      expect(await count("SELECT COUNT(*) AS n FROM activity WHERE email = ?", email)).toBe(0);
    } finally {
      fakeOpenAi.offline();
    }
  });

  it("erases the address again half an hour on: what was written for it after the deletion goes then; an address signed in again is left alone", async () => {
    const { sweepExpiredData } = await import("~/server/workspace/retention-sweep.server");
    const [gone, back] = [await subscribe("pro"), await subscribe("pro")];
    for (const { cookie, email } of [gone, back]) {
      expect((await postForm("/account/delete", { confirmEmail: email }, { cookie })).status).toBe(200);
      expect(await count("SELECT COUNT(*) AS n FROM account_erasures WHERE email = ?", email)).toBe(1);
    }
    const deletedAt = (await env.DB.prepare("SELECT erased_at AS at FROM account_erasures WHERE email = ?")
      .bind(back.email)
      .first<{ at: number }>())!.at;
    // One owner signs in again; then a write that was under way at the deletion lands for each address.
    await signedInCookie(back.email);
    const now = Math.floor(Date.now() / 1000);
    for (const [index, { email }] of [gone, back].entries()) {
      const media = `${index}`.padStart(32, "c");
      await env.MEDIA.put(`media/${media}`, "late", { customMetadata: { expiresAt: new Date(Date.now() + 86_400_000).toISOString() } });
      await env.DB.prepare(
        "INSERT INTO history_items (id, email, tool, source, title, input, output, media_id, created_at, updated_at, expires_at) VALUES (?, ?, 'imagine', 'web', 'late', '{}', '{}', ?, ?, ?, ?)",
      )
        .bind(`${index}`.padStart(32, "d"), email, media, now, now, now + 86_400)
        .run();
    }
    // What the deleted address may make anew meanwhile is not the deleted account's: a sign-in link
    // asked for, and a new Checkout's customer (bound to no account yet).
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sign_in_tokens (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)").bind(
        `again-${gone.email}`,
        gone.email,
        now,
        now + 900,
      ),
      env.DB.prepare("INSERT INTO customers (id, email, created_at) VALUES (?, ?, ?)").bind(`cus_again_${now}`, gone.email, now),
    ]);
    // Not before half an hour has passed.
    await sweepExpiredData(deletedAt + 29 * 60);
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", gone.email)).toBe(1);

    // Erased again (with any other address deleted in this file's earlier tests).
    expect((await sweepExpiredData(deletedAt + 30 * 60)).erasedAgain).toBeGreaterThanOrEqual(1);
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", gone.email)).toBe(0);
    expect(await env.MEDIA.head(`media/${"0".padStart(32, "c")}`)).toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM sign_in_tokens WHERE token_hash = ?", `again-${gone.email}`)).toBe(1);
    expect(
      await count("SELECT COUNT(*) AS n FROM customers WHERE id = ? AND email = ? AND erased_at IS NULL", `cus_again_${now}`, gone.email),
    ).toBe(1);
    // The address signed in again keeps what it has.
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", back.email)).toBe(1);
    expect(await env.MEDIA.head(`media/${"1".padStart(32, "c")}`)).not.toBeNull();
    // Neither address is kept any longer.
    expect(await count("SELECT COUNT(*) AS n FROM account_erasures WHERE email IN (?, ?)", gone.email, back.email)).toBe(0);
    // Even run without eraseAgain's check (a sign-in landing between that check and the erase), the
    // second erase deletes nothing of an address that has an account.
    const { eraseAccountData } = await import("~/server/workspace/account-deletion.server");
    await eraseAccountData(back.email, { again: true });
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", back.email)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", back.email)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM sessions WHERE email = ?", back.email)).toBeGreaterThan(0);
    expect(await env.MEDIA.head(`media/${"1".padStart(32, "c")}`)).not.toBeNull();
  });

  it("refuses with a way forward when Stripe cannot end the subscription, and deletes nothing", async () => {
    const { cookie, email } = await subscribe("basic");
    await postForm("/ai-detector", { text }, { cookie });
    await fakeStripe.next(
      { status: 500, error: { type: "api_error", message: "down" } },
      { status: 500, error: { type: "api_error", message: "down" } },
    );
    const refused = await postForm("/account/delete", { confirmEmail: email }, { cookie });
    expect(refused.status).toBe(502);
    expect(visibleText(await refused.text())).toContain("Cancel your subscription on the billing portal first");
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", email)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM accounts WHERE email = ?", email)).toBe(1);
  });
});

describe("cookies page", () => {
  it("lists every cookie the site sets, with why and for how long, linked from the privacy policy", async () => {
    const page = await get("/cookies");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(visibleText(html)).toContain("__Host-session Keeps you signed in.");
    expect(html).toContain("<caption");
    expect(await (await get("/privacy-policy")).text()).toContain('href="/cookies"');
  });
});

describe("retention cron", () => {
  it("deletes expired history with its media, expired media, exports, tokens and sessions, in bounded batches, idempotently", async () => {
    const { cookie, email } = await subscribe("pro");
    await postForm("/ai-detector", { text }, { cookie });
    await postForm("/imagine-ai", { style: "cartoon", size: "square", prompt: "An old jar" }, { cookie });
    const past = Math.floor(Date.now() / 1000) - 10;
    // The image item is past its retention; the detector item is not.
    const old = (await env.DB.prepare("SELECT id, media_id FROM history_items WHERE email = ? AND tool = 'imagine'")
      .bind(email)
      .first<{ id: string; media_id: string }>())!;
    await env.DB.prepare("UPDATE history_items SET expires_at = ? WHERE id = ?").bind(past, old.id).run();
    await env.MEDIA.put("media/0000000000000000000000000000dead", "x", {
      customMetadata: { expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    await env.MEDIA.put("media/0000000000000000000000000000beef", "x", {
      customMetadata: { expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await env.DB.prepare("INSERT INTO sign_in_tokens (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)")
      .bind(`old-${email}`, email, past - 90_000, past - 86_400)
      .run();

    await runCron();
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE id = ?", old.id)).toBe(0);
    expect(await env.MEDIA.head("media/0000000000000000000000000000dead")).toBeNull();
    expect(await env.MEDIA.head(`media/${old.media_id}`)).toBeNull();
    expect(await env.MEDIA.head("media/0000000000000000000000000000beef")).not.toBeNull();
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", email)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM history_search WHERE rowid NOT IN (SELECT seq FROM history_items)")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM sign_in_tokens WHERE token_hash = ?", `old-${email}`)).toBe(0);

    // A second run finds nothing more of this account to delete.
    await runCron();
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", email)).toBe(1);
  });

  it("deletes at most one batch of expired history per run", async () => {
    const { sweepExpiredData } = await import("~/server/workspace/retention-sweep.server");
    const { email } = await subscribe("pro");
    const past = Math.floor(Date.now() / 1000) - 10;
    await env.DB.batch(
      Array.from({ length: 7 }, (_, index) =>
        env.DB.prepare(
          "INSERT INTO history_items (id, email, tool, source, title, input, output, created_at, updated_at, expires_at) VALUES (?, ?, 'detector', 'web', 't', '{}', '{}', ?, ?, ?)",
        ).bind(`${index}`.padStart(32, "e"), email, past, past, past),
      ),
    );
    expect((await sweepExpiredData(undefined, 3)).historyItems).toBe(3);
    expect(await count("SELECT COUNT(*) AS n FROM history_items WHERE email = ?", email)).toBe(4);
  });
});
