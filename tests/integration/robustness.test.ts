import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { origin, robustnessCases as cases, type CaseRequest } from "../support/robustness-cases";

// The generated bad requests of tests/support/robustness-cases.ts, inside workerd: each gets a 4xx with a
// clear message and no stack trace, never a 5xx.

function send({ method, path, headers, body }: CaseRequest): Promise<Response> {
  const streamed = typeof body === "object" && !(body instanceof Uint8Array);
  return exports.default.fetch(
    new Request(`${origin}${path}`, {
      method,
      redirect: "manual",
      headers,
      body: streamed
        ? new ReadableStream({
            start(controller) {
              for (const chunk of body.chunks) controller.enqueue(new TextEncoder().encode(chunk));
              controller.close();
            },
          })
        : (body as BodyInit | undefined),
      ...(streamed ? { duplex: "half" } : {}),
    } as RequestInit),
  );
}

let ran = 0;
beforeAll(() => {
  env.STRIPE_WEBHOOK_SECRET = "whsec_robustness_suite_secret";
  env.SESSION_SECRET = "robustness-session-secret-0123456789abcdef";
});
afterAll(() => {
  env.STRIPE_WEBHOOK_SECRET = "";
  env.SESSION_SECRET = "";
});
afterAll(() => console.log(`robustness: ${ran} generated bad requests, every one answered without a 5xx`));

describe(`robustness (${cases.length} generated bad requests)`, () => {
  it("generates at least 200 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
  });

  it.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    const response = await send(c.request);
    const body = await response.text();
    ran += 1;
    expect(response.status, `${c.name} → ${response.status}`).toBeLessThan(500);
    expect(c.expect(response.status), `${c.name} → ${response.status}${c.documented ? ` (documented: ${c.documented})` : ""}`).toBe(true);
    expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/); // no stack trace
    if (response.status >= 400) expect(body.replace(/<[^>]+>/g, "").trim().length).toBeGreaterThan(0);
    if (c.name.startsWith("/api/v1/")) expect(response.headers.get("content-type")).toBe("application/problem+json");
  });
});
