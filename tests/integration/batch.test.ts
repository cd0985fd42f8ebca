import { env, exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asFile, docx, pngNamedPdf, prose, scannedPdf, textFile, textPdf, type FixtureFile } from "../support/document-fixtures";
import { apiExamples } from "~/content/api-examples";
import { apiSubscriber, callApi, multipart } from "./api-helpers";
import {
  exportedData,
  fakeStripe,
  freshClient,
  get,
  origin,
  postClaimingMegabytes,
  postForm,
  postMultipart,
  subscribe,
  visibleText,
} from "./helpers";

// Batch scans on the site, as a browser sends them with or without JavaScript (one multipart post
// of up to 20 'files'): the table, its sort and its CSV, a report per scanned file, a bad file's
// own row, and the detector's quota charged per file scanned, exactly, also under concurrent batches.

beforeAll(() => fakeStripe.use());
afterAll(() => fakeStripe.off());

function postBatch(files: FixtureFile[], cookie?: string) {
  const form = new FormData();
  for (const file of files) form.append("files", asFile(file));
  return postMultipart("/ai-detector/batch", form, { ...freshClient(), ...(cookie ? { cookie } : {}) });
}

const essay = (seed: number, name: string) =>
  textFile(Array.from({ length: 4 }, (_, index) => prose(seed + index, 6)).join("\n\n"), { name });

async function usedScans(customerId: string): Promise<number> {
  return (
    (await env.DB.prepare("SELECT used FROM usage WHERE customer_id = ? AND tool = 'detector'").bind(customerId).first<number>("used")) ?? 0
  );
}

/** The table's rows as the page shows them: the file's name and the rest of the row's text. */
function tableRows(html: string): string[] {
  const body = html.match(/<tbody[^>]*>([\s\S]*?)<\/tbody>/)![1]!;
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row]) => visibleText(row!).trim());
}

describe("the batch page", () => {
  it("tells a visitor what a batch is and where to get one, and refuses a visitor's post", async () => {
    const page = await get("/ai-detector/batch");
    expect(page.status).toBe(200);
    const shown = visibleText(await page.text());
    expect(shown).toContain("Scan many documents at once");
    expect(shown).toContain("Batch scans come with a plan.");
    expect(shown).toContain("Up to 20 files (PDF, DOCX, TXT or Markdown), 20 MB in all");
    expect(shown).toContain("See the plans");
    expect(shown).toContain("Sign in");

    const refused = await postBatch([essay(1, "a.txt")]);
    expect(refused.status).toBe(403);
    expect(visibleText(await refused.text())).toContain("Batch scans come with a plan: sign in, or choose one on the pricing page.");
  });

  it("scans good files into reports, gives a bad file its own row uncharged, charges exactly the files scanned", async () => {
    const { cookie, customerId, email } = await subscribe("basic");
    const files = [
      textPdf({ pages: 2, name: "ana.pdf" }),
      docx({ pages: 1, name: "ben.docx" }),
      scannedPdf(1),
      textPdf({ pages: 12, paragraphsPerPage: 4, name: "long-carla.pdf" }),
      pngNamedPdf(),
      essay(40, "dan.txt"),
      docx({ pages: 2, name: "eva.docx" }),
    ];
    const before = await usedScans(customerId);
    const response = await postBatch(files, cookie);
    expect(response.status, await response.clone().text()).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/ai-detector\/batch\/[0-9a-f]{32}$/);
    expect(await usedScans(customerId)).toBe(before + 5);

    const page = await get(location, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    const rows = tableRows(html);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatch(/^ana\.pdf [\d,]+ (Likely AI|Mixed|Likely human|Too short)/);
    expect(rows[2]).toContain("Not scanned: This PDF has no text to read: it looks scanned.");
    expect(rows[4]).toContain("Not scanned: This file is named .pdf but it is a PNG image");
    expect(visibleText(html)).toContain("5 of 7 files scanned");

    // Each scanned row opens its report, which names the file; the long one's has its sections.
    const reportIds = [...html.matchAll(/href="\/reports\/([0-9a-f]{32})"/g)].map(([, id]) => id!);
    expect(reportIds).toHaveLength(5);
    const stored = await env.DB.prepare("SELECT id FROM reports WHERE email = ?").bind(email).all<{ id: string }>();
    expect(stored.results.map((row) => row.id).sort()).toEqual([...reportIds].sort());
    const long = visibleText(await (await get(`/reports/${reportIds[2]}`, { headers: { cookie } })).text());
    expect(long).toContain("long-carla.pdf");
    expect(long).toContain("Section by section");

    // The batch is listed on the page for its owner, and is nobody else's.
    expect(visibleText(await (await get("/ai-detector/batch", { headers: { cookie } })).text())).toContain("5 of 7 files scanned");
    const stranger = await subscribe("basic");
    expect((await get(location, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await get(`${location}/results.csv`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    expect((await get(`${location}/results.csv`)).status).toBe(404);
  });

  it("sorts by links (problems last) and downloads a formula-safe CSV", async () => {
    const { cookie } = await subscribe("basic");
    const files = [
      essay(7, "=HYPERLINK(evil).txt"),
      essay(8, "+plus.txt"),
      essay(9, "-minus, with a comma.txt"),
      essay(10, "@at.txt"),
      scannedPdf(1),
    ];
    const response = await postBatch(files, cookie);
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;

    const byName = tableRows(await (await get(`${location}?sort=file&dir=asc`, { headers: { cookie } })).text()).map(
      (row) => row.split(" ")[0],
    );
    expect(byName).toEqual(["+plus.txt", "-minus,", "=HYPERLINK(evil).txt", "@at.txt", "scan.pdf"]);
    const probabilities = (html: string) =>
      tableRows(html)
        .map((row) => row.match(/(\d+)%$/)?.[1])
        .filter(Boolean)
        .map(Number);
    const descending = probabilities(await (await get(`${location}?sort=probability&dir=desc`, { headers: { cookie } })).text());
    expect(descending).toHaveLength(4);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    const ascendingPage = await (await get(`${location}?sort=probability&dir=asc`, { headers: { cookie } })).text();
    expect(probabilities(ascendingPage)).toEqual([...descending].reverse());
    expect(tableRows(ascendingPage).at(-1)).toContain("Not scanned");
    expect(ascendingPage).toMatch(
      /aria-sort="ascending"[^>]*><a[^>]*href="\/ai-detector\/batch\/[0-9a-f]{32}\?sort=probability&amp;dir=desc"/,
    );

    const csv = await get(`${location}/results.csv`, { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(
      /^attachment; filename="contentforge-batch-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv"$/,
    );
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("file,words,verdict,strictness,ai_probability_percent,report,problem");
    expect(lines[1]).toMatch(
      /^'=HYPERLINK\(evil\)\.txt,\d+,(likely-ai|mixed|likely-human),balanced,\d+,http:\/\/127\.0\.0\.1\/reports\/[0-9a-f]{32},$/,
    );
    expect(lines[2]).toMatch(/^'\+plus\.txt,/);
    expect(lines[3]).toMatch(/^"'-minus, with a comma\.txt",/);
    expect(lines[4]).toMatch(/^'@at\.txt,/);
    expect(lines[5]).toMatch(
      /^scan\.pdf,,,,,,"This PDF has no text to read: it looks scanned\. Run it through text recognition \(OCR\) first, or paste the text instead\."$/,
    );
    expect(lines[6]).toBe("");
  });

  it("charges exactly the quota left under two concurrent batches, and refuses a batch larger than what is left before scanning", async () => {
    const { cookie, customerId, email } = await subscribe("basic");
    expect((await postBatch([essay(20, "first.txt")], cookie)).status).toBe(303);
    await env.DB.prepare("UPDATE usage SET used = 97 WHERE customer_id = ? AND tool = 'detector'").bind(customerId).run();
    // Said before sending.
    expect(visibleText(await (await get("/ai-detector/batch", { headers: { cookie } })).text())).toContain(
      "You have 3 scans left this period; a batch larger than that is not scanned.",
    );

    const tooMany = await postBatch(
      [1, 2, 3, 4, 5].map((n) => essay(30 + n, `s${n}.txt`)),
      cookie,
    );
    expect(tooMany.status).toBe(429);
    expect(visibleText(await tooMany.text())).toContain(
      "This batch has 5 files to scan, and your Basic plan has 3 AI Detection scans left this period. Nothing was scanned or charged: remove 2 files and send the batch again, or upgrade your plan.",
    );
    expect(await usedScans(customerId)).toBe(97);

    const batch = (seed: number) => [1, 2, 3].map((n) => essay(seed + n, `c${seed + n}.txt`));
    const answers = await Promise.all([postBatch(batch(100), cookie), postBatch(batch(200), cookie)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([303, 429]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(visibleText(await refused.text())).toContain("You have used all 100 scans of AI Detection in your Basic plan for this period.");
    expect(await usedScans(customerId)).toBe(100);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM reports WHERE email = ?").bind(email).first("n")).toBe(1 + 3);
  });

  it("refuses too many files, none, and a body over the limit with a message, never a 500", async () => {
    const { cookie } = await subscribe("basic");
    const many = await postBatch(
      Array.from({ length: 21 }, (_, index) => essay(index, `f${index}.txt`)),
      cookie,
    );
    expect(many.status).toBe(400);
    expect(visibleText(await many.text())).toContain("A batch takes up to 20 files; you chose 21. Remove 1 and send it again.");

    const none = await postBatch([], cookie);
    expect(none.status).toBe(400);
    expect(visibleText(await none.text())).toContain("Choose the files to scan");

    const huge = await postClaimingMegabytes("/ai-detector/batch", 25, "--b--\r\n", { cookie });
    expect(huge.status).toBe(413);
    expect(visibleText(await huge.text())).toContain("This batch is too large: the files may be 20 MB in all.");
  });
});

describe("POST /api/v1/detect/batch", () => {
  it("takes multipart files: each file's report or problem, in order, charged per file scanned; the report is the key's account's", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const before = await usedScans(customerId);
    const pdf = textPdf({ pages: 12, paragraphsPerPage: 4, name: "long.pdf" });
    const form = multipart({ files: { bytes: pdf.bytes, name: pdf.name, type: pdf.type } });
    for (const file of [docx({ pages: 1, name: "b.docx" }), scannedPdf(1)]) form.append("files", asFile(file));
    const answer = await callApi("detect/batch", { key, form });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.files).toBe(3);
    expect(answer.json.scanned).toBe(2);
    expect(answer.json.url).toBe(`${origin}/ai-detector/batch/${answer.json.id}`);
    const [long, word, scan] = answer.json.results;
    expect(long).toMatchObject({ name: "long.pdf", problem: null });
    expect(["likely-ai", "mixed", "likely-human"]).toContain(long.verdict);
    expect(long.report.url).toBe(`${origin}/reports/${long.report.id}`);
    expect(word.name).toBe("b.docx");
    expect(scan).toMatchObject({ name: "scan.pdf", words: null, verdict: null, probability: null, report: null });
    expect(scan.problem).toContain("This PDF has no text to read");
    expect(await usedScans(customerId)).toBe(before + 2);

    const report = await callApi(`reports/${long.report.id}`, { key });
    expect(report.status).toBe(200);
    expect(report.json.file).toEqual({ name: "long.pdf", kind: "pdf", pages: 12 });
    expect(report.json.result.document.sections.length).toBeGreaterThan(1);
    expect(report.json.result.probability).toBe(long.probability);
  });

  it("takes JSON documents (the docs example), and refuses a bad body with a problem saying what to fix", async () => {
    const { key } = await apiSubscriber("pro");
    const example = apiExamples.find((entry) => entry.name === "detect/batch")!;
    const answer = await callApi("detect/batch", { key, body: example.body });
    expect(answer.status).toBe(200);
    expect(answer.json.results.map((result: { name: string }) => result.name)).toEqual(["essay-1.txt", "essay-2.txt"]);
    expect(answer.json.scanned).toBe(2);

    const empty = await callApi("detect/batch", { key, body: { documents: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toBe("Send at least one document.");
    const tooMany = await callApi("detect/batch", {
      key,
      body: { documents: Array.from({ length: 21 }, (_, index) => ({ name: `d${index}.txt`, text: "Some words here." })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.detail).toBe("A batch takes up to 20 documents.");
    const plain = await callApi("detect/batch", { key, rawBody: "documents", headers: { "content-type": "text/plain" } });
    expect(plain.status).toBe(415);
  });

  it("scans up to the batch's 1,000,000 characters and says which documents were past it, uncharged", async () => {
    const { key, customerId } = await apiSubscriber("pro");
    const long = (seed: number) => {
      const paragraphs: string[] = [];
      for (let index = 0; paragraphs.join("\n\n").length < 190_000; index++) paragraphs.push(prose(seed * 1000 + index, 6));
      return paragraphs.join("\n\n").slice(0, 190_000);
    };
    const before = await usedScans(customerId);
    const documents = Array.from({ length: 6 }, (_, index) => ({ name: `long-${index}.txt`, text: long(index + 1) }));
    const answer = await callApi("detect/batch", { key, body: { documents } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.scanned).toBe(5);
    expect(answer.json.results[5].problem).toBe(
      "The batch's text limit (1,000,000 characters) was reached before this file. It was not scanned or charged: send it in another batch.",
    );
    expect(answer.json.results[0].report).not.toBeNull();
    expect(await usedScans(customerId)).toBe(before + 5);
  });
});

describe("a batch's lifetime", () => {
  it("is in 'Export my data', expires with the retention cron, and goes with the account", async () => {
    const { cookie, email } = await subscribe("basic");
    const location = (await postBatch([essay(500, "kept.txt"), scannedPdf(1)], cookie)).headers.get("location")!;
    const id = location.split("/").pop()!;

    const data = await exportedData(cookie);
    expect(data.batches).toEqual([
      expect.objectContaining({
        id,
        files: 2,
        scanned: 1,
        rows: [expect.objectContaining({ name: "kept.txt", problem: null }), expect.objectContaining({ name: "scan.pdf", reportId: null })],
      }),
    ]);
    expect(data.reports[0].file).toEqual({ name: "kept.txt", kind: "txt" });

    // Past its time the table is gone at once, and the cron deletes the row.
    await env.DB.prepare("UPDATE batches SET expires_at = 1 WHERE id = ?").bind(id).run();
    expect((await get(location, { headers: { cookie } })).status).toBe(404);
    await (exports.default as unknown as { scheduled(options: { cron: string; scheduledTime: Date }): Promise<unknown> }).scheduled({
      cron: "17 * * * *",
      scheduledTime: new Date(),
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM batches WHERE id = ?").bind(id).first("n")).toBe(0);

    await postBatch([essay(501, "second.txt")], cookie);
    expect((await postForm("/account/delete", { confirmEmail: email }, { cookie })).status).toBe(200);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM batches WHERE email = ?").bind(email).first("n")).toBe(0);
  });
});
