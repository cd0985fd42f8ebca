import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
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
  const rule = (path: string) => file.split(/\n(?=\S)/).find((block) => block.split("\n")[0] === path)?.split("\n").slice(1) ?? [];

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
