import { createPublicKey, verify } from "node:crypto";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiExamples } from "~/content/api-examples";
import { asFile, prose, textFile } from "../support/document-fixtures";
import { apiSubscriber, callApi, multipart } from "./api-helpers";
import { fakeStripe, freshClient, get, postForm, postMultipart, subscribe, visibleText } from "./helpers";
import { reportFormFields } from "./report-helpers";

// The strictness level a person picks (issue 42): the detector page's radios, the API's
// `strictness`, a batch's level, and a report's stored level and line with its signed receipt.
// The verdict each answer gives is checked against the lines the answer states for its level, so
// the tests hold whatever lines training places.

const aiText = apiExamples.find((example) => example.name === "detect")!.body!.text as string;

type Line = { level: string; likelyAiFrom: number; mixedFrom: number; falsePositiveRate: number | null; catchRate: number | null };
type Reading = { level: string; band: string; lines: Line[]; flaggedAt: string[] };

/** The verdict a reading's own level gives a probability (percent), as the lines say. */
function verdictAt(reading: Reading, probability: number): string {
  const line = reading.lines.find((candidate) => candidate.level === reading.level)!;
  const share = probability / 100;
  return share >= line.likelyAiFrom ? "likely-ai" : share >= line.mixedFrom ? "mixed" : "likely-human";
}

const labels: Record<string, string> = { strict: "Strict", balanced: "Balanced", sensitive: "Sensitive" };

let signingKey = "";
beforeAll(async () => {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const pkcs8 = new Uint8Array((await crypto.subtle.exportKey("pkcs8", pair.privateKey)) as ArrayBuffer);
  signingKey = btoa(String.fromCharCode(...pkcs8));
  await fakeStripe.use();
}, 120_000);
afterEach(() => {
  env.RECEIPT_SIGNING_KEY = "";
});
afterAll(() => fakeStripe.off());

/** POST /reports as the result's form sends it: the report's id and the owner cookie. */
async function createReport(fields: Record<string, string>) {
  const created = await postForm("/reports", fields, freshClient());
  expect(created.status, await created.clone().text()).toBe(303);
  const id = created.headers.get("location")!.match(/^\/reports\/([0-9a-f]{32})$/)![1]!;
  const cookie = created.headers
    .getSetCookie()
    .find((value) => value.startsWith("__Host-report-owner="))!
    .split(";")[0]!;
  const stored = async () =>
    JSON.parse((await env.DB.prepare("SELECT result FROM reports WHERE id = ?").bind(id).first<string>("result"))!);
  return { id, cookie, stored };
}

/** The radio of a level as the page renders it, and whether it is checked. */
function radio(html: string, level: string): string {
  return html.match(new RegExp(`<input[^>]*name="strictness"[^>]*value="${level}"[^>]*>`))![0]!;
}

describe("the detector page", () => {
  it("offers the levels as a fieldset of radios, Balanced checked by default", async () => {
    const html = await (await get("/ai-detector")).text();
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Strictness<\/legend>/);
    expect(radio(html, "balanced")).toContain("checked");
    expect(radio(html, "strict")).not.toContain("checked");
    expect(radio(html, "sensitive")).not.toContain("checked");
    const text = visibleText(html);
    expect(text).toContain("Strict Aims at about 1 in 1,000 human texts wrongly flagged.");
    expect(text).toContain("Sensitive Aims at about 1 in 20 human texts wrongly flagged.");
  });

  it.each(["strict", "balanced", "sensitive"])("gives the verdict at %s, shows its rates and keeps it chosen", async (level) => {
    const response = await postForm("/ai-detector", { text: aiText, strictness: level }, freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain(`Verdict at ${labels[level]}`);
    expect(text).toMatch(
      /For texts of 40–79 words ?, measured on held-out sources: human texts wrongly flagged (not measured yet|[\d.]+%) ?, AI texts caught (not measured yet|[\d.]+%) ?\./,
    );
    expect(text).toMatch(
      /Flagged at (Strict|Balanced|Sensitive)[^.]*, not at [^.]*\.|Flagged as AI at every level \(Strict, Balanced and Sensitive\)\.|Not flagged as AI at any level/,
    );
    expect(radio(html, level)).toContain("checked");
    for (const other of ["strict", "balanced", "sensitive"].filter((candidate) => candidate !== level)) {
      expect(radio(html, other)).not.toContain("checked");
    }
    // The report form carries the level, so the report is scored at it too.
    expect(reportFormFields(html).strictness).toBe(level);
  });

  it("gives one text different verdicts at different levels, and a 'Mixed' answer says where it falls", async () => {
    // Assistant-like wording the trained model scores between Sensitive's line and Balanced's for its length.
    const between =
      "Remote work shapes how modern teams operate today. Organizations must leverage robust tools to navigate the complexities of distributed collaboration. Companies that embrace flexible schedules can unlock new opportunities, streamline operations, and foster innovation across 42 offices. Additionally, it is essential to recognize that remote work is not a one-size-fits-all solution; rather, it requires careful planning and a commitment to continuous improvement. In conclusion, embracing remote work unlocks the potential for seamless growth and lasting success for every team we have.";
    const at = async (strictness: string) =>
      visibleText(await (await postForm("/ai-detector", { text: between, strictness }, freshClient())).text());
    const balanced = await at("balanced");
    expect(balanced).toMatch(/Result \d+ % Mixed/);
    expect(balanced).toContain("Flagged at Sensitive, not at Balanced or Strict");
    const sensitive = await at("sensitive");
    expect(sensitive).toContain("Likely AI-written");
    expect(sensitive).toContain("Verdict at Sensitive");
  });

  it("answers an unknown level with 400, what to pick, and the text kept", async () => {
    const response = await postForm("/ai-detector", { text: `${aiText} keep-me-marker`, strictness: "paranoid" }, freshClient());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(visibleText(html)).toContain("Unknown strictness level. Pick one of: strict, balanced (the default), sensitive.");
    expect(html).toContain("keep-me-marker");
    expect(radio(html, "balanced")).toContain("checked");
    // Another field's error keeps the level chosen.
    const blank = await postForm("/ai-detector", { text: "  ", strictness: "sensitive" }, freshClient());
    expect(blank.status).toBe(400);
    const kept = await blank.text();
    expect(visibleText(kept)).toContain("Please enter the text to analyze.");
    expect(radio(kept, "sensitive")).toContain("checked");
  });

  it("reads a long uploaded document at the chosen level too", async () => {
    const long = textFile(Array.from({ length: 40 }, (_, index) => prose(index, 6)).join("\n\n"), { name: "long.txt" });
    const form = new FormData();
    form.set("text", "");
    form.set("strictness", "strict");
    form.set("document", asFile(long));
    const response = await postMultipart("/ai-detector", form, freshClient());
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    for (const shown of ["Section by section", "Verdict at Strict", "For texts of 500 words or more"]) expect(text).toContain(shown);
  });
});

describe("the API", () => {
  it("takes `strictness` as JSON and as multipart, and answers the reading: level, band, lines, rates, flaggedAt", async () => {
    const { key } = await apiSubscriber("pro");
    const plain = await callApi("detect", { key, body: { text: aiText } });
    expect(plain.status).toBe(200);
    expect(plain.json.strictness.level).toBe("balanced");

    for (const level of ["strict", "sensitive"]) {
      const { status, json } = await callApi("detect", { key, body: { text: aiText, strictness: level } });
      expect(status).toBe(200);
      const reading = json.strictness as Reading;
      expect(reading.level).toBe(level);
      expect(reading.band).toBe("40-79");
      expect(reading.lines.map((line) => line.level)).toEqual(["strict", "balanced", "sensitive"]);
      expect(json.verdict).toBe(verdictAt(reading, json.probability));
      expect(reading.flaggedAt).toEqual(
        reading.lines.filter((line) => json.probability / 100 >= line.likelyAiFrom).map((line) => line.level),
      );
    }

    const multipartAnswer = await callApi("detect", { key, form: multipart({ text: aiText, strictness: "strict" }) });
    expect(multipartAnswer.status).toBe(200);
    expect(multipartAnswer.json.strictness.level).toBe("strict");
  });

  it("answers an unknown level with a 400 problem naming the field and the allowed values", async () => {
    const { key } = await apiSubscriber("pro");
    for (const call of [{ body: { text: aiText, strictness: "extreme" } }, { form: multipart({ text: aiText, strictness: "extreme" }) }]) {
      const { status, json } = await callApi("detect", { key, ...call });
      expect(status).toBe(400);
      expect(json.errors.strictness).toBe("Unknown strictness level. Pick one of: strict, balanced (the default), sensitive.");
    }
  });

  it("documents `strictness` in the OpenAPI document, request and response", async () => {
    const document = await (await get("/api/v1/openapi.json")).json<any>();
    const text = JSON.stringify(document.paths["/detect"]);
    for (const documented of ['"strictness"', '"enum":["strict","balanced","sensitive"]', '"flaggedAt"', '"falsePositiveRate"']) {
      expect(text).toContain(documented);
    }
    // A batch takes the level in either body.
    const batch = document.paths["/detect/batch"].post.requestBody.content;
    for (const type of ["application/json", "multipart/form-data"]) {
      expect(batch[type].schema.properties.strictness.enum, type).toEqual(["strict", "balanced", "sensitive"]);
    }
    const docs = visibleText(await (await get("/docs/api")).text());
    expect(docs).toContain("strictness");
    expect(docs).toContain("one of strict, balanced, sensitive");
  });
});

describe("batch scans", () => {
  it("read every file at the level chosen on the form, and say so on the table and in the CSV", async () => {
    const { cookie } = await subscribe("basic");
    const page = await (await get("/ai-detector/batch", { headers: { cookie } })).text();
    expect(radio(page, "balanced")).toContain("checked");
    const form = new FormData();
    form.append("files", asFile(textFile([prose(3, 6), prose(4, 6)].join("\n\n"), { name: "one.txt" })));
    form.append("files", asFile(textFile([prose(5, 6), prose(6, 6)].join("\n\n"), { name: "two.txt" })));
    form.append("strictness", "sensitive");
    const response = await postMultipart("/ai-detector/batch", form, { cookie });
    expect(response.status, await response.clone().text()).toBe(303);
    const location = response.headers.get("location")!;
    const html = await (await get(location, { headers: { cookie } })).text();
    expect(visibleText(html)).toContain("2 of 2 files scanned · read at Sensitive");
    const csv = (await (await get(`${location}/results.csv`, { headers: { cookie } })).text()).split("\r\n");
    expect(csv[0]).toBe("file,words,verdict,strictness,ai_probability_percent,report,problem");
    expect(csv[1]).toMatch(/^one\.txt,\d+,[a-z-]+,sensitive,/);
    // Each file's report was read at that level.
    const reportId = html.match(/href="\/reports\/([0-9a-f]{32})"/)![1]!;
    const stored = await env.DB.prepare("SELECT result FROM reports WHERE id = ?").bind(reportId).first<string>("result");
    expect(JSON.parse(stored!).result.strictness.level).toBe("sensitive");
  });

  it("refuses an unknown level with 400 and what to pick, page and API", async () => {
    const { cookie } = await subscribe("basic");
    const form = new FormData();
    form.append("files", asFile(textFile(prose(7, 6), { name: "one.txt" })));
    form.append("strictness", "loose");
    const response = await postMultipart("/ai-detector/batch", form, { cookie });
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain(
      "Unknown strictness level. Pick one of: strict, balanced (the default), sensitive.",
    );

    const { key } = await apiSubscriber("pro");
    const json = await callApi("detect/batch", { key, body: { documents: [{ name: "a.txt", text: prose(8, 6) }], strictness: "loose" } });
    expect(json.status).toBe(400);
    expect(json.json.errors.strictness).toContain("Pick one of: strict, balanced (the default), sensitive.");
    const strict = await callApi("detect/batch", {
      key,
      body: { documents: [{ name: "a.txt", text: prose(9, 6) }], strictness: "strict" },
    });
    expect(strict.status).toBe(200);
    expect(strict.json.strictness).toBe("strict");
  });
});

describe("reports and receipts", () => {
  it("record the level and its line, show them on the page and the PDF, and sign them in a version 3 receipt", async () => {
    env.RECEIPT_SIGNING_KEY = signingKey;
    const { id, cookie, stored: storedResult } = await createReport({ text: aiText, strictness: "strict" });
    const stored = await storedResult();
    const reading = stored.result.strictness as Reading;
    expect(reading.level).toBe("strict");
    const line = reading.lines.find((candidate) => candidate.level === "strict")!;
    expect(stored.result.verdict).toBe(verdictAt(reading, stored.result.probability));

    const page = visibleText(await (await get(`/reports/${id}`, { headers: { cookie } })).text());
    const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
    const fact = `Strict: 'Likely AI' from ${percent(line.likelyAiFrom)}, 'Mixed' from ${percent(line.mixedFrom)} (the lines for texts of 40–79 words)`;
    expect(page).toContain(fact);
    expect(page).toContain("Verdict at Strict");
    const pdf = new Uint8Array(await (await get(`/reports/${id}/report.pdf`, { headers: { cookie } })).arrayBuffer());
    expect(String.fromCharCode(...pdf)).toContain("Strictness: Strict");

    const receipt = await (await get(`/reports/${id}/receipt.json`, { headers: { cookie } })).json<any>();
    const payload = JSON.parse(receipt.payload);
    expect(payload.v).toBe(3);
    expect(payload.strictness).toEqual({ level: "strict", band: "40-79", likelyAiFrom: line.likelyAiFrom, mixedFrom: line.mixedFrom });
    // Checked as a verifier outside the site would: node:crypto with the well-known JWK.
    const { keys } = await (await get("/.well-known/contentforge-receipt-keys.json")).json<{ keys: (JsonWebKey & { kid: string })[] }>();
    const publicKey = createPublicKey({ key: keys.find((key) => key.kid === receipt.keyId)! as any, format: "jwk" });
    const signature = Uint8Array.from(atob(receipt.signature), (char) => char.charCodeAt(0));
    expect(verify(null, new TextEncoder().encode(receipt.payload), publicKey, signature)).toBe(true);
    const changed = receipt.payload.replace('"level":"strict"', '"level":"sensitive"');
    expect(verify(null, new TextEncoder().encode(changed), publicKey, signature)).toBe(false);
    const docs = visibleText(await (await get("/docs/receipts")).text());
    expect(docs).toContain("v 3 and type");
    expect(docs).toContain('"strictness":{"level":"balanced","band":"200-499"');
  });

  it("a report made without a level is read at Balanced; one stored before levels shows no level", async () => {
    const { id, cookie, stored: storedResult } = await createReport({ text: aiText });
    const shown = async () => visibleText(await (await get(`/reports/${id}`, { headers: { cookie } })).text());
    // Made today without a level: read at the default, and says so.
    expect(await shown()).toContain("Verdict at Balanced");
    // As a row written before levels existed: its stored result has no `strictness`.
    const stored = await storedResult();
    expect(stored.result.strictness.level).toBe("balanced");
    delete stored.result.strictness;
    await env.DB.prepare("UPDATE reports SET result = ? WHERE id = ?").bind(JSON.stringify(stored), id).run();
    const page = await shown();
    expect(page).toContain("Verdict");
    expect(page).not.toContain("Verdict at");
    expect(page).not.toContain("Strictness");
  });
});
