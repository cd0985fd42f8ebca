import { env, exports } from "cloudflare:workers";

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
  async requests(): Promise<{ path: string; headers: Record<string, string>; body: any }[]> {
    return (await fetch(`${env.FAKE_OPENAI_URL}/__fake/requests`)).json();
  },
};
