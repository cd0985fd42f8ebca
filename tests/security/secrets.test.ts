import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeC2paChain } from "../../scripts/c2pa-dev-chain.mjs";
import { buildOnce, startServer } from "../bench/server.mjs";
import { pageRoutes } from "../support/pages";

// Builds and serves the Worker with sentinel secret values, drives every page and a tool through
// it, and proves no secret appears in the client build, in any HTML page, or in the server's logs.
const sentinels = {
  OPENAI_API_KEY: "sk-SENTINELopenai0123456789abcdef",
  STRIPE_SECRET_KEY: "sk_test_SENTINELstripe0123456789",
  STRIPE_WEBHOOK_SECRET: "whsec_SENTINELwebhook0123456789",
  SESSION_SECRET: "SENTINELsession0123456789abcdef0123456789",
  // A real Ed25519 key (PKCS#8, base64), so reports sign receipts with it and every place they show one is searched.
  RECEIPT_SIGNING_KEY: "MC4CAQAwBQYDK2VwBCIEIOyuIx8y0yQju00mMk5qfO4c3kDybfEuIudtKGC5aZ6N",
};
// A real C2PA signer (its key parses, so the settings read it). It goes into .dev.vars whole (one
// line, its line breaks as \n); what is searched for is the second line of the key's PEM body,
// pure key material, which any leak of the PEM or of its base64 contains. (Media cannot be made
// here: the OpenAI engine points at the refusing provider. content-credentials.test.ts reads them.)
const c2pa = makeC2paChain("ContentForge AI security");
const c2paDevVars = { C2PA_SIGNING_KEY: JSON.stringify(c2pa.signingKey), C2PA_CERTIFICATE_CHAIN: JSON.stringify(c2pa.certificateChain) };
const searched = { ...sentinels, C2PA_SIGNING_KEY: c2pa.signingKey.split("\n")[2]! };
const BUILD_DIR = ".wrangler/builds/security";
const root = new URL("../..", import.meta.url).pathname;
// Every page of the route table, and the 404 page.
const pages = [...pageRoutes.map(([path]) => path), "/no-such-page"];

let provider: Server;
let server: { url: string; stop: () => void; logs: () => string };

beforeAll(async () => {
  // A provider that echoes the key it was sent in its error message, as real providers partly do.
  provider = createServer((request, response) => {
    response.writeHead(401, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        error: {
          message: `Incorrect API key provided: ${request.headers.authorization?.slice(7)}`,
          type: "invalid_request_error",
          code: "invalid_api_key",
        },
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  const address = provider.address();
  const providerUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/v1`;

  buildOnce(BUILD_DIR);
  writeFileSync(
    join(root, BUILD_DIR, "server/.dev.vars"),
    Object.entries({ ...sentinels, ...c2paDevVars })
      .map(([k, v]) => `${k}=${v}`)
      .join("\n"),
  );
  const started = await startServer({
    buildDir: BUILD_DIR,
    port: 8796,
    state: "security",
    vars: { OPENAI_BASE_URL: providerUrl, OPENAI_TIMEOUT_MS: "2000" },
    captureLogs: true,
  });
  server = started;
}, 120_000);

afterAll(() => {
  server?.stop();
  provider?.close();
});

function expectNoSentinel(text: string, where: string) {
  for (const [name, value] of Object.entries(searched)) {
    expect(text.includes(value), `${name} found in ${where}`).toBe(false);
  }
}

describe("secrets stay on the server", () => {
  it("no secret value is in any file of the client build", () => {
    const dir = join(root, BUILD_DIR, "client");
    const files = readdirSync(dir, { recursive: true })
      .map((f) => join(dir, String(f)))
      .filter((f) => statSync(f).isFile());
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expectNoSentinel(readFileSync(file, "latin1"), file);
  });

  it("no secret value is in any page, even when the provider echoes the key", async () => {
    for (const path of pages) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expectNoSentinel(html, path);
    }
    const detector = await (await fetch(`${server.url}/ai-detector`)).text();
    expect(detector).toContain("AI Service Unavailable");
    expect(detector).toContain("[redacted]");
    const action = await fetch(`${server.url}/ai-detector`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "text=Some+text+to+check",
    });
    const html = await action.text();
    expect(html).toContain("Failed to analyze text. Please try again.");
    expectNoSentinel(html, "the detector's action answer");

    // A report and everything it shows: its page, PDF and receipt (signed with the key), the public keys.
    const created = await fetch(`${server.url}/reports`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: "text=Some+text+for+a+report",
    });
    const report = created.headers.get("location")!;
    expect(report).toMatch(/^\/reports\/[0-9a-f]{32}$/);
    const cookie = created.headers.getSetCookie()[0]!.split(";")[0]!;
    const receipt = (await (await fetch(`${server.url}${report}/receipt.json`, { headers: { cookie } })).json()) as { signature: string };
    expect(receipt.signature).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    for (const path of [
      report,
      `${report}/report.pdf`,
      `${report}/receipt.json`,
      "/.well-known/contentforge-receipt-keys.json",
      "/.well-known/contentforge-receipt-key.pem",
    ]) {
      const answer = await fetch(`${server.url}${path}`, { headers: { cookie } });
      expect(answer.status, path).toBe(200);
      expectNoSentinel(await answer.text(), path);
    }
  });

  it("no secret value is in the server's log lines", async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const logs = server.logs();
    expect(logs).toContain('"message":"request"');
    expectNoSentinel(logs, "the server log");
  });
});
