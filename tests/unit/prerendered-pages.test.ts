import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deferredHydration, hydratesAfterFirstPaint } from "~/server/deferred-hydration.server";
import { inlineScriptBodies, inlineScriptHashes, withoutNonces } from "~/server/inline-scripts.server";
import { staticFilesHeadersFile } from "~/server/security-headers.server";

const page = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="abc"/></head><body>
<script nonce="abc">window.a = 1;</script><script nonce="abc" type="module" async="">import "/assets/a.js";</script>
<script src="/assets/b.js" nonce="abc"></script></body></html>`;

describe("prerendered pages' inline scripts", () => {
  it("lists the text of every inline script and none with a src", () => {
    expect(inlineScriptBodies(page)).toEqual(["window.a = 1;", 'import "/assets/a.js";']);
  });

  it("hashes each script's UTF-8 text as CSP's sha256 source", async () => {
    const expected = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
    expect(await inlineScriptHashes(page)).toEqual([expected("window.a = 1;"), expected('import "/assets/a.js";')]);
  });

  it("drops the render's nonce attributes and nothing else", () => {
    const cleaned = withoutNonces(page);
    expect(cleaned).not.toContain("nonce");
    expect(inlineScriptBodies(cleaned)).toEqual(inlineScriptBodies(page));
    expect(cleaned).toContain('<script type="module" async="">');
  });
});

describe("the asset server's _headers file", () => {
  const file = staticFilesHeadersFile([{ path: "/terms", scriptHashes: ["sha256-AAA=", "sha256-BBB="] }]);
  const rule = (path: string) =>
    file
      .split(/\n(?=\S)/)
      .find((block) => block.split("\n")[0] === path)
      ?.split("\n")
      .slice(1) ?? [];

  it("gives every static file the security headers and a script-free policy", () => {
    expect(rule("/*")).toContain("  Strict-Transport-Security: max-age=63072000; includeSubDomains");
    expect(rule("/*").find((line) => line.includes("Content-Security-Policy"))).toContain("default-src 'none'");
  });

  it("replaces the policy of a prerendered page with one allowing exactly its scripts' hashes", () => {
    const [detach, policy] = rule("/terms");
    expect(detach).toBe("  ! Content-Security-Policy");
    expect(policy).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB=';");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("keeps every line within Cloudflare's 2,000 characters", () => {
    expect(Math.max(...file.split("\n").map((line) => line.length))).toBeLessThanOrEqual(2000);
  });
});

describe("pages hydrate after their first paint", () => {
  // The module React Router's <Scripts> renders, and the page's modulepreload links. How the Worker
  // rewrites the page around it (HTMLRewriter, workerd only): tests/integration/hydrate-after-paint.test.ts.
  const module = `import "/assets/manifest.js";
import * as route0 from "/assets/root.js";
import * as route1 from "/assets/home.js";
window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};
import("/assets/entry.client.js");`;
  const hydration = deferredHydration(module, ["/assets/manifest.js", "/assets/core.js", "/assets/root.js"]);

  it("adds the same preloads and imports the same modules, in order, only after the first contentful paint", () => {
    expect(hydration).toContain('.observe({type:"paint",buffered:true})');
    expect(hydration).toContain('["/assets/manifest.js","/assets/core.js","/assets/root.js"]');
    expect(hydration).not.toMatch(/(^|;)\s*import\s+["*]/); // no static import left: nothing is fetched before the callback
    const order = [
      'await import("/assets/manifest.js")',
      'const route0=await import("/assets/root.js")',
      'const route1=await import("/assets/home.js")',
      "window.__reactRouterRouteModules",
      'import("/assets/entry.client.js")',
    ];
    const positions = order.map((part) => hydration.indexOf(part));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  // The module's text run with stand-ins for the browser: paint timing, the DOM and import().
  function runHydration(paintTiming: boolean) {
    const evaluated: string[] = [];
    const preloaded: string[] = [];
    const listeners: { paint?: (names: string[]) => void; load?: () => void } = {};
    const PerformanceObserver = Object.assign(
      function (
        this: unknown,
        callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void,
      ) {
        return {
          observe: () => {
            listeners.paint = (names) =>
              callback({ getEntriesByName: (name) => names.filter((n) => n === name) }, { disconnect: () => {} });
          },
        };
      },
      { supportedEntryTypes: paintTiming ? ["paint", "resource"] : ["resource"] },
    );
    const document = { createElement: () => ({}), head: { append: (link: { href: string }) => preloaded.push(link.href) } };
    const window: Record<string, unknown> = {};
    const addEventListener = (type: string, callback: () => void) => {
      if (type === "load") listeners.load = callback;
    };
    const load = async (specifier: string) => {
      evaluated.push(specifier);
      return { name: specifier };
    };
    const body = hydration
      .replaceAll("await import(", "await load(")
      .replace('import("/assets/entry.client.js")', 'load("/assets/entry.client.js")');
    const scope = { PerformanceObserver };
    new Function("globalThis", "PerformanceObserver", "document", "window", "addEventListener", "load", body)(
      scope,
      PerformanceObserver,
      document,
      window,
      addEventListener,
      load,
    );
    return { evaluated, preloaded, listeners, window };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("runs: nothing is fetched before the first contentful paint, then the modules evaluate in their original order", async () => {
    const run = runHydration(true);
    run.listeners.paint?.(["first-paint"]); // a frame without text does not count
    await settle();
    expect(run.evaluated).toEqual([]);
    expect(run.preloaded).toEqual([]);
    run.listeners.paint?.(["first-contentful-paint"]);
    await settle();
    expect(run.preloaded).toEqual(["/assets/manifest.js", "/assets/core.js", "/assets/root.js"]);
    expect(run.evaluated).toEqual(["/assets/manifest.js", "/assets/root.js", "/assets/home.js", "/assets/entry.client.js"]);
    expect(run.window.__reactRouterRouteModules).toEqual({ root: { name: "/assets/root.js" }, "routes/home": { name: "/assets/home.js" } });
  });

  it("runs: without paint timing, it hydrates after the load event", async () => {
    const run = runHydration(false);
    expect(run.listeners.paint).toBeUndefined();
    await settle();
    expect(run.evaluated).toEqual([]);
    run.listeners.load?.();
    await settle();
    expect(run.evaluated).toEqual(["/assets/manifest.js", "/assets/root.js", "/assets/home.js", "/assets/entry.client.js"]);
  });

  it("tells a rewritten page from one React Router rendered", () => {
    const rendered = `<head><link rel="modulepreload" href="/assets/manifest.js"/></head><body><script type="module" async="">${module}</script></body>`;
    expect(hydratesAfterFirstPaint(`<head></head><body><script type="module" async="">${hydration}</script></body>`)).toBe(true);
    expect(hydratesAfterFirstPaint(rendered)).toBe(false);
    expect(hydratesAfterFirstPaint("<html><body><main>No scripts</main></body></html>")).toBe(false);
  });

  it("refuses a module of another shape rather than ship one that never hydrates", () => {
    expect(() => deferredHydration('import("/assets/entry.client.js");', ["/assets/a.js"])).toThrow(/unexpected hydration module/);
  });
});
