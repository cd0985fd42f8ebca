// Load and data safety: at least 5,000 mixed requests at concurrency 32 — pages, detector POSTs
// by a subscriber on the offline engine, and signed Stripe webhook deliveries, each event sent
// several times — then the local D1 state is checked: every distinct event recorded exactly once,
// and the subscriber's usage counter equal to the tool actions that succeeded.
import { execFileSync } from "node:child_process";
import Stripe from "stripe";
import { sentMailTo } from "../support/local-mail.mjs";
import { stripeEvent, subscriptionEvent } from "../support/stripe-events.mjs";

const root = new URL("../..", import.meta.url).pathname;
export const LOAD_REQUESTS = 5_000;
export const LOAD_CONCURRENCY = 32;
export const WEBHOOK_SECRET = "whsec_bench_load_secret_0123456789";
export const SESSION_SECRET = "bench-session-secret-0123456789abcdef0123";
const DISTINCT_EVENTS = 250;
const CUSTOMER = "cus_bench_load";

const EMAIL = "bench-load@example.com";

/** The checkout that makes CUSTOMER (paying as EMAIL) a subscriber, as Stripe reports it. */
function checkoutCompletedEvent(created) {
  return stripeEvent("evt_bench_checkout", "checkout.session.completed", created, {
    id: "cs_test_bench_load",
    object: "checkout.session",
    mode: "subscription",
    status: "complete",
    payment_status: "paid",
    customer: CUSTOMER,
    customer_details: { email: EMAIL },
    subscription: "sub_bench_main",
    metadata: { plan: "startup" },
  });
}

/** Signs the address in the way a person does: ask for a link, take it from the mail wrangler wrote, press 'Sign in'. */
export async function signIn(baseUrl, email = EMAIL) {
  const headers = { "content-type": "application/x-www-form-urlencoded", origin: baseUrl };
  const before = (await sentMailTo(email)).length;
  const asked = await fetch(`${baseUrl}/sign-in`, { method: "POST", headers, body: new URLSearchParams({ email }) });
  if (asked.status !== 200) throw new Error(`asking for a sign-in link failed: ${asked.status}`);
  const mails = await sentMailTo(email);
  const link = mails.length > before ? mails.at(-1).link : null;
  if (!link) throw new Error("no sign-in mail was written");
  const token = new URL(link).searchParams.get("token");
  const confirmed = await fetch(`${baseUrl}/sign-in/confirm`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ token }),
    redirect: "manual",
  });
  const cookie = confirmed.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
  if (confirmed.status !== 303 || !cookie) throw new Error(`confirming the sign-in link failed: ${confirmed.status}`);
  return cookie.split(";")[0];
}

/** The startup subscription `subscriptionId` active, as an update event. */
function startupSubscriptionEvent(id, subscriptionId, created) {
  const customerId = subscriptionId === "sub_bench_main" ? CUSTOMER : `cus_${subscriptionId}`;
  const type = "customer.subscription.updated";
  return subscriptionEvent({
    id,
    type,
    subscriptionId,
    customerId,
    status: "active",
    plan: "startup",
    priceId: "price_startup",
    created,
    periodStart: created - 60,
  });
}

async function deliver(baseUrl, event) {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret: WEBHOOK_SECRET });
  return fetch(`${baseUrl}/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}

export function d1(persist, sql) {
  const output = execFileSync(
    "npx",
    ["wrangler", "d1", "execute", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persist, "--json", "--command", sql],
    {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_ERROR_REPORTS: "false" },
    },
  );
  return JSON.parse(output)[0].results;
}

/** Makes CUSTOMER a Startup subscriber through Stripe's webhooks and signs EMAIL in: the session cookie. */
export async function benchSubscriber(baseUrl) {
  const now = Math.floor(Date.now() / 1000);
  for (const event of [checkoutCompletedEvent(now - 1), startupSubscriptionEvent("evt_bench_main", "sub_bench_main", now)]) {
    const setup = await deliver(baseUrl, event);
    if (setup.status !== 200) throw new Error(`setting up the subscriber failed: ${setup.status} ${await setup.text()}`);
  }
  return signIn(baseUrl);
}

export async function measureLoad(baseUrl, persist) {
  const now = Math.floor(Date.now() / 1000);
  const cookie = await benchSubscriber(baseUrl);
  const events = Array.from({ length: DISTINCT_EVENTS }, (_, k) => startupSubscriptionEvent(`evt_bench_${k}`, `sub_bench_${k}`, now));
  const form = new URLSearchParams({
    text: "Load test paragraph. It is important to note that this sentence is here to be analyzed by the detector.",
  }).toString();
  const pages = ["/", "/terms", "/ai-detector", "/pricing"];

  const tally = { pages: 0, toolOk: 0, toolOther: 0, webhooks: 0, errors: 0, serverErrors: 0, statuses: {} };
  let next = 0;
  const started = performance.now();
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= LOAD_REQUESTS) return;
      try {
        let response;
        const kind = i % 5;
        if (kind === 0 || kind === 1) {
          response = await fetch(`${baseUrl}${pages[i % pages.length]}`);
          tally.pages += 1;
        } else if (kind === 2 || kind === 3) {
          response = await fetch(`${baseUrl}/ai-detector`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, cookie },
            body: form,
          });
          if (response.status === 200) tally.toolOk += 1;
          else tally.toolOther += 1;
        } else {
          // Every event is delivered four times, shuffled among everything else.
          response = await deliver(baseUrl, events[Math.floor(i / 5) % DISTINCT_EVENTS]);
          tally.webhooks += 1;
        }
        await response.arrayBuffer();
        tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
        if (response.status >= 500) tally.serverErrors += 1;
      } catch {
        tally.errors += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;

  const recorded = d1(
    persist,
    "SELECT COUNT(*) AS rows, COUNT(DISTINCT id) AS ids FROM processed_events WHERE id LIKE 'evt_bench_%' AND id NOT IN ('evt_bench_main', 'evt_bench_checkout')",
  )[0];
  const usage = d1(persist, `SELECT COALESCE(SUM(used), 0) AS used FROM usage WHERE customer_id = '${CUSTOMER}' AND tool = 'detector'`)[0];
  return {
    requests: LOAD_REQUESTS,
    concurrency: LOAD_CONCURRENCY,
    seconds: Number(seconds.toFixed(1)),
    requestsPerSecond: Math.round(LOAD_REQUESTS / seconds),
    ...tally,
    distinctEvents: DISTINCT_EVENTS,
    eventRows: recorded.rows,
    eventIds: recorded.ids,
    usageCounter: usage.used,
    eventsExactlyOnce: recorded.rows === DISTINCT_EVENTS && recorded.ids === DISTINCT_EVENTS,
    usageMatches: usage.used === tally.toolOk,
  };
}
