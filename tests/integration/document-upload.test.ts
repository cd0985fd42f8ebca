import { describe, expect, it } from "vitest";
import { asFile, docx, pngNamedPdf, scannedPdf, textFile, textPdf, type FixtureFile } from "../support/document-fixtures";
import { freshClient, postClaimingMegabytes, postMultipart, visibleText } from "./helpers";

// The detector's and the humanizer's forms with a document, as a browser without JavaScript sends
// them (multipart): the page that comes back, with its verdict, its sections or the refusal beside
// the file field, and whatever was typed kept.

function postDocument(path: string, fields: Record<string, string>, file?: FixtureFile) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("document", file ? asFile(file) : new File([], "", { type: "application/octet-stream" }));
  return postMultipart(path, form, freshClient());
}

const humanProse =
  "I moved to Leeds in 2019 for a job that lasted eight months. The flat had a boiler that clanked every morning at six, and the landlord never once answered the phone. " +
  "Still, I liked the walk along the canal, the bakery that sold out of cheese scones by nine, and the neighbour who left tomatoes on the step all summer. ";

describe("the detector reads a document", () => {
  it("runs a document that fits the box as pasted text, and puts its text back in the box", async () => {
    const file = textFile(humanProse.repeat(2), { name: "diary.txt" });
    const response = await postDocument("/ai-detector", { text: "" }, file);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Analysis Result");
    expect(html).toMatch(/<textarea[^>]*>I moved to Leeds in 2019/);
    expect(visibleText(html)).toMatch(/AI Probability: \d+%/);
  });

  it("scores a long PDF section by section, naming its pages", async () => {
    const pdf = textPdf({ pages: 12, paragraphsPerPage: 4, name: "report.pdf" });
    const response = await postDocument("/ai-detector", { text: "" }, pdf);
    expect(response.status).toBe(200);
    const text = visibleText(await response.text());
    expect(text).toContain("Section by section");
    expect(text).toMatch(/report\.pdf\s*:\s*PDF\s*,\s*12 pages\s*,\s*[\d,]+ words in \d+ section/);
    expect(text).toMatch(/Pages? 1(–\d+)? [\d,]+ /);
    expect(text).toMatch(/Pages? (\d+–)?12 /);
    expect(text).toMatch(/AI Probability: \d+%/);
  });

  it("reads a DOCX", async () => {
    const file = docx({ pages: 1, name: "essay.docx" });
    const response = await postDocument("/ai-detector", { text: "" }, file);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Analysis Result");
  });

  it("refuses a scanned PDF beside the file field, keeping the typed text", async () => {
    const response = await postDocument("/ai-detector", { text: "What I typed stays." }, scannedPdf(2));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="detector-document-error"[^>]*>This PDF has no text to read: it looks scanned/);
    expect(html).toMatch(/<textarea[^>]*>What I typed stays\.<\/textarea>/);
    expect(html).not.toContain("Analysis Result");
  });

  it("refuses a PNG named .pdf by what its bytes are", async () => {
    const response = await postDocument("/ai-detector", { text: "" }, pngNamedPdf());
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("This file is named .pdf but it is a PNG image");
  });

  it("answers a file over the limit with the page and the message, not an error page", async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="text"\r\n\r\nKept text\r\n--b--\r\n';
    const response = await postClaimingMegabytes("/ai-detector", 11, body, freshClient());
    expect(response.status).toBe(413);
    const html = await response.text();
    expect(visibleText(html)).toContain("This file is larger than 10 MB");
    expect(html).toMatch(/<textarea[^>]*>Kept text<\/textarea>/);
  });

  it("treats an empty file field as no document: the pasted text is analysed", async () => {
    const response = await postDocument("/ai-detector", { text: humanProse });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Analysis Result");
  });

  it("ignores a text field posing as the document's name", async () => {
    const form = new FormData();
    form.set("text", humanProse);
    form.set("document", "forged.pdf");
    const response = await postMultipart("/ai-detector", form, freshClient());
    expect(response.status).toBe(200);
    expect(visibleText(await response.text())).not.toContain("forged.pdf");
  });
});

describe("the humanizer reads a document", () => {
  it("rewrites a document that fits, with its text in the Original box", async () => {
    const response = await postDocument("/ai-humanizer", { tone: "professional" }, textFile(humanProse, { name: "notes.md" }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<textarea[^>]*>I moved to Leeds in 2019/);
    expect(visibleText(html)).toContain("Humanized Version");
  });

  it("refuses a document longer than one rewrite, saying how long it is", async () => {
    const pdf = textPdf({ pages: 12, paragraphsPerPage: 4 });
    const response = await postDocument("/ai-humanizer", { tone: "professional", text: "typed" }, pdf);
    expect(response.status).toBe(400);
    const text = visibleText(await response.text());
    expect(text).toMatch(/This document has [\d,]+ characters; the humanizer rewrites up to 10,000 at a time/);
  });
});
