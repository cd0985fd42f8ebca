import { env, exports } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiExamples } from "~/content/api-examples";
import { apiSubscriber, callApi } from "./api-helpers";
import { exportedData, fakeStripe, freshClient, get, postForm, visibleText } from "./helpers";

// Detection reports inside workerd: made from the text alone and scored by the server, owned by a
// subscriber's account or a visitor's cookie, shared by a link that revocation ends, downloaded
// as PDF, text and receipt, expired by the retention cron, and verified with WebCrypto's Ed25519
// against the public key the well-known URL serves.

const aiText = apiExamples.find((example) => example.name === "detect")!.body!.text as string;
const shortText = "Honestly I just wrote this on the bus.\nTwo lines, nothing more.";

let signingKey = "";
beforeAll(async () => {
  // A key as an operator makes one (`openssl genpkey -algorithm ed25519`), in PKCS#8 base64.
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
  signingKey = btoa(String.fromCharCode(...pkcs8));
  await (await get("/reports")).text();
}, 120_000);
beforeEach(() => {
  env.RECEIPT_SIGNING_KEY = signingKey;
});
afterEach(() => {
  env.RECEIPT_SIGNING_KEY = "";
  env.DEMO_LIMIT_PER_MINUTE = "10";
});
afterAll(() => fakeStripe.off());

const row = (id: string) => env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>();

async function sha256Hex(bytes: string | Uint8Array): Promise<string> {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  const digest = await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** POST /reports as the detector result's form sends it; the report's id and the owner cookie set. */
async function createReport(text: string, headers: Record<string, string> = freshClient()) {
  const response = await postForm("/reports", { text }, headers);
  expect(response.status, await response.clone().text()).toBe(303);
  const id = response.headers.get("location")!.match(/^\/reports\/([0-9a-f]{32})$/)![1]!;
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("__Host-report-owner="))
    ?.split(";")[0];
  return { id, cookie };
}

/** The strings a PDF's content streams draw (the writer's `(…) Tj` operators), unescaped and decoded from WinAnsi. */
function pdfText(bytes: Uint8Array): string {
  const source = String.fromCharCode(...bytes);
  return [...source.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)]
    .map(([, literal]) => {
      const codes = [...literal!.matchAll(/\\([0-7]{3}|.)|(.)/gs)].map(([, escaped, plain]) =>
        plain !== undefined ? plain.charCodeAt(0) : escaped!.length === 3 ? parseInt(escaped!, 8) : escaped!.charCodeAt(0),
      );
      return new TextDecoder("windows-1252").decode(new Uint8Array(codes));
    })
    .join("\n");
}

async function verifyReceipt(receipt: { payload: string; signature: string; keyId: string }, payload = receipt.payload): Promise<boolean> {
  const { keys } = await (await get("/.well-known/contentforge-receipt-keys.json")).json<{ keys: JsonWebKey[] & { kid?: string }[] }>();
  const jwk = (keys as (JsonWebKey & { kid: string })[]).find((key) => key.kid === receipt.keyId)!;
  const key = await crypto.subtle.importKey("jwk", jwk, { name: "Ed25519" }, false, ["verify"]);
  const signature = Uint8Array.from(atob(receipt.signature), (char) => char.charCodeAt(0));
  return crypto.subtle.verify("Ed25519", key, signature, new TextEncoder().encode(payload));
}

describe("creating a report", () => {
  it("scores the text on the server, ignores any verdict sent along, stores it for the visitor's cookie (hashed) for 24 hours", async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await postForm(
      "/reports",
      { text: `  ${aiText.replace(/\. /g, ".\r\n")}  `, verdict: "likely-human", probability: "1" },
      freshClient(),
    );
    expect(response.status).toBe(303);
    const id = response.headers.get("location")!.split("/").pop()!;
    const setCookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-report-owner="))!;
    expect(setCookie).toMatch(/^__Host-report-owner=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=86400; HttpOnly; Secure; SameSite=Lax$/);
    const token = setCookie.split(";")[0]!.split("=")[1]!;

    const stored = (await row(id))!;
    const text = aiText.replace(/\. /g, ".\n");
    expect(stored.text).toBe(text);
    expect(stored.email).toBeNull();
    expect(stored.owner_hash).toBe(await sha256Hex(token));
    expect(stored.text_sha256).toBe(await sha256Hex(text));
    expect(stored.expires_at - stored.created_at).toBe(24 * 60 * 60);
    expect(stored.created_at).toBeGreaterThanOrEqual(before);
    expect(stored.engine).toBe("contentforge-trained-detector");
    expect(stored.detector_version).toMatch(/^weights-sha256:[0-9a-f]{16}$/);

    // The same number the detector page shows for the same text, whatever the form claimed.
    const result = JSON.parse(stored.result).result;
    const detectorPage = visibleText(await (await postForm("/ai-detector", { text }, freshClient())).text());
    expect(detectorPage).toContain(`AI Probability: ${result.probability}%`);
    expect(result.verdict).not.toBe("likely-human");

    const page = await get(`/reports/${id}`, { headers: { cookie: `__Host-report-owner=${token}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    const shown = visibleText(html);
    expect(shown).toContain("AI detection report");
    expect(shown).toContain(`AI Probability: ${result.probability}%`);
    expect(shown).toContain("Sentence by sentence");
    expect(shown).toContain(stored.text_sha256);
    expect(shown).toContain("ContentForge trained detector (offline model)");
    expect(shown).toMatch(/wrongly called \d+(\.\d)?% of human texts AI and caught \d+(\.\d)?% of the text from current chat models/);
    expect(shown).toContain("Only you.");
    expect(html).toContain('name="robots" content="noindex"');
  });

  it("refuses blank, oversized and missing text with the detector form's messages, and other content types", async () => {
    for (const [fields, message] of [
      [{ text: "  \n " }, "Please enter the text to analyze."],
      [{}, "Please enter the text to analyze."],
      [{ text: "x".repeat(10_001) }, "The text to analyze is too long: the limit is 10,000 characters."],
    ] as const) {
      const response = await postForm("/reports", fields, freshClient());
      expect(response.status).toBe(400);
      const shown = visibleText(await response.text());
      expect(shown).toContain("The report could not be made.");
      expect(shown).toContain(message);
    }
    const json = await get("/reports", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://127.0.0.1" },
      body: "{}",
    });
    expect(json.status).toBe(415);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE length(text) > 10000").first("n")).toBe(0);
  });

  it("spends a visitor's demo allowance and answers 429 with Retry-After past it", async () => {
    env.DEMO_LIMIT_PER_MINUTE = "1";
    const client = freshClient();
    await createReport(shortText, client);
    const refused = await postForm("/reports", { text: shortText }, client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(visibleText(await refused.text())).toContain("You have reached the demo limit.");
  });
});

describe("who can open a report", () => {
  it("is its owner only: another browser, a made-up id and a signed-in stranger get the same 404", async () => {
    const { id, cookie } = await createReport(aiText);
    expect((await get(`/reports/${id}`, { headers: { cookie: cookie! } })).status).toBe(200);
    const other = await createReport(shortText);
    for (const headers of [{}, { cookie: other.cookie! }, { cookie: "__Host-report-owner=forged" }] as Record<string, string>[]) {
      const response = await get(`/reports/${id}`, { headers });
      expect(response.status).toBe(404);
      expect(visibleText(await response.text())).toContain("This report does not exist, it expired, or it was deleted.");
      expect((await get(`/reports/${id}/report.pdf`, { headers })).status).toBe(404);
    }
    expect((await get(`/reports/${"0".repeat(32)}`, { headers: { cookie: cookie! } })).status).toBe(404);
    expect((await get("/reports/not-an-id", { headers: { cookie: cookie! } })).status).toBe(404);
    // Nor can a stranger act on it.
    for (const intent of ["share", "revoke", "delete"]) {
      expect((await postForm(`/reports/${id}`, { intent }, { cookie: other.cookie! })).status).toBe(404);
    }
    expect((await postForm(`/reports/${id}`, { intent: "publish" }, { cookie: cookie! })).status).toBe(400);
    expect(await row(id)).not.toBeNull();

    // The list shows each browser its own reports only.
    const list = visibleText(await (await get("/reports", { headers: { cookie: cookie! } })).text());
    expect(list).toContain(aiText.slice(0, 60));
    expect(list).not.toContain("on the bus");
    expect(visibleText(await (await get("/reports")).text())).toContain("No reports yet.");
  });

  it("shares by an unguessable link (stored hashed) that opens read-only signed out, until revoked; a new link ends the old one", async () => {
    const { id, cookie } = await createReport(aiText);
    const owner = { cookie: cookie! };
    const shared = await postForm(`/reports/${id}`, { intent: "share" }, owner);
    expect(shared.status).toBe(200);
    const ownerHtml = await shared.text();
    expect(visibleText(ownerHtml)).toContain("Anyone with the link can open it");
    expect(visibleText(ownerHtml)).toContain("Copy it now: it is shown only this once");
    const token = ownerHtml.match(/value="http:\/\/127\.0\.0\.1\/r\/([A-Za-z0-9_-]{43})"/)![1]!;
    const stored = (await row(id))!;
    expect(stored.share_hash).toBe(await sha256Hex(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await get(`/r/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await opened.text();
    expect(html).toContain('name="robots" content="noindex, nofollow"');
    const text = visibleText(html);
    expect(text).toContain("A report shared with you by link.");
    expect(text).toContain(stored.text_sha256);
    expect(text).not.toContain("Delete report");
    expect(text).not.toContain("Revoke the link");
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect((await get(`/r/${token}/report.pdf`)).status).toBe(200);
    // The shared page has no actions.
    expect((await postForm(`/r/${token}`, { intent: "delete" })).status).toBe(405);

    const revoked = await postForm(`/reports/${id}`, { intent: "revoke" }, owner);
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe(`/reports/${id}?revoked=1`);
    for (const path of [`/r/${token}`, `/r/${token}/report.pdf`, `/r/${token}/text.txt`]) expect((await get(path)).status).toBe(404);
    expect((await row(id))!.share_hash).toBeNull();
    expect(visibleText(await (await get(`/reports/${id}?revoked=1`, { headers: owner })).text())).toContain("The link is revoked");

    const first = (await (await postForm(`/reports/${id}`, { intent: "share" }, owner)).text()).match(/\/r\/([A-Za-z0-9_-]{43})/)![1]!;
    const second = (await (await postForm(`/reports/${id}`, { intent: "share" }, owner)).text()).match(/\/r\/([A-Za-z0-9_-]{43})/)![1]!;
    expect(second).not.toBe(first);
    expect((await get(`/r/${first}`)).status).toBe(404);
    expect((await get(`/r/${second}`)).status).toBe(200);
    for (const made of ["x", "A".repeat(43), "../../etc/passwd"]) expect((await get(`/r/${made}`)).status).toBe(404);

    const deleted = await postForm(`/reports/${id}`, { intent: "delete" }, owner);
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/reports?deleted=1");
    expect(await row(id)).toBeNull();
    expect((await get(`/r/${second}`)).status).toBe(404);
  });
});

describe("downloads", () => {
  it("the PDF is made in the Worker: a PDF 1.4 file with its pages, the verdict, the sentences, the hash and the receipt", async () => {
    const long = Array.from({ length: 14 }, () => aiText).join("\n\n");
    const { id, cookie } = await createReport(`Café naïve résumé – “quoted” 東京. ${long}`);
    const response = await get(`/reports/${id}/report.pdf`, { headers: { cookie: cookie! } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="contentforge-report-${id.slice(0, 12)}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const source = String.fromCharCode(...bytes);
    expect(source.startsWith("%PDF-1.4\n")).toBe(true);
    expect(source.trimEnd().endsWith("%%EOF")).toBe(true);
    const pages = Number(source.match(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/)![1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(source.match(/\/Type \/Page /g)!.length).toBe(pages);
    // The cross-reference table points at each object.
    const xref = Number(source.match(/startxref\n(\d+)/)![1]);
    expect(source.slice(xref, xref + 4)).toBe("xref");
    [...source.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].forEach(([, offset], index) => {
      expect(source.slice(Number(offset), Number(offset) + `${index + 1} 0 obj`.length)).toBe(`${index + 1} 0 obj`);
    });
    const stored = (await row(id))!;
    const text = pdfText(bytes);
    expect(text).toContain("AI detection report");
    expect(text).toContain(`page ${pages} of ${pages}`);
    expect(text).toContain(stored.text_sha256);
    expect(text).toContain("Café naïve résumé – “quoted” ??.");
    expect(text).toContain("2 characters are outside this PDF's fonts");
    expect(text).toMatch(/Likely range \d+\u2013\d+%/);
    expect(text.replace(/\s+/g, " ")).toContain(
      "It is important to note that high-quality writing not only builds trust but also drives engagement.",
    );
    expect(text.replace(/\n/g, "")).toContain(stored.receipt_signature);
    // The AI-like sentences lie on the pink band.
    expect(source).toContain("1 0.83 0.86 rg");
  });

  it("the text download is the scanned bytes, whose SHA-256 the report and the receipt state", async () => {
    const { id, cookie } = await createReport(aiText);
    const response = await get(`/reports/${id}/text.txt`, { headers: { cookie: cookie! } });
    expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const receipt = await (await get(`/reports/${id}/receipt.json`, { headers: { cookie: cookie! } })).json<any>();
    expect(JSON.parse(receipt.payload).sha256).toBe(await sha256Hex(bytes));
    expect((await get(`/reports/${id}/secrets.txt`, { headers: { cookie: cookie! } })).status).toBe(404);
  });
});

describe("signed receipts", () => {
  it("sign the canonical payload with Ed25519; WebCrypto verifies it with the well-known key, and one changed byte fails", async () => {
    const { id, cookie } = await createReport(aiText);
    const stored = (await row(id))!;
    const result = JSON.parse(stored.result).result;
    const receipt = await (await get(`/reports/${id}/receipt.json`, { headers: { cookie: cookie! } })).json<any>();
    expect(receipt.algorithm).toBe("Ed25519");
    expect(receipt.payload).toBe(
      JSON.stringify({
        v: 3,
        type: "contentforge.scan-receipt",
        reportId: id,
        sha256: stored.text_sha256,
        file: null,
        verdict: result.verdict,
        strictness: {
          level: "balanced",
          band: result.strictness.band,
          likelyAiFrom: result.strictness.lines[1].likelyAiFrom,
          mixedFrom: result.strictness.lines[1].mixedFrom,
        },
        probability: result.probability,
        engine: "contentforge-trained-detector",
        detectorVersion: stored.detector_version,
        createdAt: new Date(stored.created_at * 1000).toISOString().replace(".000Z", "Z"),
        keyId: receipt.keyId,
      }),
    );
    expect(await verifyReceipt(receipt)).toBe(true);
    const changed = receipt.payload.replace(`"probability":${result.probability}`, `"probability":${result.probability - 1}`);
    expect(await verifyReceipt(receipt, changed)).toBe(false);
    const oneByte = receipt.payload.slice(0, 40) + (receipt.payload[40] === "a" ? "b" : "a") + receipt.payload.slice(41);
    expect(await verifyReceipt(receipt, oneByte)).toBe(false);

    // The JWKS and the PEM are the same key, named by the id the receipt carries.
    const keys = await get("/.well-known/contentforge-receipt-keys.json");
    expect(keys.headers.get("access-control-allow-origin")).toBe("*");
    const jwk = (await keys.json<any>()).keys[0];
    expect(jwk).toMatchObject({ kty: "OKP", crv: "Ed25519", kid: receipt.keyId, alg: "EdDSA", use: "sig" });
    const pem = await (await get("/.well-known/contentforge-receipt-key.pem")).text();
    const der = Uint8Array.from(atob(pem.replace(/-----[^-]+-----|\s/g, "")), (char) => char.charCodeAt(0));
    const raw = Uint8Array.from(atob(jwk.x.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
    expect(Array.from(der.subarray(12))).toEqual(Array.from(raw));
    expect((await sha256Hex(raw)).slice(0, 16)).toBe(receipt.keyId);

    // The page shows the same bytes and explains how to check them.
    const docs = visibleText(await (await get("/docs/receipts")).text());
    expect(docs).toContain("openssl pkeyutl -verify -pubin -inkey receipt-key.pem -rawin -in payload.json -sigfile signature.bin");
    expect(docs).toContain(receipt.keyId);
  });

  it("without a signing key, reports work and say receipts are not configured; nothing is faked", async () => {
    env.RECEIPT_SIGNING_KEY = "";
    const { id, cookie } = await createReport(aiText);
    expect((await row(id))!.receipt_signature).toBeNull();
    expect(visibleText(await (await get(`/reports/${id}`, { headers: { cookie: cookie! } })).text())).toContain(
      "Receipts are not configured on this server: this report carries no signature.",
    );
    expect(await (await get("/.well-known/contentforge-receipt-keys.json")).json()).toEqual({ keys: [] });
    expect((await get("/.well-known/contentforge-receipt-key.pem")).status).toBe(404);
    // A malformed key is named on /healthz, never used.
    env.RECEIPT_SIGNING_KEY = "not-a-key";
    const health = await (await get("/healthz")).json<any>();
    expect(JSON.stringify(health)).toContain("RECEIPT_SIGNING_KEY");
    expect(JSON.stringify(health)).not.toContain("not-a-key");
  });
});

describe("retention and subscribers", () => {
  const runCron = () =>
    (exports.default as unknown as { scheduled(options: { cron: string; scheduledTime: Date }): Promise<unknown> }).scheduled({
      cron: "17 * * * *",
      scheduledTime: new Date(),
    });

  it("an expired report is gone at once for its owner and its link, and the cron deletes its row", async () => {
    const { id, cookie } = await createReport(aiText);
    const token = (await (await postForm(`/reports/${id}`, { intent: "share" }, { cookie: cookie! })).text()).match(
      /\/r\/([A-Za-z0-9_-]{43})/,
    )![1]!;
    await env.DB.prepare("UPDATE reports SET expires_at = ? WHERE id = ?")
      .bind(Math.floor(Date.now() / 1000) - 1, id)
      .run();
    expect((await get(`/reports/${id}`, { headers: { cookie: cookie! } })).status).toBe(404);
    expect((await get(`/r/${token}`)).status).toBe(404);
    await runCron();
    expect(await row(id)).toBeNull();
  });

  it("a subscriber's report belongs to the account for the history's year, costs one detector scan, is theirs on the API, in the export and goes with the account", async () => {
    await fakeStripe.use();
    const { cookie, email, key } = await apiSubscriber("pro");
    const usageBefore = (await callApi("usage", { key })).json.tools.find((tool: any) => tool.tool === "detector").used;
    const { id, cookie: ownerCookie } = await createReport(aiText, { cookie });
    expect(ownerCookie).toBeUndefined();
    const stored = (await row(id))!;
    expect(stored.email).toBe(email);
    expect(stored.owner_hash).toBeNull();
    expect(stored.expires_at - stored.created_at).toBe(365 * 24 * 60 * 60);
    expect((await callApi("usage", { key })).json.tools.find((tool: any) => tool.tool === "detector").used).toBe(usageBefore + 1);
    expect((await get(`/reports/${id}`, { headers: { cookie } })).status).toBe(200);

    const answer = await callApi(`reports/${id}`, { key });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      id,
      sha256: stored.text_sha256,
      text: aiText,
      url: `http://127.0.0.1/reports/${id}`,
      sharing: { state: "private", since: null },
    });
    expect(await verifyReceipt(answer.json.receipt)).toBe(true);

    const stranger = await apiSubscriber("pro");
    const foreign = await callApi(`reports/${id}`, { key: stranger.key });
    expect(foreign.status).toBe(404);
    expect(foreign.json.type).toBe("/docs/api#problem-not-found");
    expect((await get(`/reports/${id}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await callApi(`reports/${"f".repeat(32)}`, { key })).status).toBe(404);
    expect((await callApi(`reports/${id}`)).status).toBe(401);

    const data = await exportedData(cookie);
    expect(data.reports).toEqual([
      expect.objectContaining({
        id,
        text: aiText,
        sha256: stored.text_sha256,
        receipt: expect.objectContaining({ keyId: answer.json.receipt.keyId }),
      }),
    ]);

    expect((await postForm("/account/delete", { confirmEmail: email }, { cookie })).status).toBe(200);
    expect(await row(id)).toBeNull();
  });
});
