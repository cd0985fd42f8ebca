import { get, origin, visibleText } from "./helpers";
import { describe, expect, it } from "vitest";
import { pageRoutes } from "../support/pages";

describe("page routes", () => {
  // Every page of the route table (tests/support/pages.ts), with the status and heading a visitor gets.
  it.each(pageRoutes)("%s answers its status with its heading in the server-rendered HTML", async (path, heading, status = 200) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, "");
    expect(h1).toContain(heading);
  });

  it("answers an unknown path with the 404 page inside the layout", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain("Privacy Policy");
  });

  it("redirects /chat-ai permanently to /conversational-ai", async () => {
    const response = await get("/chat-ai");
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get("location")!, origin).pathname).toBe("/conversational-ai");
  });

  it("shows the offline engine's own status on tool screens, never 'AI Service Connected'", async () => {
    for (const path of ["/ai-detector", "/ai-humanizer", "/ai-writer", "/voiceover-ai", "/imagine-ai", "/conversational-ai"]) {
      const text = visibleText(await (await get(path)).text());
      expect(text, path).toContain("Offline demo engine · no AI provider is connected");
      expect(text, path).not.toContain("AI Service Connected");
    }
  });
});

describe("shared layout", () => {
  it("links the six tools, the legal pages, the company and the builder badge on every page", async () => {
    const html = await (await get("/terms")).text();
    for (const path of ["/ai-detector", "/ai-humanizer", "/ai-writer", "/voiceover-ai", "/imagine-ai", "/conversational-ai"]) {
      expect(html).toContain(`href="${path}"`);
    }
    for (const path of ["/privacy-policy", "/terms", "/refund-policy"]) expect(html).toContain(`href="${path}"`);
    expect(html).toContain("ContentForge Technologies Private Limited");
    expect(html).toContain("New Delhi");
    expect(html).toMatch(/<a[^>]*target="_blank"[^>]*rel="noopener noreferrer"/);
    expect(html).toContain('id="mobile-menu"');
    expect(html).toContain(">Menu</h2>");
  });

  it("marks the active navigation link", async () => {
    const html = await (await get("/ai-writer")).text();
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/ai-writer"|<a[^>]*href="\/ai-writer"[^>]*aria-current="page"/);
  });
});

describe("security headers", () => {
  // Documents the Worker renders. The prerendered pages (app/content/static-pages.ts) come from the
  // asset server with a hash-based policy instead: tests/e2e/static-pages.spec.ts checks those.
  it("puts a nonce-based CSP and the other security headers on documents", async () => {
    const response = await get("/pricing");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    // Every inline script carries this request's nonce.
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("gives every response its own request id and a fresh nonce", async () => {
    const [a, b] = await Promise.all([get("/pricing"), get("/pricing")]);
    expect(a.headers.get("x-request-id")).not.toBe(b.headers.get("x-request-id"));
    expect(a.headers.get("content-security-policy")).not.toBe(b.headers.get("content-security-policy"));
  });

  it("puts security headers on non-HTML responses too", async () => {
    for (const path of ["/healthz", "/chat-ai", "/no-such-page"]) {
      const response = await get(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-request-id"), path).toBeTruthy();
    }
  });
});
