import { env } from "cloudflare:workers";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { textPdf } from "../support/document-fixtures";
import { freshClient, get, postForm, visibleText } from "./helpers";
import { detectOnPage, reportFormFields } from "./report-helpers";

// A report of a document longer than the text box: made from the detector page's result (its
// hidden fields, as a browser without JavaScript posts them), scored again by sections on the
// server, kept with the file's name, shared, downloaded and revoked like a pasted text's report,
// its receipt signing the SHA-256 of the whole extracted text.

let signingKey = "";
beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
  signingKey = btoa(String.fromCharCode(...pkcs8));
}, 120_000);
// The detector page seals a document's facts for its report with a key derived from SESSION_SECRET.
beforeEach(() => {
  env.SESSION_SECRET = "document-reports-session-secret-0123456789";
});
afterEach(() => {
  env.RECEIPT_SIGNING_KEY = "";
  env.RECEIPT_RETIRED_PUBLIC_KEYS = "";
  env.SESSION_SECRET = "";
});

async function newSigningKey(): Promise<{ pkcs8: string; x: string; spki: string }> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const base64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));
  const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
  return {
    pkcs8: base64((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer),
    x: jwk.x!,
    spki: base64((await crypto.subtle.exportKey("spki", pair.publicKey)) as ArrayBuffer),
  };
}

/** Verifies a receipt against the key the well-known key set names by its keyId, as /docs/receipts shows. */
async function verifiesAgainstKeySet(receipt: { payload: string; signature: string; keyId: string }): Promise<boolean> {
  const { keys } = await (await get("/.well-known/contentforge-receipt-keys.json")).json<{ keys: (JsonWebKey & { kid: string })[] }>();
  const jwk = keys.find((key) => key.kid === receipt.keyId);
  if (!jwk) return false;
  const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
  const signature = Uint8Array.from(atob(receipt.signature), (char) => char.charCodeAt(0));
  return crypto.subtle.verify("Ed25519", key, signature, new TextEncoder().encode(receipt.payload));
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("a report of a long document", () => {
  it("keeps the sections, the file name and the words; signs the whole text's SHA-256; shares, downloads and revokes", async () => {
    env.RECEIPT_SIGNING_KEY = signingKey;
    const client = freshClient();
    const pdf = textPdf({ pages: 12, paragraphsPerPage: 4, name: "term-paper.pdf" });
    const page = await detectOnPage(pdf, client);
    const fields = reportFormFields(page);
    // The text, the seal of the file's facts and the level read at: no name, kind or pages the browser could change.
    expect(Object.keys(fields).sort()).toEqual(["seal", "strictness", "text"]);
    expect(fields.text!.length).toBeGreaterThan(10_000);
    const pageSections = [...visibleText(page).matchAll(/(Pages? [\d–]+) ([\d,]+) /g)].map(([, label]) => label);

    const created = await postForm("/reports", fields, client);
    expect(created.status, await created.clone().text()).toBe(303);
    const id = created.headers.get("location")!.split("/").pop()!;
    const cookie = created.headers.getSetCookie()[0]!.split(";")[0]!;

    const row = (await env.DB.prepare("SELECT * FROM reports WHERE id = ?").bind(id).first<Record<string, any>>())!;
    const expectedText = pdf.paragraphs.map((paragraph) => paragraph.text).join("\n\n");
    expect(row.text).toBe(expectedText);
    expect(row.text_sha256).toBe(await sha256Hex(expectedText));
    expect(JSON.parse(row.receipt_payload).sha256).toBe(row.text_sha256);
    // The sentences are spans into the row's text, not a second copy of it.
    expect(row.result.length).toBeLessThan(row.text.length);

    const shown = visibleText(await (await get(`/reports/${id}`, { headers: { cookie } })).text());
    expect(shown).toContain("term-paper.pdf");
    expect(shown).toContain("Section by section");
    expect(shown).toMatch(/term-paper\.pdf\s*:\s*PDF\s*,\s*12 pages/);
    expect(shown).toContain(row.text_sha256);
    const words = JSON.parse(row.result).words as number;
    expect(shown).toContain(`${words.toLocaleString("en-US")} words`);
    // The same sections, named by their pages, as the detector page showed.
    expect([...shown.matchAll(/(Pages? [\d–]+) ([\d,]+) /g)].map(([, label]) => label)).toEqual(pageSections);

    const pdfBytes = new Uint8Array(await (await get(`/reports/${id}/report.pdf`, { headers: { cookie } })).arrayBuffer());
    const drawn = new TextDecoder("latin1").decode(pdfBytes);
    expect(drawn).toContain("(Section by section) Tj");
    expect(drawn).toContain("(File: term-paper.pdf) Tj");

    const share = await postForm(`/reports/${id}`, { intent: "share" }, { cookie });
    const token = (await share.text()).match(/\/r\/([A-Za-z0-9_-]{43})/)![1]!;
    const opened = await get(`/r/${token}`);
    expect(opened.status).toBe(200);
    const sharedText = visibleText(await opened.text());
    expect(sharedText).toContain("term-paper.pdf");
    expect(sharedText).toContain("Section by section");
    expect(await (await get(`/r/${token}/text.txt`)).text()).toBe(expectedText);

    // The receipt verifies with WebCrypto against the well-known key.
    const receipt = await (await get(`/r/${token}/receipt.json`)).json<{ payload: string; signature: string; keyId: string }>();
    const { keys } = await (await get("/.well-known/contentforge-receipt-keys.json")).json<{ keys: (JsonWebKey & { kid: string })[] }>();
    const key = await crypto.subtle.importKey(
      "jwk",
      keys.find((k) => k.kid === receipt.keyId)!,
      { name: "Ed25519" },
      false,
      ["verify"],
    );
    const signature = Uint8Array.from(atob(receipt.signature), (char) => char.charCodeAt(0));
    expect(await crypto.subtle.verify("Ed25519", key, signature, new TextEncoder().encode(receipt.payload))).toBe(true);

    expect((await postForm(`/reports/${id}`, { intent: "revoke" }, { cookie })).status).toBe(303);
    expect((await get(`/r/${token}`)).status).toBe(404);
    expect((await get(`/r/${token}/report.pdf`)).status).toBe(404);
  });

  it("refuses a document's text past the extraction limit and a missing seal's text, with the message on /reports", async () => {
    const client = freshClient();
    const fields = reportFormFields(await detectOnPage(textPdf({ pages: 12, paragraphsPerPage: 4, name: "essay.pdf" }), client));
    for (const [sent, message] of [
      [{ ...fields, text: "word ".repeat(40_001) }, "A document report takes up to 200,000 characters."],
      [{ ...fields, text: "" }, "The document's text is missing. Upload it on the AI detector again."],
    ] as const) {
      const response = await postForm("/reports", sent, client);
      expect(response.status).toBe(400);
      expect(visibleText(await response.text())).toContain(message);
    }
  });

  it("offers no report of a long document when the server has no SESSION_SECRET to seal it with", async () => {
    env.SESSION_SECRET = "";
    const page = await detectOnPage(textPdf({ pages: 12, paragraphsPerPage: 4, name: "unsealed.pdf" }), freshClient());
    expect(page).not.toMatch(/<form[^>]*action="\/reports"/);
    expect(visibleText(page)).toContain("Reports of documents are not available on this server; paste a part of the text instead.");
  });
});

describe("retired receipt keys", () => {
  it("keeps a receipt signed before a rotation verifiable when the old public key is listed as retired", async () => {
    const [old, current, older] = await Promise.all([newSigningKey(), newSigningKey(), newSigningKey()]);
    env.RECEIPT_SIGNING_KEY = old.pkcs8;
    const client = freshClient();
    const created = await postForm("/reports", { text: "Signed before the rotation. ".repeat(12) }, client);
    const id = created.headers.get("location")!.split("/").pop()!;
    const cookie = created.headers.getSetCookie()[0]!.split(";")[0]!;
    const receipt = await (
      await get(`/reports/${id}/receipt.json`, { headers: { cookie } })
    ).json<{ payload: string; signature: string; keyId: string }>();
    expect(await verifiesAgainstKeySet(receipt)).toBe(true);

    // Rotated: the old key is gone from the set, so its receipt no longer verifies...
    env.RECEIPT_SIGNING_KEY = current.pkcs8;
    expect(await verifiesAgainstKeySet(receipt)).toBe(false);
    // ...until its public half is listed (as the JWKS's x, and another as a PEM body), marked retired, after the current key.
    env.RECEIPT_RETIRED_PUBLIC_KEYS = `${old.x}, -----BEGIN PUBLIC KEY-----\n${older.spki}\n-----END PUBLIC KEY-----`;
    const { keys } = await (await get("/.well-known/contentforge-receipt-keys.json")).json<{ keys: Record<string, string>[] }>();
    expect(keys.map((key) => [key.x, key.status])).toEqual([
      [current.x, undefined],
      [old.x, "retired"],
      [older.x, "retired"],
    ]);
    expect(await verifiesAgainstKeySet(receipt)).toBe(true);
    // New receipts are the current key's.
    const again = await postForm("/reports", { text: "Signed after the rotation. ".repeat(12) }, { ...client, cookie });
    const next = await (
      await get(`/reports/${again.headers.get("location")!.split("/").pop()}/receipt.json`, { headers: { cookie } })
    ).json<{
      payload: string;
      signature: string;
      keyId: string;
    }>();
    expect(next.keyId).toBe(keys[0]!.kid);
    expect(await verifiesAgainstKeySet(next)).toBe(true);
  });

  it("names a malformed list on /healthz and publishes only the current key", async () => {
    const current = await newSigningKey();
    env.RECEIPT_SIGNING_KEY = current.pkcs8;
    env.RECEIPT_RETIRED_PUBLIC_KEYS = "not-a-key!";
    const health = await (await get("/healthz")).json<Record<string, unknown>>();
    expect(JSON.stringify(health)).toContain("RECEIPT_RETIRED_PUBLIC_KEYS");
    const { keys } = await (await get("/.well-known/contentforge-receipt-keys.json")).json<{ keys: Record<string, string>[] }>();
    expect(keys.map((key) => key.x)).toEqual([current.x]);
  });
});
