import { describe, expect, it } from "vitest";
import { deferredHydration, hydratesAfterFirstPaint } from "~/server/deferred-hydration.server";
import { hydrateAfterFirstPaint } from "~/server/hydrate-after-paint.server";
import { inlineScriptBodies } from "~/server/inline-scripts.server";

// The Worker's rewrite of each page it renders (entry.server.tsx in builds), with workerd's own
// HTMLRewriter. The module's own rewrite and how it runs: tests/unit/prerendered-pages.test.ts.

const module = `import "/assets/manifest.js";
import * as route0 from "/assets/root.js";
import * as route1 from "/assets/home.js";
window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
import("/assets/entry.client.js");`;

// The shape React Router 8's <Scripts> renders in the Worker, nonces included.
const rendered = (hydration = module) =>
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/manifest.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/core.js" nonce="n0nce"/><link rel="modulepreload" href="/assets/root.js" nonce="n0nce"/></head><body><main>Hello</main>
<script nonce="n0nce">window.__reactRouterContext = {};</script><script nonce="n0nce" type="module" async="">${hydration}</script></body></html>`;

/** The page streamed in chunks of `size` characters, as a render flushes it, through the rewrite. */
async function rewrite(html: string, size = 37) {
  const problems: string[] = [];
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < html.length; at += size) controller.enqueue(encoder.encode(html.slice(at, at + size)));
      controller.close();
    },
  });
  const page = hydrateAfterFirstPaint(new Response(stream, { headers: { "Content-Type": "text/html" } }), (problem) =>
    problems.push(problem),
  );
  return { html: await page.text(), problems };
}

const preloads = ["/assets/manifest.js", "/assets/core.js", "/assets/root.js"];

describe("the Worker defers each page's hydration as it streams", () => {
  it("removes the modulepreload links, keeps every other tag, and rewrites the module in place with its nonce", async () => {
    const { html, problems } = await rewrite(rendered());
    expect(problems).toEqual([]);
    expect(html).not.toContain('modulepreload" href');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(html).toContain('<script nonce="n0nce" type="module" async="">const hydrate=');
    expect(inlineScriptBodies(html)).toEqual(["window.__reactRouterContext = {};", deferredHydration(module, preloads)]);
    expect(hydratesAfterFirstPaint(html)).toBe(true);
  });

  it("gives the same page whatever the chunks the render flushed", async () => {
    const whole = (await rewrite(rendered(), 1_000_000)).html;
    for (const size of [1, 7, 64, 512]) expect((await rewrite(rendered(), size)).html).toBe(whole);
  });

  it("keeps `$` sequences and markup-like text of the module as they are", async () => {
    const withDollars = module.replace('"routes/home":route1', () => '"routes/history.$id":route1,"$&":route1,"a<b":route1');
    const { html } = await rewrite(rendered(withDollars));
    expect(html.match(/<script nonce="n0nce" type="module"/g)).toHaveLength(1);
    expect(inlineScriptBodies(html)[1]).toContain('{"root":route0,"routes/history.$id":route1,"$&":route1,"a<b":route1}');
  });

  it("leaves a module of another shape as it was, so the page still hydrates, and reports it", async () => {
    const odd = 'import("/assets/entry.client.js");';
    const { html, problems } = await rewrite(rendered(odd));
    expect(inlineScriptBodies(html)[1]).toBe(odd);
    expect(problems).toEqual([expect.stringMatching(/unexpected hydration module/)]);
    expect(hydratesAfterFirstPaint(html)).toBe(false);
  });

  it("leaves a page without scripts untouched", async () => {
    const plain = "<!DOCTYPE html><html><body><main>No scripts</main></body></html>";
    expect(await rewrite(plain)).toEqual({ html: plain, problems: [] });
  });
});
