import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetClock, setClock } from "~/server/clock.server";
import { prose, textFile, textPdf } from "../support/document-fixtures";
import { fakeStripe, freshClient, get, postForm, subscribe, visibleText } from "./helpers";
import { apiSubscriber, callApi } from "./api-helpers";
import { detectOnPage, reportFormFields } from "./report-helpers";

// Issue 41, items 3 and 6 (docs/decisions/056), attacked as the review wrote them: reports spend the
// detector's allowance for subscribers too, an account makes at most 30 an hour and keeps at most
// 25 MB of them; and a report names a file only when the server extracted it (the detector page's
// seal), its receipt signing what the report shows.

let signingKey = "";
beforeAll(async () => {
  await fakeStripe.use();
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  signingKey = btoa(String.fromCharCode(...new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer)));
  env.RECEIPT_SIGNING_KEY = signingKey;
}, 120_000);
afterEach(() => resetClock());
afterAll(() => {
  fakeStripe.off();
  env.RECEIPT_SIGNING_KEY = "";
});

const aiText =
  "Furthermore, it is important to note that the lighthouse industry plays a crucial role in coastal safety. " +
  "Moreover, leveraging innovative lens strategies can unlock new opportunities for sustainable maritime growth. " +
  "In conclusion, a comprehensive approach to maintenance ensures that every beacon continues to serve its community effectively.";

const detectorUsed = async (customerId: string) =>
  (await env.DB.prepare("SELECT COALESCE(SUM(used), 0) AS used FROM usage WHERE customer_id = ? AND tool = 'detector'")
    .bind(customerId)
    .first<number>("used"))!;
const reportsOf = async (email: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE email = ?").bind(email).first<number>("n"))!;

/** A text document of exactly `characters` characters, in paragraphs of prose. */
function longText(characters: number): string {
  const paragraphs: string[] = [];
  for (let seed = 1; paragraphs.join("\n\n").length < characters; seed++) paragraphs.push(prose(seed, 6));
  return `${paragraphs
    .join("\n\n")
    .slice(0, characters - 1)
    .trimEnd()}.`.padEnd(characters, ".");
}

/** Sets the clock to the start of the next hour when this one ends within `seconds`, so a run of posts counts in one hour. */
function awayFromTheHour(seconds: number) {
  const left = 3600 - (Math.floor(Date.now() / 1000) % 3600);
  if (left < seconds) setClock((Math.floor(Date.now() / 1000) + left) * 1000);
}

const idOf = (response: Response) => response.headers.get("location")!.split("/").pop()!;

describe("item 3: reports spend the detector's allowance, with caps per account", () => {
  it("a Basic subscriber at 100/100 scans gets 429 from /ai-detector and from 10 × POST /reports; nothing stored, the dashboard still says 100/100", async () => {
    const { cookie, customerId, email } = await subscribe("basic");
    expect((await postForm("/ai-detector", { text: aiText }, { cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE usage SET used = 100 WHERE customer_id = ? AND tool = 'detector'").bind(customerId).run();
    expect((await postForm("/ai-detector", { text: aiText }, { cookie })).status).toBe(429);

    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await postForm("/reports", { text: aiText }, { cookie });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      const html = await response.text();
      expect(visibleText(html)).toContain("You have used all 100 scans of AI Detection in your Basic plan for this period.");
      // The typed text stays in the form.
      expect(html).toContain("crucial role in coastal safety");
    }
    expect(await reportsOf(email)).toBe(0);
    expect(await detectorUsed(customerId)).toBe(100);
    expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toMatch(/AI Detection\s+100 \/ 100 scans/);
  });

  it("a subscriber's report takes one scan of the plan's quota, shown on the dashboard", async () => {
    const { cookie, customerId, email } = await subscribe("basic");
    expect((await postForm("/reports", { text: aiText }, { cookie })).status).toBe(303);
    expect(await reportsOf(email)).toBe(1);
    expect(await detectorUsed(customerId)).toBe(1);
    expect(visibleText(await (await get("/dashboard", { headers: { cookie } })).text())).toMatch(/AI Detection\s+1 \/ 100 scans/);
  });

  it("a Pro subscriber's 40 reports of 199,000 characters: the form's file fields alone store nothing; with the detector's seal the 31st in an hour is refused", async () => {
    const { cookie, customerId, email } = await subscribe("pro");
    const text = longText(199_000);
    expect(text.length).toBe(199_000);

    // As the review posted them: the text with a file name, kind and pages, no file uploaded.
    const typed = await Promise.all(
      Array.from({ length: 40 }, () =>
        postForm("/reports", { text, document: "Final thesis (approved).pdf", kind: "pdf", pages: "42" }, { cookie }),
      ),
    );
    expect(typed.map((response) => response.status)).toEqual(Array(40).fill(400));
    expect(visibleText(await typed[0]!.text())).toContain("10,000");
    expect(await reportsOf(email)).toBe(0);

    // A real upload of the same text on the detector page, its report form posted 40 times.
    const fields = reportFormFields(await detectOnPage(textFile(text, { name: "long-essay.txt" }), { cookie }));
    expect(Object.keys(fields).sort()).toEqual(["seal", "strictness", "text"]);
    const scansBefore = await detectorUsed(customerId);
    awayFromTheHour(60);
    const started = Date.now();
    // Eight at a time, so the cap is tested against concurrent posts too.
    const answers: Response[] = [];
    for (let start = 0; start < 40; start += 8)
      answers.push(...(await Promise.all(Array.from({ length: 8 }, () => postForm("/reports", fields, { cookie })))));
    const seconds = (Date.now() - started) / 1000;
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 303)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const refused = answers.find((response) => response.status === 429)!;
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(visibleText(await refused.text())).toMatch(
      /You have made 30 reports this hour, the most an account makes in an hour\. You can make the next one in \d+ (seconds?|minutes)/,
    );
    expect(await reportsOf(email)).toBe(30);
    // Each report made is one detector scan; the refused ones are not.
    expect((await detectorUsed(customerId)) - scansBefore).toBe(30);
    const stored = await env.DB.prepare("SELECT SUM(stored_bytes) AS bytes FROM reports WHERE email = ?")
      .bind(email)
      .first<number>("bytes");
    console.log(`30 reports of 199,000 characters: ${(stored! / 1e6).toFixed(1)} MB stored; 40 posts in ${seconds.toFixed(1)} s`);

    // Deleting a report does not give its place in the hour back.
    const cookieHeaders = { cookie };
    const made = answers.find((response) => response.status === 303)!;
    expect((await postForm(`/reports/${idOf(made)}`, { intent: "delete" }, cookieHeaders)).status).toBe(303);
    expect((await postForm("/reports", { text: aiText }, cookieHeaders)).status).toBe(429);

    const page = visibleText(await (await get("/reports", { headers: { cookie } })).text());
    expect(page).toContain("Each report counts as one AI detection scan of your plan.");
    expect(page).toMatch(/this hour 30 of 30 made, [\d.]+ MB of 25 MB kept/);
  }, 180_000);

  it("refuses a report past the account's 25 MB with 413, saying what to do, keeping the text; charges nothing", async () => {
    const { cookie, customerId, email } = await subscribe("pro");
    const first = await postForm("/reports", { text: aiText }, { cookie });
    expect(first.status).toBe(303);
    // The account's reports already keep 25 MB less 1 KB (as ~95 of the longest documents would).
    await env.DB.prepare("UPDATE reports SET stored_bytes = ? WHERE id = ?")
      .bind(25_000_000 - 1_000, idOf(first))
      .run();
    const scans = await detectorUsed(customerId);

    const full = await postForm("/reports", { text: `${aiText} One more line for the full account.` }, { cookie });
    expect(full.status).toBe(413);
    const html = await full.text();
    expect(visibleText(html)).toContain(
      "Your reports keep 25 MB of the 25 MB an account may keep, and this one does not fit. Delete reports you no longer need on /reports, then create it again.",
    );
    expect(html).toContain("One more line for the full account.");
    expect(await reportsOf(email)).toBe(1);
    expect(await detectorUsed(customerId)).toBe(scans);
    expect(visibleText(await (await get("/reports", { headers: { cookie } })).text())).toMatch(
      /this hour 1 of 30 made, 25 MB of 25 MB kept/,
    );

    // Deleting the report makes room.
    expect((await postForm(`/reports/${idOf(first)}`, { intent: "delete" }, { cookie })).status).toBe(303);
    expect((await postForm("/reports", { text: aiText }, { cookie })).status).toBe(303);
  });
});

describe("item 3 on the API: reports made by a batch count against the stored bytes", () => {
  it("a full account's document is that file's problem in the batch's answer, not scanned and not charged", async () => {
    const { cookie, customerId, email, key } = await apiSubscriber("pro");
    const first = await postForm("/reports", { text: aiText }, { cookie });
    await env.DB.prepare("UPDATE reports SET stored_bytes = ? WHERE id = ?")
      .bind(25_000_000 - 100, idOf(first))
      .run();
    const scans = await detectorUsed(customerId);

    const answer = await callApi("detect/batch", { key, body: { documents: [{ name: "essay.txt", text: aiText }] } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.scanned).toBe(0);
    expect(answer.json.results[0]).toMatchObject({ name: "essay.txt", report: null });
    expect(answer.json.results[0].problem).toContain(
      "Your reports keep 25 MB of the 25 MB an account may keep, and this one does not fit.",
    );
    expect(await reportsOf(email)).toBe(1);
    expect(await detectorUsed(customerId)).toBe(scans);
  });
});

describe("item 6: a report names only a file the server extracted, and its receipt signs what it shows", () => {
  it("POST /reports … document=Final thesis (approved).pdf&kind=pdf&pages=42 without a file shows no file on the report", async () => {
    const client = freshClient();
    const created = await postForm("/reports", { text: aiText, document: "Final thesis (approved).pdf", kind: "pdf", pages: "42" }, client);
    expect(created.status).toBe(303);
    const cookie = created.headers.getSetCookie()[0]!.split(";")[0]!;
    const id = idOf(created);
    const shown = visibleText(await (await get(`/reports/${id}`, { headers: { cookie } })).text());
    expect(shown).not.toContain("Final thesis");
    expect(shown).not.toContain("42 pages");
    const pdf = new TextDecoder("latin1").decode(await (await get(`/reports/${id}/report.pdf`, { headers: { cookie } })).arrayBuffer());
    expect(pdf).not.toContain("Final thesis");
    const row = (await env.DB.prepare("SELECT result, receipt_payload FROM reports WHERE id = ?")
      .bind(id)
      .first<{ result: string; receipt_payload: string }>())!;
    expect(JSON.parse(row.result).file).toBeUndefined();
    expect(JSON.parse(row.receipt_payload).file).toBeNull();
    const list = visibleText(await (await get("/reports", { headers: { cookie } })).text());
    expect(list).not.toContain("Final thesis");
  });

  it("a seal whose facts or text were changed is refused with 400; the real one names the file, and the receipt signs it", async () => {
    const client = freshClient();
    const pdf = textPdf({ pages: 12, paragraphsPerPage: 4, name: "Résumé draft.pdf" });
    const fields = reportFormFields(await detectOnPage(pdf, client));
    const [body, mac] = fields.seal!.split(".");
    const facts = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(atob(body!.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0))),
    );
    expect(facts).toMatchObject({ name: "Résumé draft.pdf", kind: "pdf", pages: 12 });

    const renamed = btoa(
      String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ ...facts, name: "Final thesis (approved).pdf", pages: 42 }))),
    )
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    for (const forged of [
      { ...fields, seal: `${renamed}.${mac}` },
      { ...fields, text: `${fields.text} A sentence added after the detector read it.` },
      { ...fields, seal: `${body}.${"A".repeat(mac!.length)}` },
      { ...fields, seal: "not a seal" },
      { ...fields, seal: `${body}.A` },
      { ...fields, seal: `A.${mac}` },
    ]) {
      const refused = await postForm("/reports", forged, client);
      expect(refused.status).toBe(400);
      expect(visibleText(await refused.text())).toContain(
        "This document's details could not be confirmed: its text or details changed after the AI detector read it. Upload the document on the AI detector again and create the report from its result.",
      );
    }

    // The file fields a browser might add are ignored next to the seal.
    const created = await postForm("/reports", { ...fields, document: "Final thesis (approved).pdf", pages: "42" }, client);
    expect(created.status).toBe(303);
    const cookie = created.headers.getSetCookie()[0]!.split(";")[0]!;
    const id = idOf(created);
    const shown = visibleText(await (await get(`/reports/${id}`, { headers: { cookie } })).text());
    expect(shown).toMatch(/Résumé draft\.pdf\s*:\s*PDF\s*,\s*12 pages/);
    expect(shown).not.toContain("Final thesis");

    const receipt = await (
      await get(`/reports/${id}/receipt.json`, { headers: { cookie } })
    ).json<{ payload: string; signature: string; keyId: string }>();
    // ASCII bytes, the file's name escaped.
    expect(receipt.payload).toMatch(/^[\x20-\x7e]+$/);
    expect(receipt.payload).toContain('"file":{"name":"R\\u00e9sum\\u00e9 draft.pdf","kind":"pdf","pages":12}');
    expect(JSON.parse(receipt.payload)).toMatchObject({ v: 3, file: { name: "Résumé draft.pdf", kind: "pdf", pages: 12 } });
    const { keys } = await (await get("/.well-known/contentforge-receipt-keys.json")).json<{ keys: (JsonWebKey & { kid: string })[] }>();
    const jwk = keys.find((key) => key.kid === receipt.keyId)!;
    const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
    const signature = Uint8Array.from(atob(receipt.signature), (char) => char.charCodeAt(0));
    expect(await crypto.subtle.verify("Ed25519", key, signature, new TextEncoder().encode(receipt.payload))).toBe(true);
    const otherName = receipt.payload.replace("R\\u00e9sum\\u00e9 draft.pdf", "Final thesis (approved).pdf");
    expect(await crypto.subtle.verify("Ed25519", key, signature, new TextEncoder().encode(otherName))).toBe(false);
  });
});
