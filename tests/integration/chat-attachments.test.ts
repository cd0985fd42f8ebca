import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { countWords } from "~/server/documents/paragraphs.server";
import {
  asFile,
  docx,
  encryptedPdf,
  pngNamedPdf,
  scannedPdf,
  textFile,
  textPdf,
  zipBomb,
  type FixtureFile,
} from "../support/document-fixtures";
import { landscapePng } from "../support/rgb-png.mjs";
import { apiSubscriber, callApi, multipart, sseEvents } from "./api-helpers";
import { freshClient, get, postClaimingMegabytes, postForm, postMultipart, subscribe, visibleText } from "./helpers";
import { carriedHistory, chatFields } from "./chat-helpers";
import { withFakeStripe } from "./each-test";

// Files on chat messages: the page's form as a browser without JavaScript posts it (multipart to
// the page's action), the stream the page uses with JavaScript (multipart to /api/chat), and the
// developer API. The offline engine answers, naming what it received and saying it cannot read it.

type Fields = Record<string, string>;
type Ref = { id: string; kind: string; name: string; bytes: number; words?: number; pages?: number; width?: number; height?: number };

function chatForm(fields: Fields, files: FixtureFile[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (files.length === 0) form.append("files", new File([], "", { type: "application/octet-stream" }));
  for (const file of files) form.append("files", asFile(file));
  return form;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("__Host-chat-files="))
    ?.split(";")[0];

/** NDJSON lines of /api/chat. */
async function events(response: Response): Promise<any[]> {
  return (await response.text())
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}
const replyOf = (lines: any[]) => lines.flatMap((line) => (line.type === "token" ? [line.text] : [])).join("");

/** A GIF of `frames` 1 × 1 frames (one frame: a still image). */
function gif(frames = 1, name = "still.gif"): FixtureFile {
  const frame = [0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00];
  const bytes = Uint8Array.from([
    // GIF89a, 3 × 2 with a global table of two colours (black, white), the frames, the trailer
    0x47,
    0x49,
    0x46,
    0x38,
    0x39,
    0x61,
    3,
    0,
    2,
    0,
    0x80,
    0,
    0,
    0,
    0,
    0,
    255,
    255,
    255,
    ...Array.from({ length: frames }, () => frame).flat(),
    0x3b,
  ]);
  return { name, type: "image/gif", bytes };
}

describe("a file on a chat message, without JavaScript", () => {
  it("answers a PDF with its name, size, pages and words, and says the offline engine cannot read it", async () => {
    const pdf = textPdf({ pages: 3, paragraphsPerPage: 2, name: "quarterly-report.pdf" });
    const words = countWords(pdf.paragraphs.map((paragraph) => paragraph.text).join("\n\n"));
    const response = await postMultipart("/conversational-ai", chatForm(chatFields("What does the report say?"), [pdf]), freshClient());
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("You attached one file. The offline demo engine received it, but it cannot read or understand what is in it");
    expect(text).toMatch(
      new RegExp(
        `quarterly-report\\.pdf : [\\d.]+ KB, 3 pages, ${words.toLocaleString("en-US")} words\\. It begins: “${pdf.paragraphs[0]!.text.slice(0, 20)}`,
      ),
    );
    // The message shows its file as a chip, and the conversation carries its id, not its text.
    expect(text).toMatch(/quarterly-report\.pdf [\d.]+ KB, 3 pages, [\d,]+ words/);
    const [question] = carriedHistory(html);
    expect(question?.attachments).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        kind: "document",
        name: "quarterly-report.pdf",
        bytes: pdf.bytes.length,
        words,
        pages: 3,
      },
    ]);
    expect(JSON.stringify(carriedHistory(html))).not.toContain(pdf.paragraphs[1]!.text.slice(0, 30));
    // A visitor's files belong to a cookie of this browser, which the cookies page lists.
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith("__Host-chat-files="));
    expect(cookie).toMatch(/^__Host-chat-files=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=86400; HttpOnly; Secure; SameSite=Lax$/);
    expect(visibleText(await (await get("/cookies")).text())).toContain("__Host-chat-files");
  });

  it("reads the file again for a follow-up, for its owner", async () => {
    const client = freshClient();
    const first = await postMultipart(
      "/conversational-ai",
      chatForm(chatFields("Summarise this."), [docx({ name: "notes.docx" })]),
      client,
    );
    const html = await first.text();
    const cookie = cookieOf(first)!;
    const followUp = await postMultipart(
      "/conversational-ai",
      chatForm(chatFields("And the second point?", { history: carriedHistory(html) }), []),
      {
        ...client,
        cookie,
      },
    );
    expect(followUp.status).toBe(200);
    expect(visibleText(await followUp.text())).toContain(
      "Earlier in this conversation you attached notes.docx . The offline demo engine still receives it with every message",
    );
  });

  it("refuses a file of someone else's conversation", async () => {
    const owner = await postMultipart(
      "/conversational-ai",
      chatForm(chatFields("Read this."), [textFile("one two three", { name: "mine.txt" })]),
      freshClient(),
    );
    const history = carriedHistory(await owner.text());
    const stranger = await postMultipart("/conversational-ai", chatForm(chatFields("What did they send?", { history }), []), {
      ...freshClient(),
      cookie: `__Host-chat-files=${"A".repeat(43)}`,
    });
    expect(stranger.status).toBe(400);
    const html = await stranger.text();
    expect(html).toMatch(/id="chat-files-error"[^>]*>The file &quot;mine\.txt&quot; in this conversation is not yours to send/);
    expect(html).toMatch(/<textarea[^>]*>What did they send\?<\/textarea>/);
  });

  it("refuses a scanned PDF beside the file field, keeping the typed message", async () => {
    const response = await postMultipart(
      "/conversational-ai",
      chatForm(chatFields("Is this scan readable?"), [scannedPdf(1)]),
      freshClient(),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="chat-files-error"[^>]*>This PDF has no text to read: it looks scanned/);
    expect(html).toMatch(/<textarea[^>]*>Is this scan readable\?<\/textarea>/);
    expect(visibleText(html)).not.toContain("simulated response");
  });

  for (const [what, file, message] of [
    ["a password-protected PDF", encryptedPdf(), /^This PDF is password-protected/],
    ["a PNG named .pdf", pngNamedPdf(), /^This file is named \.pdf but it is a PNG image: upload the PDF file itself\.$/],
    [
      "a PDF named .png",
      { ...textPdf({ pages: 1 }), name: "photo.png", type: "image/png" },
      /^This file is named \.png but it is a PDF: upload the PNG file itself\.$/,
    ],
    [
      "a zip bomb named .docx",
      { ...zipBomb(), name: "bomb.docx" },
      /^This DOCX unpacks to far more data than a document of its size holds/,
    ],
    ["an empty file", textFile("", { name: "empty.txt" }), /^This file is empty/],
  ] as [string, FixtureFile, RegExp][]) {
    it(`refuses ${what} beside the file field`, async () => {
      const response = await postMultipart("/conversational-ai", chatForm(chatFields("Still here?"), [file]), freshClient());
      expect(response.status).toBe(400);
      const html = await response.text();
      const said = /id="chat-files-error"[^>]*>([^<]*)</
        .exec(html)?.[1]
        ?.replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"');
      expect(said).toMatch(message);
      expect(html).toMatch(/<textarea[^>]*>Still here\?<\/textarea>/);
    });
  }

  it("keeps a very long file name to 255 characters", async () => {
    const name = `${"long".repeat(2_500)}.txt`;
    const response = await postMultipart(
      "/conversational-ai",
      chatForm(chatFields("Long name"), [textFile("some words", { name })]),
      freshClient(),
    );
    expect(response.status).toBe(200);
    const [question] = carriedHistory(await response.text());
    expect(question?.attachments?.[0]?.name).toBe(name.slice(0, 255));
  });

  it("refuses a fifth file on one message", async () => {
    const files = Array.from({ length: 5 }, (_, index) => textFile(`note ${index}`, { name: `note-${index}.txt` }));
    const response = await postMultipart("/conversational-ai", chatForm(chatFields("Five notes"), files), freshClient());
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/id="chat-files-error"[^>]*>Attach at most 4 files to one message \(you chose 5\)\./);
  });

  it("answers files over the limit with the page, the message beside the field and what was typed", async () => {
    const response = await postClaimingMegabytes(
      "/conversational-ai",
      12,
      '--b\r\nContent-Disposition: form-data; name="message"\r\n\r\nKept question\r\n' +
        '--b\r\nContent-Disposition: form-data; name="assistant"\r\n\r\ngeneral\r\n--b--\r\n',
      freshClient(),
    );
    expect(response.status).toBe(413);
    const html = await response.text();
    expect(html).toMatch(/id="chat-files-error"[^>]*>These files are too large: a message&#x27;s files may be 10 MB together/);
    expect(html).toMatch(/<textarea[^>]*>Kept question<\/textarea>/);
  });

  it("keeps the conversation's files to ten", async () => {
    const client = freshClient();
    const first = await postMultipart("/conversational-ai", chatForm(chatFields("One"), [textFile("a b c", { name: "a.txt" })]), client);
    const history = carriedHistory(await first.text());
    // Ten refs of the same file plus one new file: over the conversation's limit, before anything is stored.
    history[0]!.attachments = Array.from({ length: 10 }, () => history[0]!.attachments![0]!);
    const response = await postMultipart(
      "/conversational-ai",
      chatForm(chatFields("Eleven", { history }), [textFile("d", { name: "d.txt" })]),
      {
        ...client,
        cookie: cookieOf(first)!,
      },
    );
    expect(response.status).toBe(400);
    expect(visibleText(await response.text())).toContain("A conversation carries at most 10 files");
  });
});

describe("a file on a chat message, with JavaScript (/api/chat)", () => {
  it("streams the stored files' ids first, then the reply naming a DOCX", async () => {
    const file = docx({ name: "brief.docx" });
    const response = await postMultipart("/api/chat", chatForm(chatFields("Anything to fix?"), [file]), freshClient());
    expect(response.status).toBe(200);
    const lines = await events(response);
    expect(lines[0]).toEqual({
      type: "attachments",
      attachments: [
        {
          id: expect.stringMatching(/^[0-9a-f]{32}$/),
          kind: "document",
          name: "brief.docx",
          bytes: file.bytes.length,
          words: expect.any(Number),
        },
      ],
    });
    expect(replyOf(lines)).toMatch(/\*\*brief\.docx\*\*: [\d.]+ KB, [\d,]+ words\. It begins: “/);
    expect(lines.at(-1).type).toBe("done");
  });

  it("takes images by their bytes: a PNG and a still GIF with their pixels; an animated GIF is refused", async () => {
    const png: FixtureFile = { name: "chart.png", type: "image/png", bytes: new Uint8Array(landscapePng(240, 160)) };
    const lines = await events(await postMultipart("/api/chat", chatForm(chatFields("What is in these?"), [png, gif()]), freshClient()));
    expect(lines[0].attachments.map((file: Ref) => [file.kind, file.name, file.width, file.height])).toEqual([
      ["image", "chart.png", 240, 160],
      ["image", "still.gif", 3, 2],
    ]);
    const reply = replyOf(lines);
    expect(reply).toContain("You attached 2 files.");
    expect(reply).toMatch(/\*\*chart\.png\*\*: PNG image, [\d.]+ K?B, 240 × 160 pixels\. The offline engine cannot see images\./);
    expect(reply).toContain(`**still.gif**: GIF image, ${gif().bytes.length} B, 3 × 2 pixels.`);

    const refused = await postMultipart("/api/chat", chatForm(chatFields("And this?"), [gif(2, "moving.gif")]), freshClient());
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: "Animated GIF images cannot be attached: choose a still image.",
      fieldErrors: { files: "Animated GIF images cannot be attached: choose a still image." },
    });
  });

  it("regenerates an answer with the question's files", async () => {
    const client = freshClient();
    const first = await postMultipart(
      "/conversational-ai",
      chatForm(chatFields("Read it"), [textFile("alpha beta gamma", { name: "greek.txt" })]),
      client,
    );
    const history = carriedHistory(await first.text());
    const again = await postMultipart("/api/chat", chatForm({ ...chatFields("", { history }), intent: "regenerate" }, []), {
      ...client,
      cookie: cookieOf(first)!,
    });
    expect(again.status).toBe(200);
    const lines = await events(again);
    expect(lines[0]).toEqual({ type: "attachments", attachments: history[0]!.attachments });
    expect(replyOf(lines)).toContain("**greek.txt**: 16 B, 3 words. It begins: “alpha beta gamma”");
  });
});

describe("files on the developer API's chat", () => {
  const choices = { assistant: "general", tone: "professional" };
  withFakeStripe();

  it("takes files as multipart parts named 'files' and answers with their refs", async () => {
    const { key } = await apiSubscriber();
    const pdf = textPdf({ pages: 2, name: "spec.pdf" });
    const form = multipart({
      ...choices,
      message: "Summarise the spec",
      history: "[]",
      files: { bytes: pdf.bytes, name: "spec.pdf", type: "application/pdf" },
    });
    const { status, json } = await callApi("chat", { key, form });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.attachments).toEqual([expect.objectContaining({ kind: "document", name: "spec.pdf", pages: 2 })]);
    expect(json.message.content).toMatch(/\*\*spec\.pdf\*\*: [\d.]+ KB, 2 pages, [\d,]+ words\./);

    // A follow-up names the file by its ref in the history, as JSON, and streams.
    const history = [
      { role: "user", content: "Summarise the spec", attachments: json.attachments },
      { role: "assistant", content: json.message.content },
    ];
    const followUp = await callApi("chat", { key, body: { ...choices, message: "And page two?", history, stream: true } });
    expect(followUp.status).toBe(200);
    const reply = sseEvents(followUp.text).find((event) => event.event === "message")!.data.message.content;
    expect(reply).toContain("Earlier in this conversation you attached **spec.pdf**.");
  });

  it("refuses a bad file as a problem document naming the field", async () => {
    const { key } = await apiSubscriber();
    const scan = scannedPdf(1);
    const { status, json } = await callApi("chat", {
      key,
      form: multipart({ ...choices, message: "Read", files: { bytes: scan.bytes, name: "scan.pdf", type: "application/pdf" } }),
    });
    expect(status).toBe(400);
    expect(json.type).toBe("/docs/api#problem-invalid-request");
    expect(json.errors.files).toMatch(/^This PDF has no text to read: it looks scanned/);
  });

  it("refuses another account's file", async () => {
    const first = await apiSubscriber();
    const second = await apiSubscriber();
    const sent = await callApi("chat", {
      key: first.key,
      form: multipart({
        ...choices,
        message: "Mine",
        files: { bytes: new TextEncoder().encode("private words"), name: "private.txt", type: "text/plain" },
      }),
    });
    const history = [{ role: "user", content: "Mine", attachments: sent.json.attachments }];
    const { status, json } = await callApi("chat", { key: second.key, body: { ...choices, message: "Theirs?", history } });
    expect(status).toBe(400);
    expect(json.errors.files).toBe(
      'The file "private.txt" in this conversation is not yours to send: clear the chat and attach your own files.',
    );
    // What is stored is the text, for a day, and says whose it is only as a hash.
    const stored = await env.MEDIA.get(`chat-files/${sent.json.attachments[0].id}`);
    expect(await stored!.text()).toBe("private words");
    const expires = Date.parse(stored!.customMetadata!.expiresAt!) - Date.now();
    expect(expires).toBeGreaterThan(23.9 * 3600 * 1000);
    expect(expires).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(stored!.customMetadata!.owner).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored!.customMetadata)).not.toContain(first.email);
  });
});

describe("what becomes of the files", () => {
  withFakeStripe();

  it("the hourly sweep deletes files a day old and keeps newer ones", async () => {
    const { sweepExpiredData } = await import("~/server/workspace/retention-sweep.server");
    const past = new Date(Date.now() - 1000).toISOString();
    await env.MEDIA.put("chat-files/0000000000000000000000000000dead", "old text", {
      customMetadata: { owner: "x", expiresAt: past, ref: "{}" },
    });
    const sent = await postMultipart(
      "/api/chat",
      chatForm(chatFields("Keep this"), [textFile("fresh words", { name: "fresh.txt" })]),
      freshClient(),
    );
    const [fresh] = (await events(sent))[0].attachments as Ref[];
    expect((await sweepExpiredData()).chatFiles).toBeGreaterThanOrEqual(1);
    expect(await env.MEDIA.head("chat-files/0000000000000000000000000000dead")).toBeNull();
    expect(await env.MEDIA.head(`chat-files/${fresh!.id}`)).not.toBeNull();
  });

  it("deleting the account deletes its files", async () => {
    const { cookie, email } = await subscribe("pro");
    const sent = await postMultipart("/api/chat", chatForm(chatFields("Mine"), [textFile("account words", { name: "account.txt" })]), {
      cookie,
    });
    const [file] = (await events(sent))[0].attachments as Ref[];
    expect(await env.MEDIA.head(`chat-files/${file!.id}`)).not.toBeNull();
    const deleted = await postForm("/account/delete", { confirmEmail: email }, { cookie });
    expect(deleted.status).toBe(200);
    expect(await env.MEDIA.head(`chat-files/${file!.id}`)).toBeNull();
  });

  it("a shared conversation names its files, and carries a document's text only when its owner includes it", async () => {
    const { cookie } = await subscribe("pro");
    const sent = await postMultipart(
      "/conversational-ai",
      // The offline reply quotes a file's first words: the part only the file's text holds comes later.
      chatForm(chatFields("What is in it?"), [
        textFile(`${"Ordinary opening words. ".repeat(10)}The secret plan is to publish on Tuesdays.`, { name: "plan.txt" }),
      ]),
      { cookie },
    );
    const conversation = carriedHistory(await sent.text());
    const history = JSON.stringify(conversation);
    const shareLink = async (fields: Fields) => {
      const html = await (
        await postMultipart("/conversational-ai?share", chatForm({ ...chatFields(""), history, ...fields }, []), { cookie })
      ).text();
      return /href="(\/shared\/chat\/[A-Za-z0-9_-]+)"/.exec(html)![1]!;
    };

    const namesOnly = visibleText(await (await get(await shareLink({}))).text());
    expect(namesOnly).toContain("plan.txt");
    expect(namesOnly).not.toContain("The secret plan");

    const withText = visibleText(await (await get(await shareLink({ includeFiles: "on" }))).text());
    expect(withText).toContain("Text of plan.txt");
    expect(withText).toContain("The secret plan is to publish on Tuesdays.");

    // Someone else's conversation carrying this file cannot pull its text into their own share.
    const other = await subscribe("pro");
    const stolen = await postMultipart("/conversational-ai?share", chatForm({ ...chatFields(""), history, includeFiles: "on" }, []), {
      cookie: other.cookie,
    });
    expect(stolen.status).toBe(400);
    expect(visibleText(await stolen.text())).toContain("is not yours to send");
  });
});
