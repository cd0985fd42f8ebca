import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { scannedPdf, textFile, textPdf } from "../support/document-fixtures";
import { apiSubscriber, callApi, multipart } from "./api-helpers";
import { withFakeStripe } from "./each-test";

// POST /api/v1/detect and /humanize with a document (multipart, file field 'document'), by the
// page's rules: a document that fits is scored (or rewritten) as its text, a longer one is scored
// by sections; a bad file is a 400 naming the field, spending no quota. Every answer is checked
// against the OpenAPI document.

const usedDetections = async (customerId: string) =>
  (
    await env.DB.prepare("SELECT COALESCE(SUM(used), 0) AS used FROM usage WHERE customer_id = ? AND tool = 'detector'")
      .bind(customerId)
      .first<{ used: number }>()
  )?.used ?? 0;

const prose =
  "I moved to Leeds in 2019 for a job that lasted eight months. The flat had a boiler that clanked every morning at six, and the landlord never once answered the phone. " +
  "Still, I liked the walk along the canal, the bakery that sold out of cheese scones by nine, and the neighbour who left tomatoes on the step all summer.";

withFakeStripe();

describe("documents over the developer API", () => {
  it("scores a long PDF by sections, naming its pages, for one detection of the quota", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const pdf = textPdf({ pages: 12, paragraphsPerPage: 4, name: "thesis.pdf" });
    const { status, json } = await callApi("detect", { key, form: multipart({ document: pdf }) });
    expect(status).toBe(200);
    expect(json.document).toMatchObject({ name: "thesis.pdf", kind: "pdf", pages: 12, truncated: false });
    expect(json.document.sections.length).toBeGreaterThan(3);
    expect(json.document.sections[0].label).toMatch(/^Pages? 1/);
    expect(json.document.text).toBeUndefined();
    expect(json.probability).toBeGreaterThanOrEqual(0);
    expect(await usedDetections(customerId)).toBe(1);
  });

  it("scores a document that fits as its text, like the JSON call with that text", async () => {
    const { key } = await apiSubscriber("pro");
    const fromFile = await callApi("detect", { key, form: multipart({ document: textFile(prose, { name: "diary.txt" }) }) });
    const fromJson = await callApi("detect", { key, body: { text: prose } });
    expect(fromFile.status).toBe(200);
    expect(fromFile.json).toEqual(fromJson.json);
  });

  it("refuses a scanned PDF as invalid-request on 'document', spending nothing", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const { status, json } = await callApi("detect", { key, form: multipart({ document: scannedPdf(1) }) });
    expect(status).toBe(400);
    expect(json.errors.document).toMatch(/^This PDF has no text to read: it looks scanned/);
    expect(await usedDetections(customerId)).toBe(0);
  });

  it("rewrites a document that fits with humanize, and refuses a longer one saying its length", async () => {
    const { key } = await apiSubscriber("pro");
    const fits = await callApi("humanize", { key, form: multipart({ document: textFile(prose, { name: "notes.md" }), tone: "casual" }) });
    expect(fits.status).toBe(200);
    expect(fits.json.text.length).toBeGreaterThan(100);
    const long = await callApi("humanize", {
      key,
      form: multipart({ document: textPdf({ pages: 12, paragraphsPerPage: 4 }), tone: "casual" }),
    });
    expect(long.status).toBe(400);
    expect(long.json.errors.document).toMatch(/^This document has [\d,]+ characters; the humanizer rewrites up to 10,000 at a time/);
  });

  it("answers 413 as a problem document past the upload limit", async () => {
    const { key } = await apiSubscriber("pro");
    const { status, json } = await callApi("detect", {
      key,
      rawBody: "--b--\r\n",
      headers: { "content-type": "multipart/form-data; boundary=b", "content-length": String(11 * 1024 * 1024) },
    });
    expect(status).toBe(413);
    expect(json.detail).toContain("'document'");
  });
});
