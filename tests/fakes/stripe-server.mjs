// A fake Stripe API on 127.0.0.1 speaking Stripe's wire format: form-encoded request bodies with
// bracket notation (line_items[0][price]), JSON objects, and JSON errors
// `{ error: { type, message, code, param } }` with their HTTP statuses. It also serves a fake
// hosted checkout page whose 'Pay' button completes the session and sends the browser to the
// success URL, as Stripe Checkout does. For integration and end-to-end tests and local runs:
//
//   node tests/fakes/stripe-server.mjs [port]     then STRIPE_API_BASE_URL=http://127.0.0.1:<port>
//
// API: POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id (expand[]=subscription),
//      POST /v1/billing_portal/sessions, GET /v1/customers (email: exact and case-sensitive, as
//      Stripe's), GET /v1/subscriptions (customer, status; without status all not cancelled),
//      POST /v1/subscriptions/:id (cancel_at_period_end), DELETE /v1/subscriptions/:id. Lists take
//      limit (1–100) and starting_after, newest first, and answer Stripe's list shape and refusals.
// Pages: GET /checkout/:id (Pay / Cancel), POST /checkout/:id/pay, GET /portal/:id.
// Control (tests only): GET /__fake/requests, POST /__fake/reset, POST /__fake/next (JSON list of
// scripted answers for the next API calls: { status?, error?, delayMs?, price? }; with `price` only a
// checkout for that price takes it, so parallel tests do not collide), POST /__fake/sessions/:id/complete
// (JSON { payment_status?, status?, subscription_status?, created?, email? }: marks a session as the
// buyer left it; `created` backdates it; `email` is what the buyer typed, default buyer@example.com).
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";

/** Stripe's form encoding → nested objects; all-numeric keys make arrays (a[0][b]=1 → { a: [{ b: "1" }] }). */
export function parseStripeForm(text) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = rawKey.match(/^([^[\]]+)((?:\[[^[\]]*\])*)$/);
    const keys = match ? [match[1], ...[...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1])] : [rawKey];
    let node = root;
    keys.forEach((key, index) => {
      const name = key === "" && Array.isArray(node) ? String(node.length) : key;
      if (index === keys.length - 1) {
        node[name] = value;
        return;
      }
      node[name] ??= /^\d*$/.test(keys[index + 1]) ? [] : {};
      node = node[name];
    });
  }
  return root;
}

const id = (prefix) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export function startFakeStripe(port = 0) {
  /** @type {Map<string, any>} */
  let sessions = new Map();
  /** @type {Map<string, any>} */
  let subscriptions = new Map();
  /** @type {Map<string, any>} customer id → customer (its email is what the buyer typed or the site passed) */
  let customers = new Map();
  /** @type {Map<string, { status: number, body: unknown }>} */
  let idempotent = new Map();
  /** @type {any[]} */
  let received = [];
  /** @type {{ status?: number, error?: unknown, delayMs?: number, price?: string }[]} */
  let queue = [];
  let base = "";

  const server = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(request.url ?? "/", "http://fake");
    const method = request.method ?? "GET";
    const path = url.pathname;

    // Control endpoints.
    if (path === "/__fake/requests") return json(response, 200, received);
    if (path === "/__fake/reset") {
      sessions = new Map();
      subscriptions = new Map();
      customers = new Map();
      idempotent = new Map();
      received = [];
      queue = [];
      return json(response, 200, { ok: true });
    }
    if (path === "/__fake/next") {
      const items = JSON.parse(text || "[]");
      queue.push(...(Array.isArray(items) ? items : [items]));
      return json(response, 200, { queued: queue.length });
    }
    const complete = path.match(/^\/__fake\/sessions\/([^/]+)\/complete$/);
    if (complete) {
      const session = sessions.get(complete[1]);
      if (!session)
        return json(response, 404, stripeError("invalid_request_error", `No such checkout.session: '${complete[1]}'`, "resource_missing"));
      const options = text ? JSON.parse(text) : {};
      completeSession(session, options);
      return json(response, 200, session);
    }

    // The hosted pages a browser visits.
    const checkoutPage = path.match(/^\/checkout\/([^/]+)$/);
    if (checkoutPage && method === "GET") {
      const session = sessions.get(checkoutPage[1]);
      if (!session) return html(response, 404, "<h1>Checkout session not found</h1>");
      return html(response, 200, hostedCheckout(session));
    }
    const pay = path.match(/^\/checkout\/([^/]+)\/pay$/);
    if (pay && method === "POST") {
      const session = sessions.get(pay[1]);
      if (!session) return html(response, 404, "<h1>Checkout session not found</h1>");
      const email = new URLSearchParams(text).get("email")?.trim() || undefined;
      completeSession(session, { email });
      response.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) });
      return response.end();
    }
    const portalPage = path.match(/^\/portal\/([^/]+)$/);
    if (portalPage && method === "GET") {
      const returnUrl = url.searchParams.get("return_url") ?? "/";
      return html(response, 200, `<h1>Fake billing portal</h1><p><a href="${escapeHtml(returnUrl)}">Return to the site</a></p>`);
    }

    if (!path.startsWith("/v1/"))
      return json(response, 404, stripeError("invalid_request_error", `Unrecognized request URL (${method}: ${path}).`));

    // The API.
    const body = method === "GET" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
    received.push({ method, path, headers: request.headers, body, raw: text });

    const authorization = String(request.headers.authorization ?? "");
    if (!/^Bearer sk_(test|live)_\w+/.test(authorization)) {
      return json(response, 401, stripeError("invalid_request_error", "Invalid API Key provided.", "api_key_invalid"));
    }
    const index = queue.findIndex((item) => !item.price || item.price === body.line_items?.[0]?.price);
    const scripted = index >= 0 ? queue.splice(index, 1)[0] : undefined;
    if (scripted?.delayMs) await new Promise((resolve) => setTimeout(resolve, scripted.delayMs));
    if (scripted?.status) {
      return json(response, scripted.status, scripted.error ? { error: scripted.error } : stripeError("api_error", "Scripted failure."));
    }
    const key = request.headers["idempotency-key"];
    const cacheKey = typeof key === "string" ? `${method} ${path} ${key}` : undefined;
    if (cacheKey && idempotent.has(cacheKey)) {
      const cached = idempotent.get(cacheKey);
      return json(response, cached.status, cached.body, { "idempotent-replayed": "true" });
    }
    const [status, answer] = api(method, path, body);
    if (cacheKey && status < 500) idempotent.set(cacheKey, { status, body: answer });
    return json(response, status, answer);
  });

  /** @returns {[number, unknown]} */
  function api(method, path, body) {
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const missing = ["mode", "success_url"].find((field) => !body[field]) ?? (body.line_items?.[0]?.price ? undefined : "line_items");
      if (missing) return [400, stripeError("invalid_request_error", `Missing required param: ${missing}.`, "parameter_missing", missing)];
      const price = body.line_items[0].price;
      if (!/^price_\w+$/.test(price)) {
        return [400, stripeError("invalid_request_error", `No such price: '${price}'`, "resource_missing", "line_items[0][price]")];
      }
      // Stripe's limit on client_reference_id (API reference, Checkout Sessions: up to 200 characters).
      if (body.client_reference_id !== undefined && !/^[\w-]{1,200}$/.test(body.client_reference_id)) {
        return [
          400,
          stripeError(
            "invalid_request_error",
            "Invalid client_reference_id: alphanumeric characters, dashes and underscores, up to 200.",
            "parameter_invalid_string",
            "client_reference_id",
          ),
        ];
      }
      const sessionId = id("cs");
      const session = {
        id: sessionId,
        object: "checkout.session",
        mode: body.mode,
        status: "open",
        payment_status: "unpaid",
        url: `${base}/checkout/${sessionId}`,
        success_url: body.success_url,
        cancel_url: body.cancel_url ?? null,
        // A signed-in buyer's existing customer, or the email Checkout shows fixed.
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        customer_details: body.customer
          ? { email: customers.get(body.customer)?.email ?? null, name: "Test Buyer", address: { country: "US" } }
          : null,
        subscription: null,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        allowed_payment_method_types: body.allowed_payment_method_types ?? null,
        payment_method_types: body.payment_method_types ?? body.allowed_payment_method_types ?? ["card"],
        billing_address_collection: body.billing_address_collection ?? null,
        created: now(),
        expires_at: now() + 86_400,
        livemode: false,
        // Kept for the fake's own pages and for subscriptions created on payment.
        _line_items: body.line_items,
        _subscription_metadata: body.subscription_data?.metadata ?? {},
      };
      sessions.set(sessionId, session);
      return [200, publicSession(session)];
    }
    const retrieve = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (method === "GET" && retrieve) {
      const session = sessions.get(retrieve[1]);
      if (!session)
        return [404, stripeError("invalid_request_error", `No such checkout.session: '${retrieve[1]}'`, "resource_missing", "session")];
      const expand = [].concat(body.expand ?? []);
      const answer = publicSession(session);
      if (expand.includes("subscription") && session.subscription)
        answer.subscription = subscriptions.get(session.subscription) ?? session.subscription;
      return [200, answer];
    }
    if (method === "GET" && path === "/v1/customers") {
      if (body.email !== undefined && body.email.length > 512)
        return [400, stripeError("invalid_request_error", "Invalid string: must be at most 512 characters", "string_too_long", "email")];
      // Stripe: "A case-sensitive filter on the list based on the customer's email field."
      const all = [...customers.values()].filter((customer) => body.email === undefined || customer.email === body.email);
      return listPage("/v1/customers", all, body, "customer");
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const statuses = [
        "active",
        "all",
        "canceled",
        "ended",
        "incomplete",
        "incomplete_expired",
        "past_due",
        "paused",
        "trialing",
        "unpaid",
      ];
      if (body.status !== undefined && !statuses.includes(body.status))
        return [
          400,
          stripeError("invalid_request_error", `Invalid status: must be one of ${statuses.join(", ")}`, "invalid_value", "status"),
        ];
      if (body.customer !== undefined && !customers.has(body.customer))
        return [400, stripeError("invalid_request_error", `No such customer: '${body.customer}'`, "resource_missing", "customer")];
      const all = [...subscriptions.values()].filter(
        (subscription) =>
          (body.customer === undefined || subscription.customer === body.customer) &&
          (body.status === "all" ||
            (body.status === undefined
              ? subscription.status !== "canceled"
              : body.status === "ended"
                ? ["canceled", "incomplete_expired"].includes(subscription.status)
                : subscription.status === body.status)),
      );
      return listPage("/v1/subscriptions", all, body, "subscription");
    }
    // Cancelling a subscription now.
    const cancelPath = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (method === "DELETE" && cancelPath) {
      const subscription = subscriptions.get(cancelPath[1]);
      if (!subscription)
        return [404, stripeError("invalid_request_error", `No such subscription: '${cancelPath[1]}'`, "resource_missing", "id")];
      subscription.status = "canceled";
      subscription.canceled_at = now();
      return [200, subscription];
    }
    // Updating a subscription: the account deletion sets cancel_at_period_end.
    const subscriptionPath = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (method === "POST" && subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1]);
      if (!subscription)
        return [404, stripeError("invalid_request_error", `No such subscription: '${subscriptionPath[1]}'`, "resource_missing", "id")];
      if (body.cancel_at_period_end !== undefined)
        subscription.cancel_at_period_end = body.cancel_at_period_end === "true" || body.cancel_at_period_end === true;
      return [200, subscription];
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      if (!body.customer)
        return [400, stripeError("invalid_request_error", "Missing required param: customer.", "parameter_missing", "customer")];
      const portalId = id("bps");
      const returnUrl = body.return_url ?? null;
      return [
        200,
        {
          id: portalId,
          object: "billing_portal.session",
          customer: body.customer,
          return_url: returnUrl,
          url: `${base}/portal/${portalId}${returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ""}`,
          created: now(),
          livemode: false,
        },
      ];
    }
    return [404, stripeError("invalid_request_error", `Unrecognized request URL (${method}: ${path}).`)];
  }

  function createCustomer(email) {
    const customer = { id: id("cus"), object: "customer", email, name: "Test Buyer", created: now(), livemode: false, metadata: {} };
    customers.set(customer.id, customer);
    return customer;
  }

  /** One page of a Stripe list, newest first: limit 1–100 (default 10), starting_after an id of the list. */
  function listPage(url, all, body, noun) {
    const limit = body.limit === undefined ? 10 : Number(body.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return [
        400,
        stripeError(
          "invalid_request_error",
          `Invalid limit: must be an integer between 1 and 100 (got '${body.limit}')`,
          "parameter_invalid_integer",
          "limit",
        ),
      ];
    }
    const newestFirst = all
      .map((item, order) => ({ item, order }))
      .sort((a, b) => b.item.created - a.item.created || b.order - a.order)
      .map(({ item }) => item);
    let start = 0;
    if (body.starting_after !== undefined) {
      const index = newestFirst.findIndex((item) => item.id === body.starting_after);
      if (index < 0)
        return [
          400,
          stripeError("invalid_request_error", `No such ${noun}: '${body.starting_after}'`, "resource_missing", "starting_after"),
        ];
      start = index + 1;
    }
    const data = newestFirst.slice(start, start + limit);
    return [200, { object: "list", url, has_more: start + limit < newestFirst.length, data }];
  }

  function completeSession(session, { payment_status = "paid", status = "complete", subscription_status = "active", created, email }) {
    if (typeof created === "number") session.created = created;
    session.status = status;
    session.payment_status = payment_status;
    if (!session.customer) {
      const buyerEmail = session.customer_email ?? email ?? "buyer@example.com";
      session.customer = createCustomer(buyerEmail).id;
      session.customer_details = { email: buyerEmail, name: "Test Buyer", address: { country: "US" } };
    }
    if (session.mode === "subscription" && !session.subscription) {
      const start = now();
      const end = start + 30 * 86_400;
      const subscription = {
        id: id("sub"),
        object: "subscription",
        customer: session.customer,
        status: subscription_status,
        cancel_at_period_end: false,
        created: start,
        metadata: session._subscription_metadata,
        items: {
          object: "list",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              price: { id: session._line_items[0].price, object: "price" },
              quantity: Number(session._line_items[0].quantity ?? 1),
              current_period_start: start,
              current_period_end: end,
            },
          ],
        },
      };
      subscriptions.set(subscription.id, subscription);
      session.subscription = subscription.id;
    } else if (session.subscription) {
      subscriptions.get(session.subscription).status = subscription_status;
    }
  }

  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const actualPort = typeof address === "object" && address ? address.port : port;
      base = `http://127.0.0.1:${actualPort}`;
      resolve({ url: base, close: () => new Promise((done) => server.close(() => done(undefined))) });
    });
  });
}

function publicSession(session) {
  return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith("_")));
}

function stripeError(type, message, code, param) {
  return { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } };
}

function json(response, status, body, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(8).toString("hex")}`, ...headers });
  response.end(JSON.stringify(body));
}

function html(response, status, body) {
  response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  response.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body>${body}</body></html>`,
  );
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hostedCheckout(session) {
  const price = session._line_items[0].price;
  const methods = (session.allowed_payment_method_types ?? session.payment_method_types).join(", ");
  return `<main>
  <h1>Fake Stripe Checkout</h1>
  <p>Subscription to <strong>${escapeHtml(session.metadata.plan ?? price)}</strong> (price ${escapeHtml(price)}), paying by ${escapeHtml(methods)}.</p>
  <form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
    ${emailField(session)}
    <button type="submit">Pay</button>
  </form>
  ${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ""}
</main>`;
}

/** Like Stripe Checkout: the email is fixed when the site passed one, else the buyer types it (a fresh address is suggested). */
function emailField(session) {
  if (session.customer) return `<p>Paying as <strong>${escapeHtml(session.customer_details?.email ?? session.customer)}</strong>.</p>`;
  const fixed = session.customer_email;
  const value = fixed ?? `buyer-${randomBytes(4).toString("hex")}@example.com`;
  return `<p><label for="email">Email</label> <input id="email" name="email" type="email" required value="${escapeHtml(value)}"${fixed ? " readonly" : ""}></p>`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startFakeStripe(Number(process.argv[2] ?? 12111));
  console.log(`Fake Stripe listening on ${url} — set STRIPE_API_BASE_URL=${url} and STRIPE_SECRET_KEY=sk_test_anything`);
}
