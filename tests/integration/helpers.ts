import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";

export const origin = "http://127.0.0.1";

export function get(path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(`${origin}${path}`, { redirect: "manual", ...init }));
}

/** A same-origin form POST, as a browser without JavaScript sends it. */
export function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, ...headers },
      body: new URLSearchParams(fields),
    }),
  );
}

/** A same-origin multipart POST, as a browser sends a form with a file field. */
export function postMultipart(path: string, form: FormData, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`${origin}${path}`, { method: "POST", redirect: "manual", headers: { origin, ...headers }, body: form }),
  );
}

/** A same-origin multipart POST whose Content-Length claims `megabytes` MB, whatever it holds: a size limit without the bytes. */
export function postClaimingMegabytes(path: string, megabytes: number, body: BodyInit, headers: Record<string, string> = {}) {
  const claim = { "content-type": "multipart/form-data; boundary=b", "content-length": String(megabytes * 1024 * 1024) };
  return exports.default.fetch(
    new Request(`${origin}${path}`, { method: "POST", redirect: "manual", headers: { origin, ...headers, ...claim }, body }),
  );
}

/** Each test gets its own client IP, so the demo rate limit of one test never touches another. */
let clientCounter = 0;
export function freshClient(): Record<string, string> {
  clientCounter += 1;
  return { "cf-connecting-ip": `203.0.113.${clientCounter % 250}-${Date.now()}` };
}

/** The visible text of an HTML page, without the hydration data React Router appends. */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** A tool page answering a provider's failure: 502, the spec's message, what was typed kept, and no API key in it. */
export async function expectProviderFailurePage(response: Response, message: string, kept: string) {
  expect(response.status).toBe(502);
  const html = await response.text();
  expect(visibleText(html)).toContain(message);
  expect(html).toContain(kept);
  expect(html).not.toContain("sk-test");
}

export const fakeOpenAi = {
  async use() {
    env.OPENAI_API_KEY = "sk-test-integration-key-000000001234";
    env.OPENAI_BASE_URL = `${env.FAKE_OPENAI_URL}/v1`;
    await fetch(`${env.FAKE_OPENAI_URL}/__fake/reset`, { method: "POST" });
  },
  offline() {
    env.OPENAI_API_KEY = "";
    env.OPENAI_BASE_URL = "";
  },
  async next(...answers: unknown[]) {
    await fetch(`${env.FAKE_OPENAI_URL}/__fake/next`, { method: "POST", body: JSON.stringify(answers) });
  },
  /** Adds or changes models of the fake's catalog (a past shutdown_date retires one); reset restores it. */
  async models(...models: { id: string; shutdown_date: string | null; kind?: string }[]) {
    await fetch(`${env.FAKE_OPENAI_URL}/__fake/models`, { method: "POST", body: JSON.stringify(models) });
  },
  async requests(): Promise<
    {
      path: string;
      headers: Record<string, string>;
      body: any;
      firstChunkAt?: number;
      finishedAt?: number;
      /** Realtime sessions: the model asked for and the events the client sent. */
      query?: Record<string, string>;
      events?: { type: string; [key: string]: any }[];
    }[]
  > {
    return (await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`)).json();
  },
};

/** Starts the account's data export and downloads it once the job has written it (polled for up to 10 s). */
export async function exportedData(cookie: string): Promise<any> {
  const page = (await postForm("/account/export", { intent: "export" }, { cookie })).headers.get("location")!;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const download = await get(`${page}/download`, { headers: { cookie } });
    if (download.status === 200) return download.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the export at ${page} was not ready within 10 s`);
}

/** The fake Stripe (tests/fakes/stripe-server.mjs), switched on and off through `env` like the OpenAI fake. */
export const stripeTestConfig = {
  secretKey: "sk_test_integration_000000000000",
  webhookSecret: "whsec_test_integration_secret",
  sessionSecret: "integration-session-secret-0123456789abcdef",
  prices: { basic: "price_basic_test", pro: "price_pro_test", startup: "price_startup_test" },
} as const;

export const fakeStripe = {
  async use() {
    env.STRIPE_SECRET_KEY = stripeTestConfig.secretKey;
    env.STRIPE_API_BASE_URL = env.FAKE_STRIPE_URL;
    env.STRIPE_WEBHOOK_SECRET = stripeTestConfig.webhookSecret;
    env.SESSION_SECRET = stripeTestConfig.sessionSecret;
    env.STRIPE_PRICE_BASIC = stripeTestConfig.prices.basic;
    env.STRIPE_PRICE_PRO = stripeTestConfig.prices.pro;
    env.STRIPE_PRICE_STARTUP = stripeTestConfig.prices.startup;
    env.PLAN_CURRENCY = "usd";
    await fetch(`${env.FAKE_STRIPE_URL}/__fake/reset`, { method: "POST" });
  },
  off() {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_API_BASE_URL", "STRIPE_WEBHOOK_SECRET", "SESSION_SECRET"] as const) env[name] = "";
    for (const name of ["STRIPE_PRICE_BASIC", "STRIPE_PRICE_PRO", "STRIPE_PRICE_STARTUP"] as const) env[name] = "";
    env.PLAN_CURRENCY = "usd";
  },
  async requests(): Promise<{ method: string; path: string; headers: Record<string, string>; body: any }[]> {
    return (await fetch(`${env.FAKE_STRIPE_URL}/__fake/requests`)).json();
  },
  /** Scripted answers for the next API calls, e.g. `{ status: 400, error: { type, message } }`. */
  async next(...answers: unknown[]) {
    await fetch(`${env.FAKE_STRIPE_URL}/__fake/next`, { method: "POST", body: JSON.stringify(answers) });
  },
  /** Marks a Checkout Session as the buyer left it (paid and complete by default; `email` is what the buyer typed). */
  async complete(
    sessionId: string,
    state: { payment_status?: string; status?: string; subscription_status?: string; created?: number; email?: string } = {},
  ) {
    const response = await fetch(`${env.FAKE_STRIPE_URL}/__fake/sessions/${sessionId}/complete`, {
      method: "POST",
      body: JSON.stringify(state),
    });
    return (await response.json()) as { customer: string; subscription: string };
  },
};

/** An address no other test uses: an account is an email address, so tests must not share one. */
let addressCounter = 0;
export function uniqueEmail(label = "buyer"): string {
  addressCounter += 1;
  return `${label}-${Date.now().toString(36)}-${addressCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Starts a checkout for the plan on the fake Stripe; the session id from the 303's Location. */
export async function startFakeCheckout(plan: string, method = "card", headers: Record<string, string> = {}): Promise<string> {
  const response = await postForm("/payment-methods", { plan, method }, headers);
  if (response.status !== 303) throw new Error(`checkout answered ${response.status}`);
  return new URL(response.headers.get("location")!).pathname.split("/").pop()!;
}

/**
 * A paying subscriber, as a visitor becomes one: checkout, payment on the fake with their email,
 * /success (which mails a confirmation link and starts no session), then the mailed link's
 * 'Sign in' button; their session cookie and customer id.
 */
export async function subscribe(
  plan = "pro",
  email = uniqueEmail(),
): Promise<{ cookie: string; customerId: string; sessionId: string; email: string }> {
  const sessionId = await startFakeCheckout(plan);
  const { customer } = await fakeStripe.complete(sessionId, { email });
  const before = (await sentMailTo(email)).length;
  const success = await get(`/success?session_id=${sessionId}`);
  if (success.status !== 200 || success.headers.getSetCookie().length > 0)
    throw new Error(`success answered ${success.status} or set a cookie`);
  const mails = await sentMailTo(email, { atLeast: before + 1 });
  const link = mails.length > before ? mails.at(-1)!.link : null;
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  return { cookie: sessionCookieOf(await signInWith(link)), customerId: customer, sessionId, email };
}

type SentMail = { path: string; text: string; link: string | null };

/**
 * The sign-in mails miniflare's send_email binding wrote for the address, oldest first. Miniflare 5
 * writes a mail's files in a waitUntil() task after `send()` has returned (miniflare 5.20261102's
 * send_email worker, read 2026-11-25), so a read straight after the request can miss the newest:
 * read until two reads 250 ms apart agree and at least `atLeast` mails are there (at most 10 s).
 */
export async function sentMailTo(email: string, { atLeast = 0 } = {}): Promise<SentMail[]> {
  const read = async (): Promise<SentMail[]> => (await fetch(`${env.LOCAL_MAIL_URL}/mail?to=${encodeURIComponent(email)}`)).json();
  const deadline = Date.now() + 10_000;
  let mails = await read();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const again = await read();
    if ((again.length === mails.length && again.length >= atLeast) || Date.now() > deadline) return again;
    mails = again;
  }
}

/** Asks for a sign-in link for the address and returns the link from the mail it produced. */
export async function requestSignInLink(email: string, headers: Record<string, string> = freshClient()): Promise<string> {
  const before = (await sentMailTo(email)).length;
  const response = await postForm("/sign-in", { email }, headers);
  if (response.status !== 200) throw new Error(`/sign-in answered ${response.status}`);
  const mails = await sentMailTo(email, { atLeast: before + 1 });
  const link = mails.length > before ? mails.at(-1)!.link : null;
  if (!link) throw new Error(`no sign-in mail for ${email}`);
  return link;
}

/** The token of a sign-in link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token")!;
}

/** Opens the link and presses 'Sign in': the session cookie it starts (name=value), or the failed response. */
export async function signInWith(link: string, headers: Record<string, string> = {}): Promise<Response> {
  return postForm("/sign-in/confirm", { token: tokenOf(link) }, headers);
}

/** Signs the address in by an ordinary emailed link: the session cookie. */
export async function signedInCookie(email: string): Promise<string> {
  return sessionCookieOf(await signInWith(await requestSignInLink(email)));
}

export function sessionCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-session="));
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(";")[0]!;
}
