import { expect, test } from "./test";
import { Readable } from "node:stream";
import { Agent, request } from "undici";
import { origin as casesOrigin, robustnessCases, type CaseRequest } from "../support/robustness-cases";
import { isPrerenderedPath } from "../../app/content/static-pages";
import { baseURL } from "./playwright.config";

// The robustness cases over real HTTP against the built server, on ONE keep-alive connection, in
// order, as a client that reuses its connection sends them. Every request must get the answer the
// Worker chose: a refused body (413, 415, 405, 403) must not cost the next request on the
// connection a hang or a 503 the Worker never sent (app/server/request-body.server.ts).
//
// One exception, outside our code: a POST/PUT/DELETE to a prerendered page (app/content/static-pages.ts)
// is answered 405 by Cloudflare's asset server, which never reads the body and which no Worker code
// runs before. Under wrangler dev, that request itself sometimes comes back as the ProxyWorker's own
// 503 'Your worker restarted mid-request' (cloudflare/workers-sdk#14641; 1–2 of the ~39 such cases
// in each of two full e2e runs on 2026-11-24, none when the suite ran alone); the request after it
// on the connection is unaffected. Such a request is sent once more, and must then get its 405.
// Worse, now and then wrangler dev itself exits on one of them (an empty "✘ [ERROR]",
// cloudflare/workers-sdk#15317): in 3 of 3 crashes seen on 2026-11-25, about one run in six, the
// next request after DELETE /webhooks/stripe, i.e. the first POST to a prerendered page, even on a
// connection of its own. The asset server answers every prerendered page alike and our Worker never
// sees these requests, so the shared-connection test leaves them out and a test of their own sends
// one of each method to one page, each on its own connection.

test.describe.configure({ timeout: 240_000 });

async function send(agent: Agent, { method, path, headers: caseHeaders, body }: CaseRequest) {
  // The cases' own pages are this server's: their Origin becomes its origin (foreign ones stay).
  const headers = { ...caseHeaders, ...(caseHeaders.origin === casesOrigin ? { origin: baseURL } : {}) };
  const streamed = typeof body === "object" && !(body instanceof Uint8Array);
  const response = await request(`${baseURL}${path}`, {
    dispatcher: agent,
    method: method as "POST",
    headers,
    // A stream is sent chunked, without Content-Length.
    body: streamed ? Readable.from(body.chunks.map((chunk) => Buffer.from(chunk))) : body,
  });
  return { status: response.statusCode, text: await response.body.text() };
}

/** A POST/PUT/DELETE to a prerendered page: the asset server refuses it, no Worker code runs. */
function isAssetServerRefusal(request: CaseRequest): boolean {
  return isPrerenderedPath(new URL(request.path, baseURL).pathname) && !["GET", "HEAD"].includes(request.method);
}

function isDevProxyRefusalOfAssetPage(request: CaseRequest, answer: { status: number; text: string }): boolean {
  return isAssetServerRefusal(request) && answer.status === 503 && answer.text.startsWith("Your worker restarted mid-request.");
}

test("every robustness case gets its intended answer over one reused connection, and so does the request after it", async () => {
  // One connection, no pipelining; a request that gets no answer in 10 s fails the test.
  const agent = new Agent({ connections: 1, pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
  const failures: string[] = [];
  try {
    for (const c of robustnessCases.filter((c) => !isAssetServerRefusal(c.request))) {
      const answer = await send(agent, c.request).catch((error: Error & { code?: string }) => ({
        status: 0,
        text: error.code ?? error.message,
      }));
      if (answer.status >= 500 || !c.expect(answer.status)) failures.push(`${c.name} → ${answer.status} ${answer.text.slice(0, 80)}`);
    }
    const after = await send(agent, { method: "GET", path: "/terms", headers: {} });
    expect(after.status).toBe(200);
  } finally {
    await agent.close();
  }
  expect(failures).toEqual([]);
});

test("a POST, PUT or DELETE to a prerendered page gets the asset server's 405", async () => {
  for (const method of ["POST", "PUT", "DELETE"]) {
    const request: CaseRequest = { method, path: "/terms", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b" };
    const connection = new Agent({ connections: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
    try {
      let answer = await send(connection, request);
      if (isDevProxyRefusalOfAssetPage(request, answer)) answer = await send(connection, request);
      expect(answer.status, method).toBe(405);
    } finally {
      await connection.close();
    }
  }
});

test("the reported cases: a refused body, then a page on the same connection", async () => {
  const agent = new Agent({ connections: 1, pipelining: 1, headersTimeout: 10_000, bodyTimeout: 10_000 });
  const origin = baseURL;
  const terms = { method: "GET", path: "/terms", headers: {} };
  try {
    const refused: [CaseRequest, number][] = [
      [
        {
          method: "POST",
          path: "/ai-detector",
          headers: { origin, "content-type": "application/x-www-form-urlencoded" },
          body: `text=${"a".repeat(2 * 1024 * 1024)}`,
        },
        413,
      ],
      [{ method: "PUT", path: "/pricing", headers: { origin, "content-type": "text/plain" }, body: "hello" }, 405],
      [{ method: "POST", path: "/ai-detector", headers: { origin, "content-type": "text/plain" }, body: "hello there" }, 415],
      [
        {
          method: "POST",
          path: "/ai-detector",
          headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
          body: `text=${"b".repeat(300_000)}`,
        },
        403,
      ],
    ];
    for (const [req, status] of refused) {
      expect((await send(agent, req)).status, `${req.method} ${req.path}`).toBe(status);
      expect((await send(agent, terms)).status, `GET /terms after ${req.method} ${req.path}`).toBe(200);
    }
  } finally {
    await agent.close();
  }
});
