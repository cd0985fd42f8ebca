import { describe, expect, test } from "vitest";
import { sentenceCollector } from "~/components/tools/chat/chat-stream";
import { readEvents } from "~/shared/chat-event-lines";
import { chatAssistants, chatTones } from "~/content/chat";
import { chatSystemPrompt } from "~/server/ai/chat-system-prompt.server";
import { chatForm } from "~/forms/chat-form";
import { carriedHistory, historyFieldValue, nextMessageId, readHistoryField } from "~/forms/chat-history";
import { offlineChatPieces, offlineChatReply, streamOfflineChat } from "~/server/ai/offline/chat.server";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const fields = (overrides: Record<string, unknown> = {}) => ({
  message: "Hello",
  assistant: "general",
  tone: "professional",
  history: "[]",
  ...overrides,
});

const entries = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: String(1795000000000 + i), role: i % 2 ? "assistant" : "user", content: `m${i}` }));

describe("chat catalogs", () => {
  test("offer four assistants, each with its own system prompt, and the four tones of the spec", () => {
    expect(chatAssistants.map((assistant) => assistant.name)).toEqual([
      "General Assistant",
      "Content Strategist",
      "Copy Editor",
      "Social Media Coach",
    ]);
    expect(new Set(chatAssistants.map((assistant) => chatSystemPrompt(assistant.id, "professional"))).size).toBe(4);
    expect(chatTones.map((tone) => [tone.id, tone.description])).toEqual([
      ["professional", "Formal and business-like"],
      ["friendly", "Casual and approachable"],
      ["creative", "Imaginative and artistic"],
      ["academic", "Scholarly and detailed"],
    ]);
  });

  test("the system prompt joins the assistant's prompt and the tone's instruction", () => {
    const prompt = chatSystemPrompt("editor", "creative");
    expect(prompt).toContain("copy editor");
    expect(prompt).toContain("creative tone: imaginative and artistic");
  });
});

describe("chat form schema", () => {
  test("trims the message and accepts it up to 4,000 characters", () => {
    expect(chatForm.parse(fields({ message: "  hi  " }))).toMatchObject({ message: "hi", history: [] });
    expect(chatForm.safeParse(fields({ message: "a".repeat(4000) })).success).toBe(true);
  });

  test("refuses a blank, missing or too long message with a clear message", () => {
    expect(firstMessage(chatForm.safeParse(fields({ message: " \n\t " })))).toBe("Please enter a message.");
    expect(firstMessage(chatForm.safeParse(fields({ message: undefined })))).toBe("Please enter a message.");
    expect(firstMessage(chatForm.safeParse(fields({ message: "a".repeat(4001) })))).toBe(
      "The message is too long: the limit is 4,000 characters.",
    );
  });

  test("accepts every assistant and tone of the catalogs and names them when refusing others", () => {
    for (const { id } of chatAssistants) expect(chatForm.safeParse(fields({ assistant: id })).success).toBe(true);
    for (const { id } of chatTones) expect(chatForm.safeParse(fields({ tone: id })).success).toBe(true);
    expect(firstMessage(chatForm.safeParse(fields({ assistant: "oracle" })))).toBe(
      "Unknown assistant. Choose one of: General Assistant, Content Strategist, Copy Editor, Social Media Coach.",
    );
    expect(firstMessage(chatForm.safeParse(fields({ tone: "casual" })))).toBe(
      "Unknown tone. Choose one of: Professional, Friendly, Creative, Academic.",
    );
  });

  test("reads the history, treating a missing or empty field as a new conversation", () => {
    expect(chatForm.parse(fields({ history: undefined })).history).toEqual([]);
    expect(chatForm.parse(fields({ history: "" })).history).toEqual([]);
    expect(chatForm.parse(fields({ history: JSON.stringify(entries(2)) })).history).toEqual(entries(2));
  });

  test("keeps only the last 20 earlier messages", () => {
    const history = chatForm.parse(fields({ history: JSON.stringify(entries(25)) })).history;
    expect(history).toHaveLength(20);
    expect(history[0]?.content).toBe("m5");
    expect(history.at(-1)?.content).toBe("m24");
  });

  test("refuses malformed history: not JSON, not a list, bad role, bad id, too long an entry", () => {
    const bad = [
      "{nope",
      '{"role":"user"}',
      JSON.stringify([{ id: "1", role: "system", content: "x" }]),
      JSON.stringify([{ id: "yesterday", role: "user", content: "x" }]),
      JSON.stringify([{ id: "1", role: "user", content: "x".repeat(4001) }]),
      JSON.stringify([{ id: "1", role: "user" }]),
    ];
    for (const history of bad) {
      expect(firstMessage(chatForm.safeParse(fields({ history }))), history).toMatch(/^The conversation could not be read/);
    }
  });
});

describe("chat history helpers", () => {
  test("message ids are millisecond timestamps, unique even within one millisecond", () => {
    const a = nextMessageId(1795000000000);
    const b = nextMessageId(1795000000000);
    expect(Number(b)).toBe(Number(a) + 1);
    expect(Math.abs(Number(nextMessageId()) - Date.now())).toBeLessThan(1000);
  });

  test("the carried history is the last 20 messages, each cut to 4,000 characters, without empty ones", () => {
    const long = [
      { id: "1", role: "user" as const, content: "" },
      ...Array.from({ length: 21 }, (_, i) => ({ id: String(i + 2), role: "assistant" as const, content: "z".repeat(5000) })),
    ];
    const carried = carriedHistory(long);
    expect(carried).toHaveLength(20);
    expect(carried.every((message) => message.content.length === 4000)).toBe(true);
    // What the page carries always passes the server's schema.
    expect(chatForm.safeParse(fields({ history: historyFieldValue(long) })).success).toBe(true);
  });

  test("a reply carries on the sources the schema takes back, at most 20; a user message carries none", () => {
    const source = (start: number, end: number) => ({ url: "https://example.com/a", title: "A", start, end });
    const messages = [
      { id: "1", role: "user" as const, content: "Q", citations: [source(0, 1)] },
      {
        id: "2",
        role: "assistant" as const,
        content: "y".repeat(4500),
        citations: [
          source(0, 10),
          { ...source(20, 30), title: "t".repeat(400) },
          { ...source(0, 1), url: "ftp://example.com/" },
          source(4000, 4010),
          ...Array.from({ length: 30 }, () => source(5, 6)),
        ],
      },
    ];
    const [question, reply] = carriedHistory(messages);
    expect(question).not.toHaveProperty("citations");
    expect(reply!.citations).toHaveLength(20);
    // A long title is shortened, a source that is not on the web or past the cut is dropped.
    expect(reply!.citations!.slice(0, 3)).toEqual([source(0, 10), { ...source(20, 30), title: "t".repeat(300) }, source(5, 6)]);
    // What the page carries always passes the server's schema, which keeps the sources.
    const parsed = chatForm.safeParse(fields({ history: historyFieldValue(messages) }));
    expect(parsed.success && parsed.data.history[1]!.citations).toHaveLength(20);
  });

  test("reading the field back keeps a reply's well-formed sources and drops malformed ones", () => {
    const history = [
      {
        id: "1",
        role: "assistant",
        content: "A claim.",
        citations: [
          { url: "https://example.com/a", title: "A", start: 0, end: 8 },
          { url: "javascript:alert(1)", title: "B", start: 0, end: 8 },
          { url: "https://example.com/c", title: "C", start: 0, end: 9 },
          { url: "https://example.com/d", title: 4, start: 0, end: 8 },
        ],
      },
    ];
    expect(readHistoryField(JSON.stringify(history))).toEqual([
      { id: "1", role: "assistant", content: "A claim.", citations: [{ url: "https://example.com/a", title: "A", start: 0, end: 8 }] },
    ]);
  });

  test("reading the field back for display drops anything malformed", () => {
    expect(readHistoryField("{nope")).toEqual([]);
    expect(readHistoryField(undefined)).toEqual([]);
    expect(readHistoryField(JSON.stringify([{ id: "1", role: "user", content: "ok" }, { id: 2 }]))).toEqual([
      { id: "1", role: "user", content: "ok" },
    ]);
  });
});

describe("offline chat", () => {
  test("replies with the spec's simulated response and says it is the offline demo", () => {
    expect(offlineChatReply("Hi there")).toBe(
      'This is a simulated response to: "Hi there"\n\n_Offline demo engine: no language model was called._',
    );
  });

  test("streams word by word, deterministically, and the pieces add up to the reply", async () => {
    const pieces: string[] = [];
    for await (const piece of streamOfflineChat("How are you today?", { delayMs: 0 })) pieces.push(piece);
    expect(pieces.join("")).toBe(offlineChatReply("How are you today?"));
    expect(pieces[0]).toBe("This ");
    expect(pieces.length).toBe(offlineChatReply("How are you today?").split(/\s+/).length);
    expect(offlineChatPieces("How are you today?")).toEqual(pieces);
  });

  test("a long message streams in at most 120 bigger pieces", () => {
    const message = "word ".repeat(800).trim();
    const pieces = offlineChatPieces(message);
    expect(pieces.length).toBeLessThanOrEqual(120);
    expect(pieces.join("")).toBe(offlineChatReply(message));
  });

  test("stops when its signal is aborted", async () => {
    const controller = new AbortController();
    const pieces: string[] = [];
    for await (const piece of streamOfflineChat("one two three four five", { delayMs: 0, signal: controller.signal })) {
      pieces.push(piece);
      if (pieces.length === 2) controller.abort();
    }
    expect(pieces).toHaveLength(2);
  });
});

describe("the browser's stream reading", () => {
  test("NDJSON events are read whole however the bytes are split", async () => {
    const text = '{"type":"token","text":"Hé"}\n{"type":"token","text":"llo\\n"}\n{"type":"done","html":"<p>Héllo</p>"}\n';
    const bytes = new TextEncoder().encode(text);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events = [];
    for await (const event of readEvents(body)) events.push(event);
    expect(events).toEqual([
      { type: "token", text: "Hé" },
      { type: "token", text: "llo\n" },
      { type: "done", html: "<p>Héllo</p>" },
    ]);
  });

  test("screen readers get whole sentences, not tokens", () => {
    const announced: string[] = [];
    const collector = sentenceCollector((sentence) => announced.push(sentence));
    for (const token of ["Hel", "lo there", ". How ", "are", " you? I am", " fine"]) collector.push(token);
    expect(announced).toEqual(["Hello there.", "How are you?"]);
    collector.push(" today.\n1. First");
    expect(announced).toEqual(["Hello there.", "How are you?", "I am fine today."]);
    collector.push(" step.\n2. Version 2. Done");
    // Everything completed by one piece is announced together; a list number ends no sentence.
    expect(announced.slice(3)).toEqual(["1. First step.\n2. Version 2."]);
    collector.flush();
    expect(announced.at(-1)).toBe("Done");
  });
});
